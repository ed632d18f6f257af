/**
 * Alert decisions (docs/decisions.md, Alerting): one pure function from (the settings in force, the
 * check's alert state, one event, silence, now) to the next state and the alert to raise, if any.
 * The caller stores the state by compare-and-set in the transaction that records the event, so two
 * instances never raise the same alert twice; nothing here reads a clock or a database.
 *
 * Rules, as decided:
 * - A run is PASS, DEGRADED or FAIL (a parallel run: see `parallelRunOutcome`). ATTEMPT results and
 *   cancelled runs are not events. A heartbeat's FAILING event is a FAIL, its next ping a PASS.
 * - FAILURE after `failedRunThreshold` consecutive failed runs (RUN_BASED) or once the check has been
 *   failing for `minutesFailingThreshold` minutes (TIME_BASED: judged on each run and on each tick, so
 *   a rarely-run check or a silent heartbeat is alerted when the time is up). DEGRADED the same way
 *   over degraded runs. Each condition counts its own consecutive runs.
 * - With an alert out, a change between failing and degraded alerts at once: DEGRADED_FAILURE,
 *   FAILURE_DEGRADED. The first passing run ends the episode: RECOVERY when a failure was alerted in
 *   it, else DEGRADED_RECOVERY.
 * - Reminders (`*_REMAIN`): `reminders.amount` of them, every `reminders.interval` minutes after the
 *   alert, while the condition lasts; ticks raise them.
 * - Silence (a muted check or group, a maintenance window that silences the check) records the alert
 *   but marks it silenced; an episode whose first alert was silenced stays silenced to its recovery,
 *   and a condition that began inside a window is never alerted after the window (no retroactive
 *   alert).
 */

export type RunVerdict = "PASS" | "DEGRADED" | "FAIL";
export type Condition = "PASSING" | "DEGRADED" | "FAILING";
export type Alerted = "NONE" | "DEGRADED" | "FAILURE";

export const ALERT_TYPES = [
  "ALERT_FAILURE",
  "ALERT_FAILURE_REMAIN",
  "ALERT_FAILURE_DEGRADED",
  "ALERT_RECOVERY",
  "ALERT_DEGRADED",
  "ALERT_DEGRADED_REMAIN",
  "ALERT_DEGRADED_FAILURE",
  "ALERT_DEGRADED_RECOVERY",
  /** A note that the check flaps (src/domain/alert-rules/flapping.ts); never raised by decideAlert itself. */
  "ALERT_FLAPPING",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** The settings in force for a check (complete: every part at its value or default). */
export type AlertRules = {
  escalationType: "RUN_BASED" | "TIME_BASED";
  runBasedEscalation?: { failedRunThreshold: number };
  timeBasedEscalation?: { minutesFailingThreshold: number };
  reminders: { amount: number; interval: number };
  parallelRunFailureThreshold: { enabled: boolean; percentage: number };
};

/** What is kept per check between events: its status (condition, since) and its alert episode. */
export type AlertState = {
  condition: Condition;
  /** When the current condition began (the first run that showed it); null before any run. */
  since: Date | null;
  /** Consecutive runs in the current condition. */
  runs: number;
  /** The alert out for the current episode. */
  alerted: Alerted;
  /** Whether a failure was alerted in this episode (decides RECOVERY against DEGRADED_RECOVERY). */
  failureAlerted: boolean;
  /** The episode's first alert was silenced: the rest of it is too. */
  episodeSilenced: boolean;
  /** The current condition began inside a silencing maintenance window. */
  beganInWindow: boolean;
  remindersSent: number;
  nextReminderAt: Date | null;
};

export const INITIAL_ALERT_STATE: AlertState = {
  condition: "PASSING",
  since: null,
  runs: 0,
  alerted: "NONE",
  failureAlerted: false,
  episodeSilenced: false,
  beganInWindow: false,
  remindersSent: 0,
  nextReminderAt: null,
};

export type AlertEvent = { kind: "run"; outcome: RunVerdict; at: Date } | { kind: "tick" };

export type Silence = { muted: boolean; maintenance: boolean };

export type Decision = { state: AlertState; alert: { type: AlertType; silenced: boolean } | null };

const MINUTE = 60_000;
const CONDITION_OF: Record<RunVerdict, Condition> = { PASS: "PASSING", DEGRADED: "DEGRADED", FAIL: "FAILING" };

/** Whether the current condition has lasted long enough to be alerted. */
function thresholdMet(rules: AlertRules, state: AlertState, now: Date): boolean {
  if (rules.escalationType === "TIME_BASED") {
    const minutes = rules.timeBasedEscalation?.minutesFailingThreshold ?? 5;
    return state.since !== null && now.getTime() - state.since.getTime() >= minutes * MINUTE;
  }
  return state.runs >= (rules.runBasedEscalation?.failedRunThreshold ?? 1);
}

/** The state after raising `type`, which puts `alerted` out (reminders start over). */
function raise(
  rules: AlertRules,
  state: AlertState,
  type: AlertType,
  alerted: Alerted,
  silence: Silence,
  now: Date,
): Decision {
  const startsEpisode = state.alerted === "NONE";
  const episodeSilenced = startsEpisode ? silence.muted || silence.maintenance : state.episodeSilenced;
  const next: AlertState = {
    ...state,
    alerted,
    failureAlerted: state.failureAlerted || alerted === "FAILURE",
    episodeSilenced,
    remindersSent: 0,
    nextReminderAt: rules.reminders.amount > 0 ? new Date(now.getTime() + rules.reminders.interval * MINUTE) : null,
  };
  return { state: next, alert: { type, silenced: isSilenced(next, silence) } };
}

function isSilenced(state: AlertState, silence: Silence): boolean {
  return state.episodeSilenced || state.beganInWindow || silence.muted || silence.maintenance;
}

/** A condition that has lasted long enough, with nothing alerted yet: its first alert. */
function escalate(rules: AlertRules, state: AlertState, silence: Silence, now: Date): Decision {
  if (state.alerted !== "NONE" || state.condition === "PASSING" || !thresholdMet(rules, state, now)) {
    return { state, alert: null };
  }
  // No retroactive alert: a condition that began inside a window and outlived it stays unalerted.
  if (state.beganInWindow && !silence.maintenance) return { state, alert: null };
  return state.condition === "FAILING"
    ? raise(rules, state, "ALERT_FAILURE", "FAILURE", silence, now)
    : raise(rules, state, "ALERT_DEGRADED", "DEGRADED", silence, now);
}

function onRun(rules: AlertRules, state: AlertState, outcome: RunVerdict, at: Date, silence: Silence): Decision {
  const condition = CONDITION_OF[outcome];
  const changed = condition !== state.condition || state.since === null;
  const observed: AlertState = changed
    ? { ...state, condition, since: at, runs: 1, beganInWindow: silence.maintenance }
    : { ...state, runs: state.runs + 1 };

  return announceCondition(rules, state, observed, silence, at) ?? escalate(rules, observed, silence, at);
}

/**
 * The alert that tells receivers of the episode's alert that the condition changed, if it did:
 * the first passing run ends the episode (RECOVERY when a failure was alerted, else
 * DEGRADED_RECOVERY), and a change between failing and degraded alerts at once. `before` is the
 * state the alert out was decided in, `observed` the state with the condition now.
 */
function announceCondition(
  rules: AlertRules,
  before: AlertState,
  observed: AlertState,
  silence: Silence,
  now: Date,
): Decision | null {
  if (observed.condition === "PASSING") {
    if (before.alerted === "NONE") return null;
    const ended: AlertState = {
      ...observed,
      alerted: "NONE",
      failureAlerted: false,
      episodeSilenced: false,
      remindersSent: 0,
      nextReminderAt: null,
    };
    const type: AlertType = before.failureAlerted ? "ALERT_RECOVERY" : "ALERT_DEGRADED_RECOVERY";
    return { state: ended, alert: { type, silenced: isSilenced({ ...before, beganInWindow: false }, silence) } };
  }
  if (before.alerted === "DEGRADED" && observed.condition === "FAILING") {
    return raise(rules, observed, "ALERT_DEGRADED_FAILURE", "FAILURE", silence, now);
  }
  if (before.alerted === "FAILURE" && observed.condition === "DEGRADED") {
    return raise(rules, observed, "ALERT_FAILURE_DEGRADED", "DEGRADED", silence, now);
  }
  return null;
}

function onTick(rules: AlertRules, state: AlertState, silence: Silence, now: Date): Decision {
  // A TIME_BASED threshold met; or, once a flapping check settles (its alerts were withheld, see
  // flapping.ts), the condition it settled in: alerted now if nothing announced it yet, ...
  if (state.alerted === "NONE") return escalate(rules, state, silence, now);
  // ... or the change from what the alert out announced (a recovery, a degraded <-> failing change).
  const announced = announceCondition(rules, state, state, silence, now);
  if (announced) return announced;
  if (state.nextReminderAt === null || state.nextReminderAt > now || state.remindersSent >= rules.reminders.amount) {
    return { state, alert: null };
  }
  const remindersSent = state.remindersSent + 1;
  const next: AlertState = {
    ...state,
    remindersSent,
    nextReminderAt:
      remindersSent < rules.reminders.amount
        ? new Date(state.nextReminderAt.getTime() + rules.reminders.interval * MINUTE)
        : null,
  };
  const type = state.alerted === "FAILURE" ? "ALERT_FAILURE_REMAIN" : "ALERT_DEGRADED_REMAIN";
  return { state: next, alert: { type, silenced: isSilenced(state, silence) } };
}

/** The next state and the alert to raise, if any. `now` is the event's time for runs. */
export function decideAlert(
  rules: AlertRules,
  state: AlertState,
  event: AlertEvent,
  silence: Silence,
  now: Date,
): Decision {
  return event.kind === "run"
    ? onRun(rules, state, event.outcome, event.at, silence)
    : onTick(rules, state, silence, now);
}

/** When the engine's sweep should next tick this check (a reminder or a TIME_BASED threshold), or null. */
export function nextAlertDueAt(rules: AlertRules, state: AlertState): Date | null {
  if (state.alerted !== "NONE") {
    return state.remindersSent < rules.reminders.amount ? state.nextReminderAt : null;
  }
  if (rules.escalationType !== "TIME_BASED" || state.condition === "PASSING" || state.since === null) return null;
  const minutes = rules.timeBasedEscalation?.minutesFailingThreshold ?? 5;
  return new Date(state.since.getTime() + minutes * MINUTE);
}

/**
 * One outcome for a run at several locations: FAIL when at least `percentage` of its locations failed
 * (with the threshold enabled; otherwise when any failed), else DEGRADED when any was degraded.
 * ATTEMPT results are not outcomes: pass only each location's FINAL one.
 */
export function parallelRunOutcome(rules: AlertRules, outcomes: readonly RunVerdict[]): RunVerdict {
  const failed = outcomes.filter((outcome) => outcome === "FAIL").length;
  const threshold = rules.parallelRunFailureThreshold;
  const fails = threshold.enabled ? failed * 100 >= threshold.percentage * outcomes.length && failed > 0 : failed > 0;
  if (fails) return "FAIL";
  // Failures below the threshold do not count: the run passed, or was degraded where a location was.
  return outcomes.some((outcome) => outcome === "DEGRADED") ? "DEGRADED" : "PASS";
}

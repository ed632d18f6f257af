import type { AlertState, Decision } from "./decide.js";

/**
 * Flapping (docs/alerting.md): a check whose condition changed more than 5 times in 30 minutes
 * raises one ALERT_FLAPPING note instead of an alert per change, and no other alert until it
 * settles (no change for 30 minutes); then the next alert decides normally. The condition keeps
 * following the runs meanwhile but the alert episode does not take a withheld alert (see
 * `stateAfter`), so the first alert after settling answers the state it settled in from what
 * receivers were last told: a failure is alerted, an alert out is recovered, nothing is repeated.
 */
export const FLAPPING_WINDOW_MS = 30 * 60_000;
export const FLAPPING_CHANGES = 5;

export type FlapState = { recentChanges: Date[]; flapping: boolean };
export const INITIAL_FLAP_STATE: FlapState = { recentChanges: [], flapping: false };

export type FlapDecision = { flap: FlapState; alert: Decision["alert"] };

/**
 * Applies flapping to `decision`: `changed` says whether this event changed the condition (at
 * `now`), `silenced` whether an alert raised now would be silenced (the note is silenced the same way).
 */
export function applyFlapping(
  flap: FlapState,
  decision: Decision,
  { changed, silenced, now }: { changed: boolean; silenced: boolean; now: Date },
): FlapDecision {
  const cutoff = now.getTime() - FLAPPING_WINDOW_MS;
  const recent = [...flap.recentChanges, ...(changed ? [now] : [])]
    .filter((at) => at.getTime() > cutoff)
    // More than FLAPPING_CHANGES + 1 never changes an answer.
    .slice(-(FLAPPING_CHANGES + 1));
  if (flap.flapping) {
    // Settled when no change is left in the window: this event's alert decides normally.
    return recent.length === 0
      ? { flap: { recentChanges: [], flapping: false }, alert: decision.alert }
      : { flap: { recentChanges: recent, flapping: true }, alert: null };
  }
  if (recent.length > FLAPPING_CHANGES) {
    return {
      flap: { recentChanges: recent, flapping: true },
      alert: { type: "ALERT_FLAPPING", silenced: decision.alert?.silenced ?? silenced },
    };
  }
  return { flap: { recentChanges: recent, flapping: false }, alert: decision.alert };
}

/** When a flapping check settles if nothing changes (a tick then lets alerts decide again), else null. */
export function flappingSettlesAt(flap: FlapState): Date | null {
  if (!flap.flapping || flap.recentChanges.length === 0) return null;
  const last = Math.max(...flap.recentChanges.map((at) => at.getTime()));
  return new Date(last + FLAPPING_WINDOW_MS);
}

/**
 * The state to keep after `decision` when flapping let `alert` through or not: the decided state
 * when its alert went out (or there was none), else the decided condition (condition, since, runs)
 * with the episode as it was before (`before`): a withheld FAILURE is not "out", and a withheld
 * RECOVERY does not end the episode its receivers still see.
 */
export function stateAfter(before: AlertState, decision: Decision, alert: FlapDecision["alert"]): AlertState {
  if (decision.alert === null || alert === decision.alert) return decision.state;
  return {
    ...decision.state,
    alerted: before.alerted,
    failureAlerted: before.failureAlerted,
    episodeSilenced: before.episodeSilenced,
    remindersSent: before.remindersSent,
    nextReminderAt: before.nextReminderAt,
  };
}

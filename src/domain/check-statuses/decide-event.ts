import { type AlertEvent, type Condition, decideAlert, nextAlertDueAt } from "../alert-rules/decide.js";
import { applyFlapping, type FlapDecision, flappingSettlesAt, stateAfter } from "../alert-rules/flapping.js";
import { runNeedsSettings } from "../alert-rules/in-force.js";
import type { AlertContext } from "./alert-context.js";
import { type CheckStatusRow, toAlertState, toFlapState, toStatusData } from "./rows.js";

/** An event that counts for the alert decision: a run with its outcome, or a tick of the sweep. */
export type DecidedEvent = AlertEvent;

const UNUSED_RULES = {
  escalationType: "RUN_BASED",
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
} as const;

/** What deciding an event for a status row gives: the columns to store and what to announce. */
export type EventDecision = {
  /** The decided columns (state, dueAt, flapping; incidentId null when an alert resolves it). */
  data: ReturnType<typeof toStatusData> & { incidentId?: null };
  /** The new condition when it changed. */
  changed: Condition | null;
  alert: FlapDecision["alert"];
  /** The reminder's number for a `*_REMAIN` alert, else 0. */
  reminder: number;
  /** The alert resolves the incident the status holds. */
  resolves: boolean;
};

/** Whether deciding `event` needs the check's settings and silence (AlertContext). */
export function needsContext(row: CheckStatusRow, event: DecidedEvent): boolean {
  return event.kind === "tick" || runNeedsSettings(toAlertState(row), event.outcome) || row.flapping;
}

/**
 * The alert decision of one event for a status row, in memory: decideAlert, flapping, and when the
 * sweep must next look at the check. `ctx` is null only when needsContext said it is not needed.
 */
export function decideEvent(row: CheckStatusRow, event: DecidedEvent, ctx: AlertContext | null, now: Date) {
  const state = toAlertState(row);
  const silence = ctx?.silence ?? { muted: false, maintenance: false };
  const decision = decideAlert(ctx?.rules ?? UNUSED_RULES, state, event, silence, now);
  const changed = decision.state.condition !== state.condition;
  const flapped = applyFlapping(toFlapState(row), decision, {
    changed,
    silenced: silence.muted || silence.maintenance || decision.state.episodeSilenced,
    now: event.kind === "run" ? event.at : now,
  });
  // An alert flapping withheld leaves the episode as receivers last heard of it.
  const kept = stateAfter(state, decision, flapped.alert);
  const next = ctx ? earliest(nextAlertDueAt(ctx.rules, kept), flappingSettlesAt(flapped.flap)) : row.dueAt;
  // A tick that leaves the check due (a threshold met that may not alert: no retroactive alert)
  // is not repeated: the next run decides again.
  const dueAt = event.kind === "tick" && next && next <= now ? null : next;
  const alert = flapped.alert;
  const resolves = alert?.type === "ALERT_RECOVERY" || alert?.type === "ALERT_DEGRADED_RECOVERY";
  const data = {
    ...toStatusData(kept, flapped.flap, dueAt),
    ...(resolves && row.incidentId ? { incidentId: null } : {}),
  };
  return {
    data,
    changed: changed ? decision.state.condition : null,
    alert,
    reminder: alert?.type.endsWith("_REMAIN") ? decision.state.remindersSent : 0,
    resolves,
  } satisfies EventDecision as EventDecision;
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a < b ? a : b;
}

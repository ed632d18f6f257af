import type { CheckStatus } from "../../generated/sqlite/client.js";
import type { AlertState, Alerted, Condition } from "../alert-rules/decide.js";
import type { FlapState } from "../alert-rules/flapping.js";

/** A stored CheckStatus row (adapters import this, never src/generated). */
export type CheckStatusRow = CheckStatus;

/** The alert state decideAlert works on, from the row. */
export function toAlertState(row: CheckStatusRow): AlertState {
  return {
    condition: row.condition as Condition,
    since: row.since,
    runs: row.runs,
    alerted: row.alerted as Alerted,
    failureAlerted: row.failureAlerted,
    episodeSilenced: row.episodeSilenced,
    beganInWindow: row.beganInWindow,
    remindersSent: row.remindersSent,
    nextReminderAt: row.nextReminderAt,
  };
}

export function toFlapState(row: CheckStatusRow): FlapState {
  const times = Array.isArray(row.recentChanges) ? row.recentChanges : [];
  return {
    recentChanges: times.filter((t): t is string => typeof t === "string").map((t) => new Date(t)),
    flapping: row.flapping,
  };
}

/** The columns of a decided state (the row's alert episode, status and flapping). */
export function toStatusData(state: AlertState, flap: FlapState, dueAt: Date | null) {
  return {
    ...state,
    dueAt,
    recentChanges: flap.recentChanges.map((at) => at.toISOString()),
    flapping: flap.flapping,
  };
}

/** What a recorded run shows on the status (the last run's facts). */
export type RunFacts = {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  longestRun: number | null;
  shortestRun: number | null;
  lastRunLocation: string | null;
  lastCheckRunId: number | null;
  lastResultId: string | null;
  lastRunAt: Date;
};

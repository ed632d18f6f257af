import { TIME_UNITS } from "../shared/schemas.js";

/**
 * The heartbeat state machine as pure functions: pings (src/domain/heartbeats/record-ping.ts) and
 * the engine's FAILING writer share them, so both judge a ping against the same deadlines.
 */
export const HEARTBEAT_STATES = ["EARLY", "RECEIVED", "GRACE", "LATE", "FAILING"] as const;
export type HeartbeatState = (typeof HEARTBEAT_STATES)[number];

/** The units of a check's heartbeat config (validated where checks are written). */
type HeartbeatUnit = (typeof TIME_UNITS)[number];
const UNIT_MS: Record<HeartbeatUnit, number> = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** A check's heartbeat config in milliseconds. `minimumMs` is null unless a minimum is configured. */
export type HeartbeatTiming = { periodMs: number; graceMs: number; minimumMs: number | null };

function duration(amount: unknown, unit: unknown): number | null {
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0) return null;
  if (typeof unit !== "string" || !(TIME_UNITS as readonly string[]).includes(unit)) return null;
  return amount * UNIT_MS[unit as HeartbeatUnit];
}

/**
 * Reads the stored `heartbeat` JSON of a check: `{period, periodUnit, grace, graceUnit}` and,
 * optionally, `{minimum, minimumUnit}` (the earliest expected ping; enables EARLY).
 * Null when the stored value is not a usable config (then no ping can be judged late).
 */
export function heartbeatTiming(config: unknown): HeartbeatTiming | null {
  if (typeof config !== "object" || config === null) return null;
  const c = config as Record<string, unknown>;
  const periodMs = duration(c.period, c.periodUnit);
  const graceMs = duration(c.grace, c.graceUnit);
  if (periodMs === null || graceMs === null) return null;
  const minimumMs = c.minimum === undefined || c.minimum === null ? null : duration(c.minimum, c.minimumUnit);
  return { periodMs, graceMs, minimumMs: minimumMs || null };
}

/** The moments that matter after a ping at `lastPingAt`; after `graceEndsAt` the check is overdue. */
export function heartbeatDeadlines(timing: HeartbeatTiming, lastPingAt: Date) {
  const at = lastPingAt.getTime();
  return {
    earliestAt: timing.minimumMs === null ? null : new Date(at + timing.minimumMs),
    periodEndsAt: new Date(at + timing.periodMs),
    graceEndsAt: new Date(at + timing.periodMs + timing.graceMs),
  };
}

export type PreviousEvent = { state: string; timestamp: Date } | null;

/**
 * The state of a ping received at `at`, given the check's latest event before it.
 * - no earlier event: RECEIVED (the timer starts at the first ping);
 * - the latest event is FAILING: RECEIVED (the check recovers and the timer restarts);
 * - otherwise, measured from the previous ping: before the minimum EARLY; up to the end of the
 *   period (inclusive) RECEIVED; up to the end of the grace time (inclusive) GRACE; later LATE
 *   (the service has not written FAILING yet, or the ping would follow a FAILING event).
 */
export function pingState({
  timing,
  previous,
  at,
}: {
  timing: HeartbeatTiming | null;
  previous: PreviousEvent;
  at: Date;
}): HeartbeatState {
  if (!previous || previous.state === "FAILING" || !timing) return "RECEIVED";
  const deadlines = heartbeatDeadlines(timing, previous.timestamp);
  const now = at.getTime();
  if (deadlines.earliestAt && now < deadlines.earliestAt.getTime()) return "EARLY";
  if (now <= deadlines.periodEndsAt.getTime()) return "RECEIVED";
  if (now <= deadlines.graceEndsAt.getTime()) return "GRACE";
  return "LATE";
}

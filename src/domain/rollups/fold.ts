import { RollupAnalytics } from "./analytics.js";
import { Sketch } from "./sketch.js";

/** What a rollup needs of a result. */
export type RollupInput = {
  accountId: string;
  checkId: string;
  runLocation: string;
  resultType: string;
  isCancelled: boolean;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean | null;
  startedAt: Date;
  responseTime: number;
  /** Tries before the final one, and the timing phases (analytics, on hourly rows). */
  attempts?: number;
  apiCheckResult?: unknown;
};

/** One bucket's additions: the counters and extremes of the results that fall in it, and their sketch. */
export type RollupDelta = {
  accountId: string;
  checkId: string;
  location: string;
  hours: 1 | 24;
  startHour: number;
  runs: number;
  failed: number;
  degraded: number;
  errors: number;
  responseTimeSum: number;
  responseTimeMin: number;
  responseTimeMax: number;
  sketch: Sketch;
  /** Hourly rows only (null on daily ones): analytics read hours. */
  analytics: RollupAnalytics | null;
};

export const HOUR_MS = 3_600_000;

/** A run counts once: its FINAL result, unless it was cancelled (ATTEMPT results are tries of it). */
export function counts(r: RollupInput): boolean {
  return r.resultType === "FINAL" && !r.isCancelled;
}

export function hourOf(date: Date): number {
  return Math.floor(date.getTime() / HOUR_MS);
}

/**
 * Folds results into one delta per (check, span, bucket, location), the hour and the UTC day of
 * each, sorted by key: the writer locks rows in that order, so two writers never wait on each other
 * in a cycle.
 */
export function foldRollups(results: readonly RollupInput[]): RollupDelta[] {
  const deltas = new Map<string, RollupDelta>();
  for (const r of results) {
    if (!counts(r)) continue;
    const hour = hourOf(r.startedAt);
    for (const [hours, startHour] of [
      [1, hour],
      [24, hour - (hour % 24)],
    ] as const) {
      const key = `${r.checkId}\u0000${hours}\u0000${startHour}\u0000${r.runLocation}`;
      let d = deltas.get(key);
      if (!d) {
        d = {
          accountId: r.accountId,
          checkId: r.checkId,
          location: r.runLocation,
          hours,
          startHour,
          runs: 0,
          failed: 0,
          degraded: 0,
          errors: 0,
          responseTimeSum: 0,
          responseTimeMin: r.responseTime,
          responseTimeMax: r.responseTime,
          sketch: new Sketch(),
          analytics: hours === 1 ? new RollupAnalytics() : null,
        };
        deltas.set(key, d);
      }
      const failed = r.hasFailures || r.hasErrors;
      d.runs += 1;
      if (failed) d.failed += 1;
      else if (r.isDegraded) d.degraded += 1;
      if (r.hasErrors) d.errors += 1;
      d.responseTimeSum += r.responseTime;
      d.responseTimeMin = Math.min(d.responseTimeMin, r.responseTime);
      d.responseTimeMax = Math.max(d.responseTimeMax, r.responseTime);
      d.sketch.add(r.responseTime);
      d.analytics?.add(r);
    }
  }
  return [...deltas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
}

/**
 * A heartbeat event as a rollup run (location "heartbeat", no response time): a FAILING event is a
 * failed run, any other a passing one, so availability over any range (reporting, runStats) reads
 * the same aggregates as checks that run, long after the events themselves are deleted.
 */
export function heartbeatRollupInput(event: {
  accountId: string;
  checkId: string;
  state: string;
  timestamp: Date;
}): RollupInput {
  return {
    accountId: event.accountId,
    checkId: event.checkId,
    runLocation: "heartbeat",
    resultType: "FINAL",
    isCancelled: false,
    hasFailures: event.state === "FAILING",
    hasErrors: false,
    isDegraded: false,
    startedAt: event.timestamp,
    responseTime: 0,
  };
}

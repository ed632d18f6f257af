import type { DomainContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";
import { queryTime, querySchema } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { findPrivateLocation } from "./get.js";

/** GET /v1/private-locations/{id}/metrics: both bounds required (reference), `from` within 15 days. */
export const PrivateLocationMetricsQuery = querySchema({
  from: queryTime.describe("Start of the window (UNIX seconds or ISO 8601), less than 15 days ago"),
  to: queryTime.describe("End of the window (UNIX seconds or ISO 8601); a time to come counts as now"),
});
const MAX_AGE_MS = 15 * 24 * 3600_000;

/** One point per bucket; a bucket's width grows with the window, so a 15-day window has 360 points. */
export function bucketMs(spanMs: number): number {
  if (spanMs <= 6 * 3600_000) return 60_000;
  if (spanMs <= 3 * 24 * 3600_000) return 600_000;
  return 3600_000;
}

export type PrivateLocationMetrics = { timestamps: Date[]; queueSize: number[]; oldestScheduledCheckRun: number[] };
/** A run waits in its location's queue from when it is due until an agent claims it (or it is dropped or cancelled). */
type Wait = { start: number; end: number };

/**
 * A private location's queue over a window, from its runs (kept as long as results,
 * RESULT_RETENTION_DAYS): per bucket the most runs waiting at once (`queueSize`) and the age in
 * seconds of the oldest waiting run (`oldestScheduledCheckRun`), both the bucket's maximum, as the
 * reference's exporter reports them. Another account's location is a 404.
 */
export async function privateLocationMetrics({
  ctx,
  id,
  query,
}: {
  ctx: DomainContext;
  id: unknown;
  query: unknown;
}): Promise<PrivateLocationMetrics> {
  const location = await findPrivateLocation({ ctx, id });
  const window = parseInput(PrivateLocationMetricsQuery, query, "query");
  const now = ctx.now().getTime();
  const from = window.from.getTime();
  const to = Math.min(window.to.getTime(), now);
  if (from < now - MAX_AGE_MS) throw new ValidationError("from: must be less than 15 days ago", ["from"], "query");
  if (from >= to) throw new ValidationError("to: must be after from (and from in the past)", ["to"], "query");
  const [start, end] = [new Date(from), new Date(to)];
  const rows = await ctx.db.checkRun.findMany({
    where: {
      accountId: ctx.accountId,
      privateLocationId: location.id,
      status: { not: "PENDING" },
      dueAt: { lt: end },
      OR: [
        { claimedAt: { gt: start } },
        { claimedAt: null, OR: [{ finishedAt: null }, { finishedAt: { gt: start } }] },
      ],
    },
    select: { dueAt: true, claimedAt: true, finishedAt: true },
  });
  const waits = rows.map((r) => ({
    start: r.dueAt.getTime(),
    end: (r.claimedAt ?? r.finishedAt)?.getTime() ?? Number.POSITIVE_INFINITY,
  }));
  return series(waits, from, to, bucketMs(to - from));
}

/** A sweep over the waits' starts and ends: O(n log n + buckets). */
export function series(waits: Wait[], from: number, to: number, step: number): PrivateLocationMetrics {
  const live = waits.filter((w) => w.end > w.start).sort((a, b) => a.start - b.start);
  const ends = [...live].sort((a, b) => a.end - b.end);
  const left = new Set<Wait>();
  const out: PrivateLocationMetrics = { timestamps: [], queueSize: [], oldestScheduledCheckRun: [] };
  let [started, ended, oldest] = [0, 0, 0];
  const waiting = () => started - ended;
  /** Applies every start and end up to `until` (ends first at a tie: [start, end) intervals); calls `seen` after each. */
  const advance = (until: number, inclusive: boolean, seen: (endOf?: Wait) => void) => {
    const within = (t: number) => (inclusive ? t <= until : t < until);
    while (true) {
      const nextEnd = ends[ended];
      const nextStart = live[started];
      if (nextEnd && within(nextEnd.end) && (!nextStart || nextEnd.end <= nextStart.start)) {
        ended++;
        left.add(nextEnd);
        seen(nextEnd);
      } else if (nextStart && within(nextStart.start)) {
        started++;
        seen();
      } else return;
    }
  };
  for (let b = from; b < to; b += step) {
    const e = Math.min(b + step, to);
    advance(b, true, () => {});
    let size = waiting();
    let age = 0;
    advance(e, false, (endOf) => {
      size = Math.max(size, waiting());
      if (endOf && endOf.end > b) age = Math.max(age, endOf.end - endOf.start);
    });
    // The oldest run still waiting at the bucket's end: skip those that left.
    while (oldest < started && left.has(live[oldest]!)) oldest++;
    if (oldest < started) age = Math.max(age, e - live[oldest]!.start);
    out.timestamps.push(new Date(b));
    out.queueSize.push(size);
    out.oldestScheduledCheckRun.push(Math.round(age / 1000));
  }
  return out;
}

import type { DomainContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";
import { type Aggregate, aggregateRollups, HOUR_MS, type Span } from "../rollups/index.js";
import { MAX_WINDOW_DAYS } from "./schemas.js";

export const SERIES_INTERVALS = ["HOUR", "DAY"] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];
/** The most points one series answers (a year of days, a month of hours). */
export const MAX_SERIES_POINTS = 1_000;

/** What a chart shows of a window: counts, success ratio and response times (ms; percentiles within 1%). */
export type StatsView = {
  runs: number;
  failed: number;
  degraded: number;
  successRatio: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
};
export type SeriesPointView = StatsView & { from: Date; to: Date };

/** The percentiles a chart shows, ascending. */
const SHOWN = [0.5, 0.95, 0.99] as const;

export function toStatsView(a: Aggregate | undefined): StatsView {
  if (!a || a.runs === 0)
    return {
      runs: 0,
      failed: 0,
      degraded: 0,
      successRatio: 0,
      avg: null,
      min: null,
      max: null,
      p50: null,
      p95: null,
      p99: null,
    };
  // One decoding of the sketch for the three (a 90-day daily series decoded 273 sketches, not 91).
  const [p50, p95, p99] = a.percentiles(SHOWN) as [number, number, number];
  return {
    runs: a.runs,
    failed: a.failed,
    degraded: a.degraded,
    successRatio: a.successRatio,
    avg: a.avg,
    min: a.responseTimeMin,
    max: a.responseTimeMax,
    p50,
    p95,
    p99,
  };
}

function checkWindow(from: Date, to: Date) {
  if (to.getTime() <= from.getTime()) throw new ValidationError("to: must be after from", ["to"]);
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * 86_400_000)
    throw new ValidationError(`from: the window may span at most ${MAX_WINDOW_DAYS} days`, ["from"]);
}

/** Stats of many checks of the account over one window, in the ids' order: one statement. */
export async function statsOfChecks({
  ctx,
  checkIds,
  from,
  to,
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
  from: Date;
  to: Date;
}): Promise<StatsView[]> {
  checkWindow(from, to);
  const spans = [{ from: from.getTime(), to: to.getTime() }];
  const byCheck = await aggregateRollups({ db: ctx.db, accountId: ctx.accountId, checkIds, spans });
  return checkIds.map((id) => toStatsView(byCheck.get(id)?.[0]));
}

/** The UTC hours or days of [from, to), clamped to it. */
export function seriesSpans(from: Date, to: Date, interval: SeriesInterval): Span[] {
  checkWindow(from, to);
  const size = interval === "HOUR" ? HOUR_MS : 24 * HOUR_MS;
  const first = Math.floor(from.getTime() / size) * size;
  if ((to.getTime() - first) / size > MAX_SERIES_POINTS)
    throw new ValidationError(`interval: the window holds more than ${MAX_SERIES_POINTS} points`, ["interval"]);
  const spans: Span[] = [];
  for (let start = first; start < to.getTime(); start += size)
    spans.push({ from: Math.max(start, from.getTime()), to: Math.min(start + size, to.getTime()) });
  return spans;
}

/** Each check's series (one point per hour or UTC day, runs 0 where none), in the ids' order: one statement. */
export async function seriesOfChecks({
  ctx,
  checkIds,
  from,
  to,
  interval,
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
  from: Date;
  to: Date;
  interval: SeriesInterval;
}): Promise<SeriesPointView[][]> {
  const spans = seriesSpans(from, to, interval);
  const byCheck = await aggregateRollups({ db: ctx.db, accountId: ctx.accountId, checkIds, spans });
  return checkIds.map((id) => {
    const mine = byCheck.get(id);
    return spans.map((span, i) => ({ ...toStatsView(mine?.[i]), from: new Date(span.from), to: new Date(span.to) }));
  });
}

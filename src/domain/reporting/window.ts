import { ValidationError } from "../shared/errors.js";
import { addUnits, buckets, startOf } from "./calendar.js";
import { MAX_BUCKETS, MAX_WINDOW_DAYS, type ReportingQuery } from "./schemas.js";

const DAY_MS = 86_400_000;

/** A preset's window at `now`, in the zone: rolling ones end now, the previous week and month are whole. */
export function quickRangeWindow(range: ReportingQuery["quickRange"], now: number, timeZone: string) {
  switch (range) {
    case "last24Hrs":
      return { from: now - DAY_MS, to: now };
    case "last7Days":
      return { from: now - 7 * DAY_MS, to: now };
    case "last30Days":
      return { from: now - 30 * DAY_MS, to: now };
    case "thisWeek":
      return { from: startOf(now, "week", timeZone), to: now };
    case "thisMonth":
      return { from: startOf(now, "month", timeZone), to: now };
    case "lastWeek": {
      const to = startOf(now, "week", timeZone);
      return { from: addUnits(to, "week", -1, timeZone), to };
    }
    case "lastMonth": {
      const to = startOf(now, "month", timeZone);
      return { from: addUnits(to, "month", -1, timeZone), to };
    }
  }
}

/**
 * A preset's window, or a custom one: a custom `from` or `to` overrides the preset (`from` alone
 * ends now, `to` alone starts 24 hours before it); at most MAX_WINDOW_DAYS (reporting, analytics).
 */
export function windowOf(
  q: { quickRange: ReportingQuery["quickRange"]; from?: Date | undefined; to?: Date | undefined },
  now: number,
  timeZone: string,
) {
  let { from, to } = quickRangeWindow(q.quickRange, now, timeZone);
  if (q.from || q.to) {
    to = q.to?.getTime() ?? now;
    from = q.from?.getTime() ?? to - DAY_MS;
  }
  if (to <= from) throw new ValidationError("to: must be after from", ["to"], "query");
  if (to - from > MAX_WINDOW_DAYS * DAY_MS)
    throw new ValidationError(`from: the window may span at most ${MAX_WINDOW_DAYS} days`, ["from"], "query");
  return { from, to };
}

/** The report's window (windowOf) and its spans (one, or the calendar buckets of `granularity`). */
export function reportSpans(q: ReportingQuery, now: number) {
  const { from, to } = windowOf(q, now, q.timezone);
  const spans = q.granularity ? buckets(from, to, q.granularity, q.timezone) : [{ from, to }];
  if (spans.length > MAX_BUCKETS)
    throw new ValidationError(
      `granularity: the window holds more than ${MAX_BUCKETS} ${q.granularity} buckets`,
      ["granularity"],
      "query",
    );
  return { from, to, spans };
}

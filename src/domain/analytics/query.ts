import { z } from "zod";
import { ValidationError } from "../errors.js";
import { quickRangeWindow } from "../reporting/window.js";
import { PageQuery, queryInt, queryList, querySchema, queryTime } from "../shared/schemas.js";
import { parseInput } from "../validation.js";
import { type ApiCheckMetric, parseMetrics } from "./metrics.js";

const QUICK_RANGES = [
  "last24Hours",
  "last7Days",
  "last30Days",
  "thisWeek",
  "thisMonth",
  "lastWeek",
  "lastMonth",
] as const;
const STATUSES = ["success", "failure"] as const;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The longest window (the rollups' retention) and the most buckets one answer holds. */
export const MAX_WINDOW_DAYS = 400;
export const MAX_BUCKETS = 10_000;

/** GET /v1/analytics/api-checks/{id}'s query, as the reference's parameters. */
export const ApiCheckAnalyticsQuery = querySchema({
  from: queryTime.optional().describe('Start of a custom window (UNIX seconds or ISO 8601); overrides "quickRange".'),
  to: queryTime.optional().describe('End of a custom window (UNIX seconds or ISO 8601); overrides "quickRange".'),
  quickRange: z
    .enum(QUICK_RANGES)
    .default("last24Hours")
    .describe("A preset window (rolling ones end now; the calendar ones are in UTC)."),
  aggregationInterval: queryInt(1, 43_200)
    .optional()
    .describe(
      "Bucket width in minutes, buckets aligned on multiples of it since 1970-01-01T00:00Z (clipped to the window). Omitted: one aggregate over the whole window.",
    ),
  filterByStatus: queryList
    .optional()
    .describe("Only passing (success) or failing (failure) results; comma separated or repeated."),
  groupBy: z.enum(["runLocation", "statusCode"]).optional().describe("One series per run location or status code."),
  metrics: queryList.describe(
    "Comma separated or repeated: aggregated metrics (responseTime_p95, availability...) give buckets, per-result ones (responseTime, dns...) give each result, paginated by page and limit.",
  ),
  ...PageQuery,
});

export type AnalyticsRequest = {
  metrics: ApiCheckMetric[];
  aggregated: boolean;
  from: number;
  to: number;
  /** Bucket width in ms; null: one bucket over the window. */
  interval: number | null;
  statuses: Set<"success" | "failure">;
  groupBy: "runLocation" | "statusCode" | null;
  page: number;
  limit: number;
};

/** The query's window, buckets and metrics; a custom `from` or `to` overrides the preset (`from` alone ends now). */
export function parseAnalyticsQuery(query: unknown, now: number): AnalyticsRequest {
  const q = parseInput(ApiCheckAnalyticsQuery, query, "query");
  const metrics = parseMetrics(q.metrics);
  const statuses = q.filterByStatus?.flatMap((s) => s.split(",")) ?? [];
  const bad = statuses.find((s) => !(STATUSES as readonly string[]).includes(s));
  if (bad !== undefined)
    throw new ValidationError(
      `filterByStatus: must be success or failure, not ${JSON.stringify(bad)}`,
      ["filterByStatus"],
      "query",
    );
  let { from, to } = quickRangeWindow(q.quickRange === "last24Hours" ? "last24Hrs" : q.quickRange, now, "UTC");
  if (q.from || q.to) {
    to = q.to?.getTime() ?? now;
    from = q.from?.getTime() ?? to - DAY_MS;
  }
  if (to <= from) throw new ValidationError("to: must be after from", ["to"], "query");
  if (to - from > MAX_WINDOW_DAYS * DAY_MS)
    throw new ValidationError(`from: the window may span at most ${MAX_WINDOW_DAYS} days`, ["from"], "query");
  const interval = q.aggregationInterval === undefined ? null : q.aggregationInterval * MINUTE_MS;
  if (interval !== null && Math.ceil(to / interval) - Math.floor(from / interval) > MAX_BUCKETS)
    throw new ValidationError(
      `aggregationInterval: the window holds more than ${MAX_BUCKETS} buckets of ${q.aggregationInterval} minutes`,
      ["aggregationInterval"],
      "query",
    );
  const aggregated = metrics.some((m) => m === "availability" || m === "retries" || m.includes("_"));
  return {
    metrics,
    aggregated,
    from,
    to,
    interval,
    statuses: new Set(statuses as ("success" | "failure")[]),
    groupBy: q.groupBy ?? null,
    page: q.page,
    limit: q.limit,
  };
}

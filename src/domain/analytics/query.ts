import { z } from "zod";
import { ValidationError } from "../shared/errors.js";
import { CustomWindowQuery, QUICK_RANGES as REPORTING_RANGES } from "../reporting/schemas.js";
import { windowOf } from "../reporting/window.js";
import { PageQuery, queryInt, queryList, querySchema } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { type ApiCheckMetric, parseMetrics } from "./metrics.js";

// The reference names reporting's last24Hrs last24Hours here; the other presets are the same.
const [, ...PRESETS] = REPORTING_RANGES;
const QUICK_RANGES = ["last24Hours", ...PRESETS] as const;
const STATUSES = ["success", "failure"] as const;
const MINUTE_MS = 60_000;
/** The most buckets one answer holds (the window: at most reporting's MAX_WINDOW_DAYS, the rollups' retention). */
export const MAX_BUCKETS = 10_000;

/** GET /v1/analytics/api-checks/{id}'s query, as the reference's parameters. */
export const ApiCheckAnalyticsQuery = querySchema({
  ...CustomWindowQuery,
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
  const { from, to } = windowOf(
    { ...q, quickRange: q.quickRange === "last24Hours" ? "last24Hrs" : q.quickRange },
    now,
    "UTC",
  );
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

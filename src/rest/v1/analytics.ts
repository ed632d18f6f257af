import { z } from "zod";
import {
  AGGREGATIONS,
  ANALYTICS_CHECK_TYPES,
  AnalyticsMetricsQuery,
  API_CHECK_METRICS,
  ApiCheckAnalyticsQuery,
  getApiCheckAnalytics,
  listAnalyticsMetrics,
} from "../../domain/analytics/index.js";
import { iso, isoString } from "../format.js";
import { type Route, uuidParam } from "../route.js";

const Unit = z.enum(["milliseconds", "score", "count", "percentage"]);
const MetricMetadata = z.object({ unit: Unit, label: z.string(), aggregation: z.enum(AGGREGATIONS).optional() });
const SeriesRow = z
  .record(z.string(), z.union([z.number(), z.string(), z.null()]))
  .describe(
    "A bucket (`timestamp`: its start, and each aggregated metric asked) or a result (`checkResultId`, `startedAt`, `runLocation` and each per-result metric asked); null where nothing was measured.",
  );

/** The reference's AnalyticsApiCheckResponse. */
const AnalyticsApiCheckResponse = z.object({
  checkId: z.string(),
  name: z.string(),
  checkType: z.enum(ANALYTICS_CHECK_TYPES),
  activated: z.boolean(),
  muted: z.boolean(),
  frequency: z.number(),
  from: isoString,
  to: isoString,
  tags: z.array(z.string()),
  series: z.array(
    z.object({
      data: z.union([z.array(SeriesRow), SeriesRow]).describe("Rows, or one row without aggregationInterval."),
      runLocation: z.string().optional().describe("With groupBy=runLocation."),
      statusCode: z.number().nullable().optional().describe("With groupBy=statusCode (null: no response)."),
    }),
  ),
  pagination: z.object({ page: z.number(), limit: z.number() }),
  metadata: z.object(Object.fromEntries(API_CHECK_METRICS.map((m) => [m, MetricMetadata.optional()]))),
});

/** The reference's AnalyticsMetricDescriptor. */
const AnalyticsMetricDescriptor = z.object({
  name: z.string(),
  unit: Unit,
  label: z.string(),
  type: z.enum(["Array", "Int", "Integer", "Float", "String"]),
  aggregated: z.boolean(),
});

export const analyticsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/analytics/api-checks/{id}",
    operationId: "getV1AnalyticsApichecksId",
    summary: "API checks",
    description:
      "An API check's availability, retries and response-time and timing-phase figures (avg, min, max, sum, stddev, median and p50 to p99 within 1%) over a preset or custom window, per bucket of `aggregationInterval` minutes or over the whole window; or, for per-result metrics, each result (paginated). Whole hours come from hourly rollups (kept 400 days), partial hours, buckets under an hour, `filterByStatus` and `groupBy=statusCode` from raw results (kept RESULT_RETENTION_DAYS). Another account's check, or one of another type, is a 404.",
    tag: "Analytics",
    params: { id: uuidParam("The id of the API check") },
    query: ApiCheckAnalyticsQuery,
    status: 200,
    response: AnalyticsApiCheckResponse,
    handler: async ({ ctx, params, query }) => {
      const view = await getApiCheckAnalytics({ ctx, id: params.id, query });
      return { ...view, from: iso(view.from), to: iso(view.to) };
    },
  },
  {
    method: "GET",
    path: "/v1/analytics/metrics",
    operationId: "getV1AnalyticsMetrics",
    summary: "List all available reporting metrics.",
    description: "The metrics analytics answer for a check type, with their unit, label and JSON type.",
    tag: "Analytics",
    query: AnalyticsMetricsQuery,
    status: 200,
    response: z.array(AnalyticsMetricDescriptor),
    handler: async ({ query }) => listAnalyticsMetrics({ query }),
  },
];

import { z } from "zod";
import { ValidationError } from "../shared/errors.js";
import { PHASES } from "../rollups/analytics.js";
import { CHECK_TYPES, querySchema } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";

/** The measures of an API check; alone (`dns`) they ask for each result's value, not an aggregate. */
export const MEASURES = ["responseTime", ...PHASES] as const;
export type Measure = (typeof MEASURES)[number];
export const AGGREGATIONS = ["avg", "max", "median", "min", "p50", "p90", "p95", "p99", "stddev", "sum"] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** The reference's metrics of API checks, in its order. */
export const API_CHECK_METRICS = [
  ...MEASURES,
  "availability",
  "retries",
  ...MEASURES.flatMap((m) => AGGREGATIONS.map((a) => `${m}_${a}` as const)),
] as const;
export type ApiCheckMetric = (typeof API_CHECK_METRICS)[number];

/** The reference's check types (GET /v1/analytics/metrics's checkType): ours and those Vigil does not run. */
type AnalyticsCheckType = (typeof CHECK_TYPES)[number] | "TRACEROUTE" | "SSL" | "GRPC";
export const ANALYTICS_CHECK_TYPES = [
  ...new Set<AnalyticsCheckType>([...CHECK_TYPES, "TRACEROUTE", "SSL", "GRPC"]),
] as [AnalyticsCheckType, ...AnalyticsCheckType[]];

const LABELS: Record<Measure, string> = {
  responseTime: "Response time",
  wait: "Wait",
  dns: "DNS",
  tcp: "TCP",
  firstByte: "First byte",
  download: "Download",
};

export type MetricUnit = "milliseconds" | "score" | "count" | "percentage";
/** A metric's meaning: a measure alone, a measure's aggregation, or availability and retries. */
export type MetricInfo = {
  name: string;
  unit: MetricUnit;
  label: string;
  aggregated: boolean;
  aggregation?: Aggregation;
};

export function metricInfo(name: ApiCheckMetric): MetricInfo {
  if (name === "availability")
    return { name, unit: "percentage", label: "Availability", aggregated: true, aggregation: "avg" };
  if (name === "retries") return { name, unit: "count", label: "Retries", aggregated: true, aggregation: "sum" };
  const [measure, aggregation] = name.split("_") as [Measure, Aggregation | undefined];
  if (!aggregation) return { name, unit: "milliseconds", label: LABELS[measure], aggregated: false };
  return { name, unit: "milliseconds", label: `${LABELS[measure]} (${aggregation})`, aggregated: true, aggregation };
}

/**
 * What each check type records: API and URL checks their timing phases, every type but heartbeats
 * a response time and retries, every type its availability.
 */
function metricsOf(checkType: AnalyticsCheckType): readonly ApiCheckMetric[] {
  if (checkType === "API" || checkType === "URL") return API_CHECK_METRICS;
  if (checkType === "HEARTBEAT") return ["availability"];
  return API_CHECK_METRICS.filter((m) => m === "availability" || m === "retries" || m.startsWith("responseTime"));
}

export const AnalyticsMetricsQuery = querySchema({
  checkType: z.enum(ANALYTICS_CHECK_TYPES).describe("The check type whose metrics to list."),
});

/** GET /v1/analytics/metrics: the metrics of a check type, with their unit, label and JSON type. */
export function listAnalyticsMetrics({ query }: { query: unknown }) {
  const { checkType } = parseInput(AnalyticsMetricsQuery, query, "query");
  return metricsOf(checkType).map((name) => {
    const { aggregation: _, ...info } = metricInfo(name);
    return { ...info, type: name === "retries" ? ("Int" as const) : ("Float" as const) };
  });
}

/** `metrics` as sent (comma separated, repeated, or both): known, unrepeated, all aggregated or none. */
export function parseMetrics(list: readonly string[]): ApiCheckMetric[] {
  const names = list.flatMap((m) => m.split(",")).map((m) => m.trim());
  const known = new Set<string>(API_CHECK_METRICS);
  const unknown = names.filter((m) => !known.has(m));
  if (names.length === 0 || unknown.length > 0)
    throw new ValidationError(
      `metrics: ${unknown.length ? `unknown metric ${JSON.stringify(unknown[0])}` : "at least one is required"} (GET /v1/analytics/metrics?checkType=API lists them)`,
      ["metrics"],
      "query",
    );
  const metrics = [...new Set(names)] as ApiCheckMetric[];
  const aggregated = metrics.map((m) => metricInfo(m).aggregated);
  if (aggregated.includes(true) && aggregated.includes(false))
    throw new ValidationError(
      "metrics: aggregated metrics (dns_p95, availability...) and per-result ones (dns, responseTime...) cannot be mixed",
      ["metrics"],
      "query",
    );
  return metrics;
}

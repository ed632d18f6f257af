export { type AnalyticsSeries, getApiCheckAnalytics } from "./api-check.js";
export {
  ANALYTICS_CHECK_TYPES,
  AnalyticsMetricsQuery,
  API_CHECK_METRICS,
  AGGREGATIONS,
  listAnalyticsMetrics,
} from "./metrics.js";
export { ApiCheckAnalyticsQuery } from "./query.js";

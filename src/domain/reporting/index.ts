export { addUnits, buckets, isNamedTimeZone, localMidnight, startOf, type Unit } from "./calendar.js";
export { getReporting, toAggregateView, type ReportingAggregateView, type ReportingView } from "./report.js";
export { GRANULARITIES, QUICK_RANGES, ReportingQuery } from "./schemas.js";
export { quickRangeWindow, reportSpans } from "./window.js";
export {
  MAX_SERIES_POINTS,
  SERIES_INTERVALS,
  type SeriesInterval,
  type SeriesPointView,
  seriesOfChecks,
  seriesSpans,
  type StatsView,
  statsOfChecks,
} from "./stats.js";

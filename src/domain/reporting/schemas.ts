import { z } from "zod";
import { queryBoolean, queryList, querySchema, queryTime } from "../shared/schemas.js";
import { isNamedTimeZone } from "./calendar.js";

export const QUICK_RANGES = [
  "last24Hrs",
  "last7Days",
  "last30Days",
  "thisWeek",
  "thisMonth",
  "lastWeek",
  "lastMonth",
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];
export const GRANULARITIES = ["day", "week", "month"] as const;

/** The longest window and the most buckets a report answers (the reference's limits). */
export const MAX_WINDOW_DAYS = 400;
export const MAX_BUCKETS = 120;

/** GET /v1/reporting's query, as the reference's parameters. */
/** A custom window's bounds (reporting, analytics). */
export const CustomWindowQuery = {
  from: queryTime.optional().describe('Start of a custom window (UNIX seconds or ISO 8601); overrides "quickRange".'),
  to: queryTime.optional().describe('End of a custom window (UNIX seconds or ISO 8601); overrides "quickRange".'),
};

export const ReportingQuery = querySchema({
  ...CustomWindowQuery,
  quickRange: z
    .enum(QUICK_RANGES)
    .default("last24Hrs")
    .describe(
      "A preset window ending now (last24Hrs, last7Days, last30Days: rolling; thisWeek, thisMonth: from the start of the current calendar week or month) or the previous calendar week or month (lastWeek, lastMonth), in `timezone`.",
    ),
  filterByTags: queryList.optional().describe("Only checks with any of these tags."),
  deactivated: queryBoolean
    .optional()
    .describe("true: only deactivated checks; false: only activated ones; omitted: all."),
  granularity: z
    .enum(GRANULARITIES)
    .optional()
    .describe(
      'Split the window into calendar buckets: one aggregate per bucket in "aggregates" instead of "aggregate".',
    ),
  timezone: z
    .string()
    .max(64)
    .refine(isNamedTimeZone, "must be a named IANA time zone such as Europe/Berlin")
    .default("UTC")
    .describe("Named IANA time zone of the calendar boundaries (presets and buckets). Defaults to UTC."),
});
export type ReportingQuery = z.output<typeof ReportingQuery>;

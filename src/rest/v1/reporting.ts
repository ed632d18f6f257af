import { z } from "zod";
import { getReporting, ReportingQuery, type ReportingView } from "../../domain/reporting/index.js";
import { iso, isoString } from "../format.js";
import type { Route } from "../route.js";

const numbers = {
  successRatio: z.number().describe("Passing runs in percent (0 to 100), rounded to four decimals."),
  avg: z.number().describe("Average response time in milliseconds."),
  p95: z.number().describe("95th percentile response time in milliseconds (within 1%)."),
  p99: z.number().describe("99th percentile response time in milliseconds (within 1%)."),
};
const ReportingAggregate = z.object(numbers).describe('Whole-window aggregate. Absent when "granularity" is used.');
const ReportingBucketAggregate = z.object({
  ...numbers,
  from: isoString.describe("Start of the bucket, clamped to the requested window."),
  to: isoString.describe("End of the bucket, clamped to the requested window."),
});

/** The reference's Reporting. */
export const ReportingResponse = z.object({
  name: z.string(),
  checkId: z.string(),
  checkType: z.string(),
  deactivated: z.boolean(),
  tags: z.array(z.string()),
  aggregate: ReportingAggregate.optional(),
  aggregates: z
    .array(ReportingBucketAggregate)
    .optional()
    .describe('Per-bucket aggregates, ascending; only with "granularity"; buckets without runs are omitted.'),
});
type ReportingResponse = z.infer<typeof ReportingResponse>;

/** A report's mapper: the buckets of all checks share their bounds' dates, each formatted once. */
function toReportingResponse(): (v: ReportingView) => ReportingResponse {
  const formatted = new Map<Date, string>();
  const isoOnce = (date: Date) => {
    let text = formatted.get(date);
    if (text === undefined) {
      text = iso(date);
      formatted.set(date, text);
    }
    return text;
  };
  return (v) => {
    const { aggregates, ...rest } = v;
    if (!aggregates) return rest;
    return {
      ...rest,
      aggregates: aggregates.map((a) => ({
        successRatio: a.successRatio,
        avg: a.avg,
        p95: a.p95,
        p99: a.p99,
        from: isoOnce(a.from),
        to: isoOnce(a.to),
      })),
    };
  };
}

export const reportingRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/reporting",
    operationId: "getReporting",
    summary: "Generate a report with aggregate statistics for checks",
    description:
      "Every check of the account (or those with one of `filterByTags`, activated or not per `deactivated`) with its success ratio and response-time average, p95 and p99 over a preset or custom window, or per calendar bucket (`granularity`, in `timezone`). Answered from hourly and daily rollups, so it stays fast over any range and keeps working after raw results are deleted; partial first and last hours count whole.",
    tag: "Reporting",
    query: ReportingQuery,
    status: 200,
    response: z.array(ReportingResponse),
    handler: async ({ ctx, query }) => (await getReporting({ ctx, query })).map(toReportingResponse()),
  },
];

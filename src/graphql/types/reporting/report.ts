import {
  GRANULARITIES,
  getReporting,
  QUICK_RANGES,
  type ReportingAggregateView,
  type ReportingView,
} from "../../../domain/reporting/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { CheckTypeEnum } from "../checks/enums.js";

/** last24Hrs → LAST_24_HRS: GraphQL's enum style, the same presets as /v1/reporting's quickRange. */
const constant = (name: string) =>
  name
    .replace(/([a-z])([A-Z0-9])/g, "$1_$2")
    .replace(/([0-9])([A-Z])/g, "$1_$2")
    .toUpperCase();

const ReportingRangeEnum = builder.enumType("ReportingRange", {
  description: "A preset window of /v1/reporting's quickRange, in the report's time zone.",
  values: Object.fromEntries(QUICK_RANGES.map((range) => [constant(range), { value: range }])),
});
const ReportingGranularityEnum = builder.enumType("ReportingGranularity", {
  values: Object.fromEntries(GRANULARITIES.map((g) => [g.toUpperCase(), { value: g }])),
});

const ReportingAggregateRef = builder.objectRef<ReportingAggregateView>("ReportingAggregate").implement({
  description: "A check's runs over the window (or a bucket), from rollups: as /v1/reporting's aggregate.",
  fields: (t) => ({
    successRatio: t.exposeFloat("successRatio", { description: "Passing runs in percent (0 to 100)." }),
    avg: t.exposeFloat("avg", { description: "Average response time in milliseconds." }),
    p95: t.exposeFloat("p95", { description: "95th percentile response time in milliseconds (within 1%)." }),
    p99: t.exposeFloat("p99", { description: "99th percentile response time in milliseconds (within 1%)." }),
  }),
});
type Bucket = ReportingAggregateView & { from: Date; to: Date };
const ReportingBucketRef = builder.objectRef<Bucket>("ReportingBucket").implement({
  description: "One calendar bucket of a report (buckets without runs are left out).",
  fields: (t) => ({
    from: t.expose("from", { type: "DateTime" }),
    to: t.expose("to", { type: "DateTime" }),
    aggregate: t.field({ type: ReportingAggregateRef, resolve: (bucket) => bucket }),
  }),
});

const ReportingRowRef = builder.objectRef<ReportingView>("ReportingRow").implement({
  description: "One check of a report: GET /v1/reporting's item.",
  fields: (t) => ({
    checkId: t.exposeString("checkId", { description: "The check's REST id (databaseId)." }),
    name: t.exposeString("name"),
    checkType: t.field({ type: CheckTypeEnum, resolve: (row) => row.checkType as never }),
    deactivated: t.exposeBoolean("deactivated"),
    tags: t.exposeStringList("tags"),
    aggregate: t.field({
      type: ReportingAggregateRef,
      nullable: true,
      description: "Over the whole window; null with granularity.",
      resolve: (row) => row.aggregate ?? null,
    }),
    buckets: t.field({
      type: [ReportingBucketRef],
      nullable: true,
      description: "Per calendar bucket, ascending; only with granularity.",
      resolve: (row) => row.aggregates ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  reporting: t.field({
    type: [ReportingRowRef],
    description:
      "GET /v1/reporting: each check of the account (or those with any of filterByTags) with its success ratio and response times over a preset (range) or custom (from, to) window, from rollups.",
    args: {
      range: t.arg({ type: ReportingRangeEnum, description: "Default LAST_24_HRS; from and to override it." }),
      from: t.arg({ type: "DateTime" }),
      to: t.arg({ type: "DateTime" }),
      filterByTags: t.arg.stringList({ description: "Only checks with any of these tags." }),
      deactivated: t.arg.boolean({ description: "true: only deactivated checks; false: only activated; null: all." }),
      granularity: t.arg({ type: ReportingGranularityEnum }),
      timezone: t.arg.string({ description: "Named IANA time zone of the calendar boundaries (default UTC)." }),
    },
    // The same parser as REST's query: the adapter only spells the arguments as query strings.
    resolve: (_root, args, ctx) => {
      const query: Record<string, unknown> = {};
      if (args.range) query.quickRange = args.range;
      if (args.from) query.from = args.from.toISOString();
      if (args.to) query.to = args.to.toISOString();
      if (args.filterByTags) query.filterByTags = args.filterByTags;
      if (args.deactivated != null) query.deactivated = String(args.deactivated);
      if (args.granularity) query.granularity = args.granularity;
      if (args.timezone != null) query.timezone = args.timezone;
      return getReporting({ ctx: domain(ctx), query });
    },
  }),
}));

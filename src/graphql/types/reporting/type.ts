import {
  SERIES_INTERVALS,
  type SeriesInterval,
  type SeriesPointView,
  type StatsView,
  seriesOfChecks,
  statsOfChecks,
} from "../../../domain/reporting/index.js";
import { builder } from "../../builder.js";
import { domain, loader } from "../../context.js";
import { CheckRef } from "../checks/type.js";

export const SeriesIntervalEnum = builder.enumType("SeriesInterval", {
  description: "The width of a series point: an hour, or a UTC day.",
  values: SERIES_INTERVALS,
});

export const CheckStatsRef = builder.objectRef<StatsView>("CheckStats");
export const CheckSeriesPointRef = builder.objectRef<SeriesPointView>("CheckSeriesPoint");

builder.objectType(CheckStatsRef, {
  description:
    "A check's runs over a window, from its hourly and daily rollups (kept 400 days, after raw results are gone). Response times in milliseconds; percentiles within 1%.",
  fields: (t) => ({
    runs: t.exposeInt("runs", { description: "FINAL results of runs that were not cancelled." }),
    failed: t.exposeInt("failed", { description: "Runs with failures or errors." }),
    degraded: t.exposeInt("degraded", { description: "Degraded runs that did not fail." }),
    successRatio: t.exposeFloat("successRatio", { description: "Passing runs in percent (0 to 100); 0 without runs." }),
    avg: t.exposeFloat("avg", { nullable: true }),
    min: t.exposeInt("min", { nullable: true }),
    max: t.exposeInt("max", { nullable: true }),
    p50: t.exposeFloat("p50", { nullable: true }),
    p95: t.exposeFloat("p95", { nullable: true }),
    p99: t.exposeFloat("p99", { nullable: true }),
  }),
});

builder.objectType(CheckSeriesPointRef, {
  description: "One point of a check's series: its stats over [from, to).",
  fields: (t) => ({
    from: t.expose("from", { type: "DateTime" }),
    to: t.expose("to", { type: "DateTime" }),
    stats: t.field({ type: CheckStatsRef, resolve: (point) => point }),
  }),
});

builder.interfaceFields(CheckRef, (t) => ({
  // Not `stats`: HeartbeatCheck.stats (the REST heartbeat events' availability) has that name already.
  runStats: t.field({
    type: CheckStatsRef,
    description: "The check's run stats over [from, to) (at most 400 days); one query for a whole list of checks.",
    args: { from: t.arg({ type: "DateTime", required: true }), to: t.arg({ type: "DateTime", required: true }) },
    resolve: (check, { from, to }, ctx) =>
      loader(ctx, `Check.runStats:${from.toISOString()}:${to.toISOString()}`, (ids: readonly string[]) =>
        statsOfChecks({ ctx: domain(ctx), checkIds: ids, from, to }),
      ).load(check.id),
  }),
  series: t.field({
    type: [CheckSeriesPointRef],
    description:
      "The check's stats per hour or UTC day of [from, to) (at most 1,000 points), for charts; every point is present (runs 0 where none). One query for a whole list of checks.",
    args: {
      from: t.arg({ type: "DateTime", required: true }),
      to: t.arg({ type: "DateTime", required: true }),
      interval: t.arg({ type: SeriesIntervalEnum, required: true }),
    },
    resolve: (check, { from, to, interval }, ctx) =>
      loader(ctx, `Check.series:${from.toISOString()}:${to.toISOString()}:${interval}`, (ids: readonly string[]) =>
        seriesOfChecks({ ctx: domain(ctx), checkIds: ids, from, to, interval: interval as SeriesInterval }),
      ).load(check.id),
  }),
}));

import { getCheck } from "../checks/get.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { HOUR_MS } from "../rollups/index.js";
import { Figures, measureOf, QUANTILES, type RawResult, statusCodeOf } from "./figures.js";
import { type Measure, metricInfo } from "./metrics.js";
import { type AnalyticsRequest, parseAnalyticsQuery } from "./query.js";
import { planSources, readHourlyRollups, readResults } from "./sources.js";

type Row = Record<string, number | string | null>;
export type AnalyticsSeries = { data: Row[] | Row; runLocation?: string; statusCode?: number | null };

/**
 * GET /v1/analytics/api-checks/{id}: an API check's metrics over a window. Aggregated metrics
 * (`dns_p95`, `availability`...) give one row per bucket of `aggregationInterval` minutes (empty
 * buckets left out), or a single row over the window; per-result ones (`dns`...) give each result,
 * oldest first, `limit` a page. `groupBy` splits either into one series per location or status
 * code. Another account's check, or a check of another type, is a 404.
 */
export async function getApiCheckAnalytics({ ctx, id, query }: { ctx: DomainContext; id: unknown; query: unknown }) {
  const check = await getCheck({ ctx, id });
  if (check.checkType !== "API") throw new NotFoundError("API check", String(id));
  const req = parseAnalyticsQuery(query, ctx.now().getTime());
  const series = req.aggregated ? await aggregatedSeries(ctx, check.id, req) : await resultSeries(ctx, check.id, req);
  return {
    checkId: check.id,
    name: check.name,
    checkType: check.checkType,
    activated: check.activated,
    muted: check.muted,
    frequency: check.frequency,
    from: new Date(req.from),
    to: new Date(req.to),
    tags: check.tags as string[],
    series,
    pagination: { page: req.page, limit: req.limit },
    metadata: Object.fromEntries(
      req.metrics.map((m) => {
        const { unit, label, aggregation } = metricInfo(m);
        return [m, aggregation ? { unit, label, aggregation } : { unit, label }];
      }),
    ),
  };
}

type GroupKey = string | number | null;
const groupOf = (req: AnalyticsRequest, location: string, status: () => number | null): GroupKey =>
  req.groupBy === "runLocation" ? location : req.groupBy === "statusCode" ? status() : "";

function seriesOf<T>(req: AnalyticsRequest, groups: Map<GroupKey, T>, data: (value: T) => Row[] | Row) {
  const keys = [...groups.keys()].sort((a, b) => String(a).localeCompare(String(b), "en", { numeric: true }));
  return keys.map((key): AnalyticsSeries => {
    const entry: AnalyticsSeries = { data: data(groups.get(key)!) };
    if (req.groupBy === "runLocation") entry.runLocation = key as string;
    if (req.groupBy === "statusCode") entry.statusCode = key as number | null;
    return entry;
  });
}

const passes = (req: AnalyticsRequest, r: RawResult) =>
  req.statuses.size !== 1 || req.statuses.has(r.hasFailures || r.hasErrors ? "failure" : "success");

async function aggregatedSeries(ctx: DomainContext, checkId: string, req: AnalyticsRequest) {
  const { hours, raw } = planSources(req);
  const sketched = new Set(
    req.metrics.flatMap((m) => {
      const { aggregation } = metricInfo(m);
      return aggregation && QUANTILES[aggregation] !== undefined ? [m.split("_")[0] as Measure] : [];
    }),
  );
  // Per group, the buckets by start (epoch-aligned multiples of the interval, or the window's start).
  const groups = new Map<GroupKey, Map<number, Figures>>();
  const figuresAt = (group: GroupKey, at: number) => {
    const start = req.interval === null ? req.from : Math.max(req.from, Math.floor(at / req.interval) * req.interval);
    let buckets = groups.get(group);
    if (!buckets) {
      buckets = new Map();
      groups.set(group, buckets);
    }
    let figures = buckets.get(start);
    if (!figures) {
      figures = new Figures(sketched);
      buckets.set(start, figures);
    }
    return figures;
  };
  if (hours)
    for (const row of await readHourlyRollups(ctx, checkId, hours[0], hours[1]))
      figuresAt(
        groupOf(req, row.location, () => null),
        row.startHour * HOUR_MS,
      ).addRollup(row);
  for (const [from, to] of raw)
    for (const r of await readResults(ctx, checkId, from, to))
      if (passes(req, r))
        figuresAt(
          groupOf(req, r.runLocation, () => statusCodeOf(r)),
          r.startedAt.getTime(),
        ).addResult(r);
  const rowOf = (figures: Figures, start?: number): Row => {
    const row: Row = start === undefined ? {} : { timestamp: new Date(start).toISOString() };
    for (const m of req.metrics) row[m] = figures.value(m);
    return row;
  };
  if (req.interval === null) {
    if (groups.size === 0 && req.groupBy === null) groups.set("", new Map([[req.from, new Figures(sketched)]]));
    return seriesOf(req, groups, (buckets) => rowOf([...buckets.values()][0]!));
  }
  return seriesOf(req, groups, (buckets) =>
    [...buckets.entries()].sort(([a], [b]) => a - b).map(([start, figures]) => rowOf(figures, start)),
  );
}

async function resultSeries(ctx: DomainContext, checkId: string, req: AnalyticsRequest) {
  const failed = req.statuses.size === 1 ? req.statuses.has("failure") : undefined;
  const page = { skip: (req.page - 1) * req.limit, take: req.limit, ...(failed === undefined ? {} : { failed }) };
  const groups = new Map<GroupKey, Row[]>();
  for (const r of await readResults(ctx, checkId, req.from, req.to, page)) {
    const group = groupOf(req, r.runLocation, () => statusCodeOf(r));
    const row: Row = { checkResultId: r.id, startedAt: r.startedAt.toISOString(), runLocation: r.runLocation };
    for (const m of req.metrics) row[m] = measureOf(r, m as Measure);
    let rows = groups.get(group);
    if (!rows) {
      rows = [];
      groups.set(group, rows);
    }
    rows.push(row);
  }
  return seriesOf(req, groups, (rows) => rows);
}

import type { DomainContext } from "../shared/context.js";
import { aggregateRollups, type Aggregate } from "../rollups/index.js";
import { parseInput } from "../shared/validation.js";
import { ReportingQuery } from "./schemas.js";
import { reportSpans } from "./window.js";

export type ReportingAggregateView = { successRatio: number; avg: number; p95: number; p99: number };
export type ReportingView = {
  name: string;
  checkId: string;
  checkType: string;
  deactivated: boolean;
  tags: string[];
  aggregate?: ReportingAggregateView;
  aggregates?: (ReportingAggregateView & { from: Date; to: Date })[];
};

/** The percentiles a report shows (p95, p99). */
const REPORTED = [0.95, 0.99];

export function toAggregateView(a: Aggregate | undefined): ReportingAggregateView {
  if (!a) return { successRatio: 0, avg: 0, p95: 0, p99: 0 };
  const [p95, p99] = a.percentiles(REPORTED) as [number, number];
  return { successRatio: a.successRatio, avg: a.avg, p95, p99 };
}

/**
 * GET /v1/reporting: each of the account's checks (filtered by tags and activation) with its
 * aggregate over the window, or one per calendar bucket, answered from rollups (never raw results).
 * A check without runs in the window gets zeros; buckets without runs are left out.
 */
export async function getReporting({ ctx, query }: { ctx: DomainContext; query: unknown }): Promise<ReportingView[]> {
  const q = parseInput(ReportingQuery, query, "query");
  const { spans } = reportSpans(q, ctx.now().getTime());
  const rows = await ctx.db.check.findMany({
    where: { accountId: ctx.accountId, ...(q.deactivated === undefined ? {} : { activated: !q.deactivated }) },
    select: { id: true, name: true, checkType: true, activated: true, tags: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const wanted = q.filterByTags;
  const checks = wanted ? rows.filter((c) => (c.tags as string[]).some((tag) => wanted.includes(tag))) : rows;
  const filtered = wanted !== undefined || q.deactivated !== undefined;
  const aggregates = await aggregateRollups({
    db: ctx.db,
    accountId: ctx.accountId,
    // A long id list costs more than reading the account's other checks (and has a parameter limit).
    checkIds: filtered && checks.length <= 1_000 ? checks.map((c) => c.id) : null,
    spans,
    // The view shows no minimum or maximum: local days are read as UTC days plus and minus hours.
    extremes: false,
  });
  // Every check's buckets share their bounds: one pair of dates per span, not per bucket.
  const bounds = q.granularity ? spans.map((span) => ({ from: new Date(span.from), to: new Date(span.to) })) : [];
  return checks.map((c) => {
    const mine = aggregates.get(c.id);
    const view: ReportingView = {
      name: c.name,
      checkId: c.id,
      checkType: c.checkType,
      deactivated: !c.activated,
      tags: c.tags as string[],
    };
    if (!q.granularity) view.aggregate = toAggregateView(mine?.[0]);
    else {
      view.aggregates = [];
      for (let i = 0; mine && i < spans.length; i++) {
        const a = mine[i];
        if (!a) continue;
        const [p95, p99] = a.percentiles(REPORTED) as [number, number];
        const { from, to } = bounds[i]!;
        view.aggregates.push({ successRatio: a.successRatio, avg: a.avg, p95, p99, from, to });
      }
    }
    return view;
  });
}

import type { DomainContext } from "../shared/context.js";

/** How many of the account's checks are in each state: what the app's overview shows first. */
export type CheckCounts = { total: number; passing: number; degraded: number; failing: number; paused: number };

/**
 * Three statements whatever the number of checks: paused ones (not activated) are counted apart,
 * and the active ones by their stored condition; an active check without a status row (never
 * ran) is passing, as Check.status says.
 */
export async function countChecks({ ctx }: { ctx: DomainContext }): Promise<CheckCounts> {
  const [total, paused, byCondition] = await Promise.all([
    ctx.db.check.count({ where: { accountId: ctx.accountId } }),
    ctx.db.check.count({ where: { accountId: ctx.accountId, activated: false } }),
    ctx.db.checkStatus.groupBy({
      by: ["condition"],
      where: { accountId: ctx.accountId, condition: { in: ["DEGRADED", "FAILING"] }, check: { activated: true } },
      _count: { _all: true },
    }),
  ]);
  const of = (condition: string) => byCondition.find((row) => row.condition === condition)?._count._all ?? 0;
  const degraded = of("DEGRADED");
  const failing = of("FAILING");
  return { total, paused, degraded, failing, passing: total - paused - degraded - failing };
}

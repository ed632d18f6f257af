import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { getHeartbeatCheck } from "./check.js";
import { HeartbeatAvailabilityQuery, queryWindow, type Window } from "./schemas.js";

export type HeartbeatAvailability = {
  successRatio: { previousPeriod: number; currentPeriod: number };
  totalEntitiesCurrentPeriod: number;
} | null;

export type Counts = { total: number; ok: number };

/** COUNT(*) GROUP BY state over the (checkId, timestamp) index: no event is loaded. */
async function countWindow(ctx: DomainContext, checkId: string, { start, end }: Window): Promise<Counts> {
  const rows = await ctx.db.heartbeatEvent.groupBy({
    by: ["state"],
    where: { checkId, accountId: ctx.accountId, timestamp: { gte: start, lt: end } },
    _count: { _all: true },
  });
  const total = rows.reduce((sum, row) => sum + row._count._all, 0);
  const failing = rows.find((row) => row.state === "FAILING")?._count._all ?? 0;
  return { total, ok: total - failing };
}

/** Percentage (0 to 100, two decimals) of non-FAILING events; an empty window is 0. */
function ratio({ total, ok }: Counts): number {
  return total === 0 ? 0 : Math.round((ok / total) * 10_000) / 100;
}

/** The equally long window just before `window`. */
export function previousWindow(window: Window): Window {
  const length = window.end.getTime() - window.start.getTime();
  return { start: new Date(window.start.getTime() - length), end: window.start };
}

/** The availability of two windows' counts; null when both windows hold no event (docs/decisions.md, Availability). */
export function availabilityFrom(currentCounts: Counts, previousCounts: Counts): HeartbeatAvailability {
  if (currentCounts.total === 0 && previousCounts.total === 0) return null;
  return {
    successRatio: { previousPeriod: ratio(previousCounts), currentPeriod: ratio(currentCounts) },
    totalEntitiesCurrentPeriod: currentCounts.total,
  };
}

/** Availability of [start, end) and of the equally long window just before it. */
export async function availabilityOf(
  ctx: DomainContext,
  checkId: string,
  window: Window,
): Promise<HeartbeatAvailability> {
  const [currentCounts, previousCounts] = await Promise.all([
    countWindow(ctx, checkId, window),
    countWindow(ctx, checkId, previousWindow(window)),
  ]);
  return availabilityFrom(currentCounts, previousCounts);
}

export async function getHeartbeatAvailability({
  ctx,
  checkId,
  query,
}: {
  ctx: DomainContext;
  checkId: unknown;
  query: unknown;
}) {
  const parsed = parseInput(HeartbeatAvailabilityQuery, query, "query");
  const window = queryWindow(parsed, ctx.now());
  const check = await getHeartbeatCheck({ ctx, checkId });
  return availabilityOf(ctx, check.id, window);
}

import type { DomainContext } from "../context.js";
import { availabilityFrom, previousWindow, type Counts, type HeartbeatAvailability } from "./availability.js";
import { DAY_MS, type Window } from "./schemas.js";
import { typedWindow, type WindowArgs } from "./window.js";

/** The same COUNT(*) GROUP BY state as availability.ts, for every check of a batch in one statement. */
async function countWindows(
  ctx: DomainContext,
  checkIds: string[],
  { start, end }: Window,
): Promise<Map<string, Counts>> {
  const rows = await ctx.db.heartbeatEvent.groupBy({
    by: ["checkId", "state"],
    where: { checkId: { in: checkIds }, accountId: ctx.accountId, timestamp: { gte: start, lt: end } },
    _count: { _all: true },
  });
  const counts = new Map(checkIds.map((id) => [id, { total: 0, ok: 0 }]));
  for (const row of rows) {
    const count = counts.get(row.checkId);
    if (!count) continue;
    count.total += row._count._all;
    if (row.state !== "FAILING") count.ok += row._count._all;
  }
  return counts;
}

async function availabilities(
  ctx: DomainContext,
  checkIds: readonly string[],
  window: Window,
): Promise<HeartbeatAvailability[]> {
  const unique = [...new Set(checkIds)];
  const [current, previous] = await Promise.all([
    countWindows(ctx, unique, window),
    countWindows(ctx, unique, previousWindow(window)),
  ]);
  return checkIds.map((id) => availabilityFrom(current.get(id)!, previous.get(id)!));
}

/**
 * The availability of each of these heartbeat checks (of the caller's account) over one window
 * (REST defaults: the 24 hours before now), in the ids' order: two statements for any number.
 */
export function availabilityOfChecks({
  ctx,
  checkIds,
  window,
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
  window: WindowArgs;
}) {
  return availabilities(ctx, checkIds, typedWindow(window, ctx.now()));
}

/** The stats of the REST events list for each check: availability over the last 24 hours and 7 days. */
export async function heartbeatStatsOfChecks({ ctx, checkIds }: { ctx: DomainContext; checkIds: readonly string[] }) {
  const now = ctx.now();
  const [day, week] = await Promise.all([
    availabilities(ctx, checkIds, { start: new Date(now.getTime() - DAY_MS), end: now }),
    availabilities(ctx, checkIds, { start: new Date(now.getTime() - 7 * DAY_MS), end: now }),
  ]);
  return checkIds.map((_, i) => ({ last24Hours: day[i] ?? null, last7Days: week[i] ?? null }));
}

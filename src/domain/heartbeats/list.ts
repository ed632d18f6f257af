import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { availabilityOf } from "./availability.js";
import { getHeartbeatCheck } from "./check.js";
import { DAY_MS, ListHeartbeatEventsQuery, queryWindow } from "./schemas.js";

/**
 * The check's events in the window, newest first, with its availability over the last 24 hours
 * and the last 7 days (both counted back from now, whatever the window).
 */
export async function listHeartbeatEvents({
  ctx,
  checkId,
  query,
}: {
  ctx: DomainContext;
  checkId: unknown;
  query: unknown;
}) {
  const { limit, ...bounds } = parseInput(ListHeartbeatEventsQuery, query, "query");
  const now = ctx.now();
  const window = queryWindow(bounds, now);
  const check = await getHeartbeatCheck({ ctx, checkId });
  const [events, last24Hours, last7Days] = await Promise.all([
    ctx.db.heartbeatEvent.findMany({
      where: { checkId: check.id, accountId: ctx.accountId, timestamp: { gte: window.start, lt: window.end } },
      orderBy: [{ timestamp: "desc" }, { id: "desc" }],
      take: limit,
    }),
    availabilityOf(ctx, check.id, { start: new Date(now.getTime() - DAY_MS), end: now }),
    availabilityOf(ctx, check.id, { start: new Date(now.getTime() - 7 * DAY_MS), end: now }),
  ]);
  return { checkId: check.id, events, stats: { last24Hours, last7Days } };
}

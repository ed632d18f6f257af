import { inOrder, uuids } from "../check-results/batch.js";
import type { DomainContext } from "../shared/context.js";

/** The caller's heartbeat events with these ids (GraphQL node lookups), in the ids' order: one query. */
export async function getHeartbeatEvents({ ctx, ids }: { ctx: DomainContext; ids: readonly unknown[] }) {
  const wanted = uuids(ids);
  const rows = wanted.length
    ? await ctx.db.heartbeatEvent.findMany({ where: { accountId: ctx.accountId, id: { in: wanted } } })
    : [];
  return inOrder(ids, rows);
}

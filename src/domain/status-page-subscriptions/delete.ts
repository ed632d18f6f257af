import type { DomainContext } from "../shared/context.js";
import { getSubscription } from "./get.js";

export async function deleteSubscription({
  ctx,
  statusPageId,
  id,
}: {
  ctx: DomainContext;
  statusPageId: unknown;
  id: unknown;
}) {
  const row = await getSubscription({ ctx, statusPageId, id });
  await ctx.db.statusPageSubscription.deleteMany({ where: { id: row.id } });
}

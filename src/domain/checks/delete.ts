import type { DomainContext } from "../shared/context.js";
import { getCheck } from "./get.js";

/** Deletes the check; its subscriptions, runs, results and heartbeat events go with it (cascades). */
export async function deleteCheck({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const check = await getCheck({ ctx, id });
  await ctx.db.check.deleteMany({ where: { id: check.id, accountId: ctx.accountId } });
}

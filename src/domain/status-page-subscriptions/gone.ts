import type { Db } from "../../db/client.js";

/** A subscriber's URL answered 410 Gone: the subscription is deleted (docs/decisions.md, Subscribers). */
export async function forgetGoneSubscriber({ ctx, subscriptionId }: { ctx: { db: Db }; subscriptionId: string }) {
  await ctx.db.statusPageSubscription.deleteMany({ where: { id: subscriptionId } });
}

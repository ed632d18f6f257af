import type { Db } from "../../db/client.js";

type WorkerContext = { ctx: { db: Db } };

/**
 * What a delivery worker reads at send time for a subscriber's notification: whether the
 * subscription still exists (an unsubscribed address gets nothing more) and its page's
 * webhookSecret (never copied into the outbox row). Null: the subscription is gone.
 */
export async function subscriberTarget({
  ctx,
  subscriptionId,
}: WorkerContext & { subscriptionId: string }): Promise<{ secret: string | null } | null> {
  const row = await ctx.db.statusPageSubscription.findUnique({
    where: { id: subscriptionId },
    select: { statusPage: { select: { webhookSecret: true } } },
  });
  return row ? { secret: row.statusPage.webhookSecret } : null;
}

/** A subscriber's URL answered 410 Gone: the subscription is deleted (docs/decisions.md, Subscribers). */
export async function forgetGoneSubscriber({ ctx, subscriptionId }: WorkerContext & { subscriptionId: string }) {
  await ctx.db.statusPageSubscription.deleteMany({ where: { id: subscriptionId } });
}

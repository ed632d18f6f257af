import type { DbOrTx } from "../../db/client.js";
import type { DomainContext, SystemContext } from "../shared/context.js";
import type { SubscriberOutbox } from "./enqueue.js";
import { tokenKey } from "./tokens.js";

/**
 * Everything an outbox write needs except the transaction: read before the transaction opens (the
 * token key may be made on first use, which must not abort a PostgreSQL transaction).
 */
export async function subscriberOutbox(ctx: DomainContext | SystemContext) {
  const key = await tokenKey(ctx.db);
  return (tx: DbOrTx, now: Date): SubscriberOutbox => ({ tx, key, publicUrl: ctx.publicUrl, now });
}

/** Wakes the delivery workers after a commit that queued subscriber notifications. */
export function announceQueued(ctx: DomainContext | SystemContext, accountId: string, count: number) {
  if (count > 0) ctx.events.publish({ type: "notificationsQueued", accountId });
}

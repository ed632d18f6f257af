import { randomUUID } from "node:crypto";
import type { DomainContext } from "../shared/context.js";
import { ConflictError } from "../shared/errors.js";
import { isUniqueViolation } from "../shared/prisma-errors.js";
import { parseInput } from "../shared/validation.js";
import { enqueueConfirmation } from "./enqueue.js";
import { findOwnPage } from "./get.js";
import { announceQueued, subscriberOutbox } from "./outbox.js";
import { BulkCreateSubscriptionsInput, normalizedAddress } from "./schemas.js";

/**
 * The reference's bulk create: subscriptions already on the page (same type and address), or
 * named twice in the body, are skipped. With `autoVerify` they are VERIFIED at once; without it an
 * EMAIL subscription is PENDING and gets a confirmation mail (through the outbox), while a WEBHOOK
 * subscription is VERIFIED (the page's owner names the URL; there is no mailbox to confirm).
 * `status` is VERIFIED when every created subscription is, else PENDING.
 */
export async function bulkCreateSubscriptions({
  ctx,
  statusPageId,
  input,
}: {
  ctx: DomainContext;
  statusPageId: unknown;
  input: unknown;
}): Promise<{ created: number; skipped: number; status: "PENDING" | "VERIFIED" }> {
  const { subscriptions, autoVerify } = parseInput(BulkCreateSubscriptionsInput, input);
  const page = await findOwnPage(ctx.db, ctx.accountId, statusPageId);
  const outbox = await subscriberOutbox(ctx);
  const wanted = new Map<string, { type: string; address: string }>();
  for (const { type, config } of subscriptions) {
    const address = normalizedAddress(type, config);
    wanted.set(`${type} ${address}`, { type, address });
  }
  const now = ctx.now();
  const result = await ctx.db
    .$transaction(async (tx) => {
      const existing = await tx.statusPageSubscription.findMany({
        where: { statusPageId: page.id, address: { in: [...wanted.values()].map((w) => w.address) } },
        select: { type: true, address: true },
      });
      for (const row of existing) wanted.delete(`${row.type} ${row.address}`);
      // created_at a millisecond apart keeps the body's order in lists (sorted by created_at, id).
      const rows = [...wanted.values()].map(({ type, address }, i) => {
        const status = autoVerify || type === "WEBHOOK" ? "VERIFIED" : "PENDING";
        const confirmationSentAt = status === "PENDING" ? now : null;
        return {
          id: randomUUID(),
          statusPageId: page.id,
          type,
          address,
          status,
          confirmationSentAt,
          createdAt: new Date(now.getTime() + i),
        };
      });
      await tx.statusPageSubscription.createMany({ data: rows });
      const pending = rows.filter((row) => row.status === "PENDING").map((row) => row.id);
      const queued = await enqueueConfirmation(outbox(tx, now), pending);
      return { created: rows.length, queued, pending: pending.length };
    })
    .catch((error: unknown) => {
      // A concurrent create of the same address won the unique key.
      if (isUniqueViolation(error))
        throw new ConflictError("a subscription in this request was created meanwhile; retry");
      throw error;
    });
  announceQueued(ctx, ctx.accountId, result.queued);
  return {
    created: result.created,
    skipped: subscriptions.length - result.created,
    status: result.pending > 0 || (result.created === 0 && !autoVerify) ? "PENDING" : "VERIFIED",
  };
}

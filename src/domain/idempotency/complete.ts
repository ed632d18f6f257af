import type { DomainContext } from "../shared/context.js";
import { seal } from "./seal.js";

/** Stores the first response of a claimed key, for replays within the window. */
export async function completeIdempotencyKey({
  ctx,
  claim,
  status,
  body,
}: {
  ctx: DomainContext;
  claim: { id: string; key: string };
  status: number;
  /** The response body as sent (JSON). */
  body: string;
}): Promise<void> {
  await ctx.db.idempotencyKey.updateMany({
    where: { id: claim.id, accountId: ctx.accountId },
    data: { status, response: seal(ctx.accountId, claim.key, body) },
  });
}

/**
 * Gives a claimed key up when its request failed (a validation error, a conflict, anything): a
 * failed request is not stored, so the corrected request can be sent again with the same key.
 */
export async function releaseIdempotencyKey({ ctx, claim }: { ctx: DomainContext; claim: { id: string } }) {
  await ctx.db.idempotencyKey.deleteMany({ where: { id: claim.id, accountId: ctx.accountId, status: null } });
}

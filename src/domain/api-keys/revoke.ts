import type { DomainContext } from "../shared/context.js";
import { ConflictError, NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";

/**
 * Revokes one of the account's keys (the caller's own key too: it stops working at once). The
 * account's last key is refused with a Conflict, so that nobody locks an account out by mistake:
 * create another key first. A key of another account, or one already revoked, is NotFound.
 * The row keeps its `revokedAt`: every instance (and a CLI in another process) drops the key
 * from its cache within a second by watching the latest revocation (src/auth/authenticate.ts).
 */
export async function revokeApiKey({ ctx, keyId }: { ctx: DomainContext; keyId: unknown }): Promise<void> {
  if (!isUuid(keyId)) throw new NotFoundError("API key", String(keyId));
  const id = keyId.toLowerCase();
  await ctx.db.$transaction(async (tx) => {
    // Writing the account row first serializes the account's revocations (PostgreSQL holds its
    // lock until commit): two at once cannot each leave the other's key as the "last" one.
    const { count: accounts } = await tx.account.updateMany({
      where: { id: ctx.accountId },
      data: { updatedAt: ctx.now() },
    });
    if (accounts === 0) throw new NotFoundError("API key", id);
    const { count } = await tx.apiKey.updateMany({
      where: { id, accountId: ctx.accountId, revokedAt: null },
      data: { revokedAt: ctx.now() },
    });
    if (count === 0) throw new NotFoundError("API key", id);
    if ((await tx.apiKey.count({ where: { accountId: ctx.accountId, revokedAt: null } })) === 0)
      throw new ConflictError("this is the account's last API key: create another key before revoking it");
  });
  ctx.events.publish({ type: "apiKeyRevoked", accountId: ctx.accountId, keyId: id });
}

import type { DomainContext } from "../shared/context.js";
import { ConflictError, ValidationError } from "../shared/errors.js";
import { isUniqueViolation } from "../shared/prisma-errors.js";
import { canonicalJson, sha256 } from "./hash.js";
import { ABANDONED_CLAIM_MS, IDEMPOTENCY_WINDOW_MS, IdempotencyKey } from "./schemas.js";
import { unseal } from "./seal.js";

export type IdempotentRequest = {
  /** The client's Idempotency-Key header. */
  key: unknown;
  /** Method and path as sent ("POST /v1/checks/api"): the same key on another one is a conflict. */
  operation: string;
  /** What else makes the request (body, query): hashed as canonical JSON. */
  request: unknown;
};

const inProgress = () =>
  new ConflictError("a request with this Idempotency-Key is still in progress; retry when it has finished");

export type IdempotencyClaim =
  | { kind: "claimed"; id: string; key: string }
  | { kind: "replay"; status: number; body: string };

/**
 * Claims a key before its request runs (insert first: the unique (accountId, keyHash) lets exactly
 * one of two concurrent requests in), or finds the first response to replay. Another request under
 * the same key, or the same one still in flight, is a ConflictError. Keys older than the 24-hour
 * window are deleted here, for the whole account (a lazy sweep on the index (accountId, createdAt)).
 */
export async function claimIdempotencyKey({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: IdempotentRequest;
}): Promise<IdempotencyClaim> {
  const parsed = IdempotencyKey.safeParse(input.key);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message, ["Idempotency-Key"], "headers");
  const key = parsed.data;
  const keyHash = sha256(key);
  const requestHash = sha256(canonicalJson(input.request));
  const now = ctx.now();
  await ctx.db.idempotencyKey.deleteMany({
    where: { accountId: ctx.accountId, createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS) } },
  });
  // Twice at most: once more when the row found was abandoned or deleted meanwhile.
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await ctx.db.idempotencyKey.create({
        data: { accountId: ctx.accountId, keyHash, operation: input.operation, requestHash, createdAt: now },
        select: { id: true },
      });
      return { kind: "claimed", id: row.id, key };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another request took the key between our look and our second insert: it is in flight.
      if (attempt > 0) throw inProgress();
    }
    const found = await ctx.db.idempotencyKey.findUnique({
      where: { accountId_keyHash: { accountId: ctx.accountId, keyHash } },
    });
    if (!found) continue;
    if (found.operation !== input.operation || found.requestHash !== requestHash)
      throw new ConflictError(
        "this Idempotency-Key was already used with another request (another body, query or path); send a new key",
      );
    if (found.status !== null && found.response !== null)
      return { kind: "replay", status: found.status, body: unseal(ctx.accountId, key, found.response) };
    if (found.createdAt.getTime() > now.getTime() - ABANDONED_CLAIM_MS) throw inProgress();
    await ctx.db.idempotencyKey.deleteMany({ where: { id: found.id, status: null } });
  }
}

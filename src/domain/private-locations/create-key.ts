import { generateKey, hashKey, maskKey } from "../api-keys/keys.js";
import type { DomainContext } from "../shared/context.js";
import { findPrivateLocation } from "./get.js";

type Tx = Pick<DomainContext["db"], "agentKey">;

/** Stores a new `pl_` key (its hash only) and returns the key itself, which is never shown again. */
export async function insertAgentKey(db: Tx, privateLocationId: string) {
  const rawKey = generateKey("pl_");
  const key = await db.agentKey.create({
    data: { privateLocationId, keyHash: hashKey(rawKey), maskedKey: maskKey(rawKey) },
    omit: { keyHash: true },
  });
  return { ...key, rawKey };
}

export async function createAgentKey({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const location = await findPrivateLocation({ ctx, id });
  return insertAgentKey(ctx.db, location.id);
}

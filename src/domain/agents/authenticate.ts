import type { DbOrTx } from "../../db/client.js";
import { hashKey } from "../api-keys/keys.js";
import { UnauthorizedError } from "../shared/errors.js";

export type AgentCaller = { keyId: string; privateLocationId: string; accountId: string; slugName: string };

const bearer = /^Bearer[ ]+(pl_[\x21-\x7e]+)[ ]*$/i;

/**
 * An agent key (`Authorization: Bearer pl_...`) → its private location. Looked up on every call,
 * by hash, so a revoked key (or a deleted location) stops working at once.
 */
export async function authenticateAgent({
  ctx: { db },
  authorization,
}: {
  ctx: { db: DbOrTx };
  authorization: string | undefined;
}): Promise<AgentCaller> {
  if (!authorization) throw new UnauthorizedError("missing Authorization header: expected 'Bearer <agent key pl_...>'");
  const key = bearer.exec(authorization)?.[1];
  if (!key) throw new UnauthorizedError("malformed Authorization header: expected 'Bearer <agent key pl_...>'");
  const row = await db.agentKey.findUnique({
    where: { keyHash: hashKey(key) },
    select: { id: true, privateLocation: { select: { id: true, accountId: true, slugName: true } } },
  });
  if (!row) throw new UnauthorizedError("invalid agent key");
  const { id: privateLocationId, accountId, slugName } = row.privateLocation;
  return { keyId: row.id, privateLocationId, accountId, slugName };
}

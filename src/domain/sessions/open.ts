import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../../db/client.js";
import { hashKey } from "../api-keys/keys.js";
import type { SystemContext } from "../shared/context.js";
import { UnauthorizedError } from "../shared/errors.js";
import { idleCutoff, SESSION_MAX_MS, sessionSelect, toSessionView, type SessionView } from "./view.js";

/** The same answer for every refused key: whether a key exists is not revealed. */
export const WRONG_KEY = "this API key does not open any account: check that it was copied whole and is not revoked";

/** A new session's cookie value (256 random bits; only its hash is stored) and its view. */
export type OpenedSession = { token: string; session: SessionView };

/** Opens a session for the key `keyId` of `accountId` (the key is known to be valid). */
export async function openSessionForKey(
  db: Pick<DbOrTx, "session">,
  { accountId, apiKeyId, now }: { accountId: string; apiKeyId: string; now: Date },
): Promise<OpenedSession> {
  const token = randomBytes(32).toString("base64url");
  const row = await db.session.create({
    data: {
      tokenHash: hashKey(token),
      accountId,
      apiKeyId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
    },
    select: sessionSelect,
  });
  return { token, session: toSessionView(row) };
}

/**
 * Sign-in: the API key pasted by a person opens a session of its account. A wrong, malformed
 * or revoked key is an UnauthorizedError with one message for all. The account's sessions
 * already over are deleted on the way (sign-ins are rare; no sweep is needed for them).
 */
export async function openSession({ ctx, input }: { ctx: SystemContext; input: { apiKey: string } }) {
  const apiKey = input.apiKey.trim();
  if (!/^[\x21-\x7e]{1,200}$/.test(apiKey)) throw new UnauthorizedError(WRONG_KEY);
  const key = await ctx.db.apiKey.findUnique({
    where: { keyHash: hashKey(apiKey) },
    select: { id: true, accountId: true, revokedAt: true },
  });
  if (!key || key.revokedAt) throw new UnauthorizedError(WRONG_KEY);
  const now = ctx.now();
  await ctx.db.session.deleteMany({
    where: { accountId: key.accountId, OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lte: idleCutoff(now) } }] },
  });
  return openSessionForKey(ctx.db, { accountId: key.accountId, apiKeyId: key.id, now });
}

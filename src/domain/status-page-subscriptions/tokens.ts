import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "../../db/client.js";
import { isUuid } from "../shared/ids.js";

/**
 * A subscriber's confirmation and unsubscribe tokens: `<subscriptionId>.<HMAC-SHA256 of
 * "purpose:subscriptionId">` under a random key made once per installation (the ServerSecret row
 * SUBSCRIPTION_TOKEN_KEY, shared by every instance through the database). Nothing per token is
 * stored, so every later mail can carry the unsubscribe link; a token names one subscription and
 * one purpose and cannot be forged without the key. A deleted subscription's tokens do nothing.
 */
export type TokenPurpose = "confirm" | "unsubscribe";

const KEY_NAME = "SUBSCRIPTION_TOKEN_KEY";
const keys = new WeakMap<object, Buffer>();

/** The installation's key, made on first use (call it outside a transaction: the insert may collide). */
export async function tokenKey(db: DbOrTx): Promise<Buffer> {
  const cached = keys.get(db);
  if (cached) return cached;
  let row = await db.serverSecret.findUnique({ where: { name: KEY_NAME } });
  if (!row) {
    // Another instance may make it at the same moment: its row wins (a unique violation here).
    await db.serverSecret
      .create({ data: { name: KEY_NAME, value: randomBytes(32).toString("base64") } })
      .catch(() => undefined);
    row = await db.serverSecret.findUniqueOrThrow({ where: { name: KEY_NAME } });
  }
  const key = Buffer.from(row.value, "base64");
  keys.set(db, key);
  return key;
}

const mac = (key: Buffer, purpose: TokenPurpose, id: string) =>
  createHmac("sha256", key).update(`${purpose}:${id}`).digest("base64url");

export function makeToken(key: Buffer, purpose: TokenPurpose, subscriptionId: string): string {
  return `${subscriptionId}.${mac(key, purpose, subscriptionId)}`;
}

/** The subscription id a valid token names, else null. */
export function readToken(key: Buffer, purpose: TokenPurpose, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [id, signature, ...rest] = token.split(".");
  if (rest.length || !isUuid(id) || !signature) return null;
  const expected = Buffer.from(mac(key, purpose, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

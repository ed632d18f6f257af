import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "../../db/client.js";
import { tokenKey } from "../status-page-subscriptions/tokens.js";

/** How long a signed download link works. */
export const SIGNED_LINK_SECONDS = 15 * 60;

/**
 * A download link that works without an API key for 15 minutes: the asset's id and an expiry,
 * signed with the installation's key (the ServerSecret row the subscription tokens use, under
 * another purpose), so any instance can check it and nothing is stored per link.
 */
const mac = (key: Buffer, assetId: string, expires: number) =>
  createHmac("sha256", key).update(`asset:${assetId}:${expires}`).digest("base64url");

export async function signAssetLink(db: DbOrTx, assetId: string, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_LINK_SECONDS;
  return { expires, signature: mac(await tokenKey(db), assetId, expires) };
}

/** "ok", "expired" or "invalid" (a signature not made by this installation for this asset and expiry). */
export async function checkAssetLink(
  db: DbOrTx,
  assetId: string,
  link: { expires: number; signature: string },
  now: Date,
): Promise<"ok" | "expired" | "invalid"> {
  const expires = link.expires;
  const expected = Buffer.from(mac(await tokenKey(db), assetId, expires));
  const given = Buffer.from(link.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expires * 1000 < now.getTime() ? "expired" : "ok";
}

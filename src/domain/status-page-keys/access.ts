import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "../../db/client.js";
import { hashKey } from "../api-keys/keys.js";
import { isUuid } from "../shared/ids.js";

/**
 * A visitor's access to a private status page: a key of that page, or a token made from one.
 * The token (the visitor's cookie) names the key and an expiry and is signed with the key's
 * stored hash, so it is never the key itself, any instance can check it without a shared secret,
 * and revoking the key (its row gone) ends every token made with it.
 */

/** How long a visitor's token opens the page. */
export const ACCESS_TOKEN_SECONDS = 30 * 24 * 60 * 60;

type Db = Pick<DbOrTx, "statusPageKey">;

const mac = (keyHash: string, statusPageId: string, keyId: string, expires: number) =>
  createHmac("sha256", keyHash).update(`${statusPageId}.${keyId}.${expires}`).digest("base64url");

/** The page's key row for `key`, or null (a key of another page opens nothing). */
async function keyOf(db: Db, statusPageId: string, key: string) {
  if (!key.startsWith("sp_") || key.length > 200) return null;
  const row = await db.statusPageKey.findUnique({ where: { keyHash: hashKey(key) } });
  return row?.statusPageId === statusPageId ? row : null;
}

/** Whether `key` opens the page (feeds and summary.json take the key itself, `?key=`). */
export async function keyOpensPage({ db, statusPageId, key }: { db: Db; statusPageId: string; key: string }) {
  return (await keyOf(db, statusPageId, key)) !== null;
}

/** A token for a visitor who gave a valid key of the page, or null for any other key. */
export async function accessTokenFor({
  db,
  statusPageId,
  key,
  now,
}: {
  db: Db;
  statusPageId: string;
  key: string;
  now: Date;
}): Promise<{ token: string; maxAgeSeconds: number } | null> {
  const row = await keyOf(db, statusPageId, key);
  if (!row) return null;
  const expires = Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_SECONDS;
  return {
    token: `${row.id}.${expires}.${mac(row.keyHash, statusPageId, row.id, expires)}`,
    maxAgeSeconds: ACCESS_TOKEN_SECONDS,
  };
}

/** Whether a visitor's token opens the page: signed for this page, not expired, its key not revoked. */
export async function tokenOpensPage({
  db,
  statusPageId,
  token,
  now,
}: {
  db: Db;
  statusPageId: string;
  token: string;
  now: Date;
}): Promise<boolean> {
  const [keyId, expiresText, signature, ...rest] = token.split(".");
  if (rest.length || !isUuid(keyId) || !/^\d{1,12}$/.test(expiresText ?? "") || !signature) return false;
  const expires = Number(expiresText);
  if (expires * 1000 <= now.getTime()) return false;
  const row = await db.statusPageKey.findFirst({ where: { id: keyId.toLowerCase(), statusPageId } });
  if (!row) return false;
  const expected = Buffer.from(mac(row.keyHash, statusPageId, row.id, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The page a visitor names by its url (or custom domain), public or private, for the key gate:
 * only what the gate needs, never the page's content.
 */
export async function findGatedPage({
  db,
  url,
  customDomain,
}: {
  db: Pick<DbOrTx, "statusPage">;
  url?: string;
  customDomain?: string;
}): Promise<GatedPage | null> {
  const where = url !== undefined ? { url: url.trim().toLowerCase() } : { verifiedDomain: customDomain?.toLowerCase() };
  if (!where.url && !where.verifiedDomain) return null;
  return db.statusPage.findFirst({ where, select: { id: true, url: true, isPrivate: true, customDomain: true } });
}

/** What the key gate knows of a page: the pages' own row (any superset) fits. */
export type GatedPage = { id: string; url: string; isPrivate: boolean; customDomain: string | null };

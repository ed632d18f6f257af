import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../context.js";
import { isUuid } from "../ids.js";
import { keysetPage, type PageArgs } from "../pagination.js";

/**
 * GraphQL reads of status pages: bare page rows, whose cards, keys and incidents are loaded per
 * batch of pages (batch.ts), so that a list of pages costs the same few queries as one page.
 */

/** A keyset page of the account's status pages, newest first; cursors are the REST nextId format. */
export function pageStatusPages({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  return keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.statusPage.findMany({ where: { accountId: ctx.accountId, ...where }, orderBy, take }),
  );
}

/** The account's pages with these ids, in the ids' order (null where there is none): one query. */
export async function getStatusPages({ ctx, ids }: { ctx: DomainContext; ids: readonly unknown[] }) {
  const wanted = ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.statusPage.findMany({ where: { accountId: ctx.accountId, id: { in: valid } } })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

/**
 * The page a visitor opens by its url, with no key: only a page that is not private, else null.
 * Everything the visitor reaches from it is scoped to this page and its account (the row's
 * accountId), never to a caller. Urls are stored lower-cased, so the lookup is too.
 */
export async function findPublicStatusPage({ db, url }: { db: DbOrTx; url: string }) {
  return db.statusPage.findFirst({ where: { url: url.trim().toLowerCase(), isPrivate: false } });
}

/** A status page that is not private, by id, across accounts (a visitor has no account). */
export async function findPublicStatusPageById({
  db,
  id,
}: {
  db: DbOrTx;
  id: unknown;
}): Promise<{ id: string; accountId: string } | null> {
  if (!isUuid(id)) return null;
  return db.statusPage.findFirst({ where: { id, isPrivate: false }, select: { id: true, accountId: true } });
}

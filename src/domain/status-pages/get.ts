import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { statusPageInclude } from "./rows.js";
import { toStatusPageViews } from "./view.js";

/** The page row of the account; another account's id, or a non-uuid, is NotFound. */
export async function findStatusPage(db: DbOrTx, accountId: string, id: unknown) {
  const page = isUuid(id)
    ? await db.statusPage.findFirst({ where: { id, accountId }, include: statusPageInclude })
    : null;
  if (!page) throw new NotFoundError("status page", String(id));
  return page;
}

export async function getStatusPage({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const [view] = await toStatusPageViews(ctx.db, ctx.accountId, [await findStatusPage(ctx.db, ctx.accountId, id)]);
  return view!;
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

import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";

/** The caller's page (id only): another account's, or a non-uuid, is NotFound. */
export async function findOwnPage(db: DbOrTx, accountId: string, statusPageId: unknown) {
  const page = isUuid(statusPageId)
    ? await db.statusPage.findFirst({ where: { id: statusPageId, accountId }, select: { id: true } })
    : null;
  if (!page) throw new NotFoundError("status page", String(statusPageId));
  return page;
}

/** A subscription of the caller's page; one of another page or account is NotFound. */
export async function getSubscription({
  ctx,
  statusPageId,
  id,
}: {
  ctx: DomainContext;
  statusPageId: unknown;
  id: unknown;
}) {
  const page = await findOwnPage(ctx.db, ctx.accountId, statusPageId);
  const row = isUuid(id)
    ? await ctx.db.statusPageSubscription.findFirst({ where: { id, statusPageId: page.id } })
    : null;
  if (!row) throw new NotFoundError("subscription", String(id));
  return row;
}

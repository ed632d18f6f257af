import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { findStatusPage } from "../status-pages/get.js";

/**
 * Revokes a key of one of the account's pages: visitors' cookies made with it stop opening the
 * page at their next request (access.ts checks the key still exists). A key of another page is NotFound.
 */
export async function deleteStatusPageKey({
  ctx,
  statusPageId,
  keyId,
}: {
  ctx: DomainContext;
  statusPageId: unknown;
  keyId: unknown;
}) {
  const page = await findStatusPage(ctx.db, ctx.accountId, statusPageId);
  const { count } = isUuid(keyId)
    ? await ctx.db.statusPageKey.deleteMany({ where: { id: keyId.toLowerCase(), statusPageId: page.id } })
    : { count: 0 };
  if (count === 0) throw new NotFoundError("status page key", String(keyId));
  // Event streams opened with the key (or a cookie made from it) are closed at once.
  ctx.events.publish({ type: "statusPageChanged", accountId: ctx.accountId, statusPageIds: [page.id] });
}

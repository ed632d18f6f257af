import { hashKey } from "../api-keys/keys.js";
import type { DomainContext } from "../shared/context.js";
import { findStatusPage } from "../status-pages/get.js";
import { generateStatusPageKey, maskStatusPageKey } from "./key.js";

/**
 * A new key of one of the account's pages. Only its hash and masked form are stored; the key
 * itself is in this answer and never again. Another account's page is NotFound.
 */
export async function createStatusPageKey({ ctx, statusPageId }: { ctx: DomainContext; statusPageId: unknown }) {
  const page = await findStatusPage(ctx.db, ctx.accountId, statusPageId);
  const key = generateStatusPageKey();
  const row = await ctx.db.statusPageKey.create({
    data: { statusPageId: page.id, keyHash: hashKey(key), maskedKey: maskStatusPageKey(key) },
    omit: { keyHash: true },
  });
  // Visitors' pages, cached bodies and event streams are read again (docs/decisions.md, "Private pages").
  ctx.events.publish({ type: "statusPageChanged", accountId: ctx.accountId, statusPageIds: [page.id] });
  return { ...row, key };
}

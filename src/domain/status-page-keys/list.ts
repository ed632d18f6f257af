import type { DomainContext } from "../shared/context.js";
import { findStatusPage } from "../status-pages/get.js";

/** The keys of one of the account's pages, oldest first, masked (the hash never leaves the domain). */
export async function listStatusPageKeys({ ctx, statusPageId }: { ctx: DomainContext; statusPageId: unknown }) {
  const page = await findStatusPage(ctx.db, ctx.accountId, statusPageId);
  return ctx.db.statusPageKey.findMany({
    where: { statusPageId: page.id },
    omit: { keyHash: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

import type { DomainContext } from "../shared/context.js";
import { findOwnPage } from "./get.js";
import { toSubscriptionView } from "./view.js";

/** Every subscription of the caller's page, oldest first (the reference's SubscriptionsList is not paged). */
export async function listSubscriptions({ ctx, statusPageId }: { ctx: DomainContext; statusPageId: unknown }) {
  const page = await findOwnPage(ctx.db, ctx.accountId, statusPageId);
  const rows = await ctx.db.statusPageSubscription.findMany({
    where: { statusPageId: page.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toSubscriptionView);
}

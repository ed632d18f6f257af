import type { DomainContext } from "../shared/context.js";
import { toSubscriptionView, type SubscriptionView } from "./view.js";

/** The subscriptions of many pages of the caller's account at once, in the pages' order (one query). */
export async function subscriptionsOfStatusPages(
  ctx: DomainContext,
  statusPageIds: readonly string[],
): Promise<SubscriptionView[][]> {
  const rows = await ctx.db.statusPageSubscription.findMany({
    where: { statusPageId: { in: [...new Set(statusPageIds)] }, statusPage: { accountId: ctx.accountId } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byPage = new Map<string, SubscriptionView[]>();
  for (const row of rows) {
    const list = byPage.get(row.statusPageId) ?? [];
    list.push(toSubscriptionView(row));
    byPage.set(row.statusPageId, list);
  }
  return statusPageIds.map((id) => byPage.get(id) ?? []);
}

import type { DomainContext } from "../shared/context.js";
import { keysetPage, type PageArgs } from "../shared/pagination.js";
import { toSubscriptionView } from "./view.js";

/**
 * A keyset page of one page's subscriptions, newest first: an empty page for a page that is not
 * the caller's (the row's account is in the filter, so another account's subscribers never show).
 */
export async function pageSubscriptions({
  ctx,
  statusPageId,
  args,
}: {
  ctx: DomainContext;
  statusPageId: string;
  args: PageArgs;
}) {
  const page = await keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.statusPageSubscription.findMany({
      where: { statusPageId, statusPage: { accountId: ctx.accountId }, ...where },
      orderBy,
      take,
    }),
  );
  return { ...page, nodes: page.nodes.map(toSubscriptionView) };
}

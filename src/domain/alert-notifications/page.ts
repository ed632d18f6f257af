import type { DomainContext } from "../context.js";
import { keysetPage, type Page, type PageArgs } from "../pagination.js";
import { toAlertNotificationView, type AlertNotificationView } from "./view.js";

/** A keyset page of the account's notifications, newest first (createdAt, id): the GraphQL connection. */
export async function pageAlertNotifications({
  ctx,
  args,
}: {
  ctx: DomainContext;
  args: PageArgs;
}): Promise<Page<AlertNotificationView>> {
  const page = await keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.alertNotification.findMany({
      where: { accountId: ctx.accountId, statusPageId: null, ...where },
      orderBy,
      take,
    }),
  );
  return { ...page, nodes: page.nodes.map(toAlertNotificationView) };
}

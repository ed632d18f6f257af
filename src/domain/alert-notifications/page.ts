import type { DomainContext } from "../shared/context.js";
import { keysetPage, type Page, type PageArgs } from "../shared/pagination.js";
import type { NotificationStatus } from "./rows.js";
import { toAlertNotificationView, type AlertNotificationView } from "./view.js";

/** What the notification log may be narrowed to (each optional; together they all apply). */
export type AlertNotificationFilter = {
  alertChannelId?: number | null;
  status?: NotificationStatus | null;
  checkId?: string | null;
};

/**
 * A keyset page of the account's notifications, newest first (createdAt, id): the GraphQL
 * connection. A filter naming another account's channel or check finds nothing, as the account
 * scope stays in the condition.
 */
export async function pageAlertNotifications({
  ctx,
  args,
  filter = {},
}: {
  ctx: DomainContext;
  args: PageArgs;
  filter?: AlertNotificationFilter;
}): Promise<Page<AlertNotificationView>> {
  const { alertChannelId, status, checkId } = filter;
  const narrowed = {
    ...(alertChannelId == null ? {} : { alertChannelId }),
    ...(status == null ? {} : { status }),
    ...(checkId == null ? {} : { checkId }),
  };
  const page = await keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.alertNotification.findMany({
      where: { accountId: ctx.accountId, statusPageId: null, ...narrowed, ...where },
      orderBy,
      take,
    }),
  );
  return { ...page, nodes: page.nodes.map(toAlertNotificationView) };
}

import type { DomainContext } from "../shared/context.js";
import { toAlertNotificationView, type AlertNotificationView } from "./view.js";

/** Notifications by id (GraphQL node lookups), in the ids' order, null where the account has none. */
export async function getAlertNotifications({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly string[];
}): Promise<(AlertNotificationView | null)[]> {
  const rows = await ctx.db.alertNotification.findMany({
    where: { accountId: ctx.accountId, statusPageId: null, id: { in: [...ids] } },
  });
  const byId = new Map(rows.map((row) => [row.id, toAlertNotificationView(row)]));
  return ids.map((id) => byId.get(id) ?? null);
}

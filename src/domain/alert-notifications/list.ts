import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { ListAlertNotificationsQuery, v1Window } from "./schemas.js";
import { toAlertNotificationView, type AlertNotificationView } from "./view.js";

/** The account's notifications made in the window, newest first, page by page (REST v1). */
export async function listAlertNotificationsV1({
  ctx,
  query,
}: {
  ctx: DomainContext;
  query: unknown;
}): Promise<AlertNotificationView[]> {
  const { limit, page, from, to, alertChannelId, hasFailures } = parseInput(
    ListAlertNotificationsQuery,
    query,
    "query",
  );
  const { start, end } = v1Window({ from, to }, ctx.now());
  const rows = await ctx.db.alertNotification.findMany({
    where: {
      accountId: ctx.accountId,
      // Status-page subscribers' notifications share the outbox, not this list (they have no channel).
      statusPageId: null,
      createdAt: { gte: start, lt: end },
      ...(alertChannelId === undefined ? {} : { alertChannelId }),
      ...(hasFailures === undefined ? {} : hasFailures ? { status: "FAILURE" } : { status: { not: "FAILURE" } }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    skip: (page - 1) * limit,
  });
  return rows.map(toAlertNotificationView);
}

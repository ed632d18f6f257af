import { z } from "zod";
import {
  type AlertNotificationView,
  ListAlertNotificationsQuery,
  listAlertNotificationsV1,
  NOTIFICATION_STATUSES,
} from "../../domain/alert-notifications/index.js";
import { iso, isoString } from "../format.js";
import type { Route } from "../route.js";

/** The reference's `AlertNotification`. */
export const AlertNotificationResponse = z.object({
  id: z.string().describe("The notification's id, also the `webhook-id` of signed webhooks"),
  type: z.string().describe("The channel's type: EMAIL, SLACK, WEBHOOK, PAGERDUTY or OPSGENIE"),
  status: z.enum(NOTIFICATION_STATUSES),
  alertConfig: z.record(z.string(), z.unknown()).describe("The channel config it was sent with (secrets null)"),
  notificationResult: z.string().nullable(),
  timestamp: isoString.nullable().describe("When it was last sent"),
  checkType: z.string().nullable(),
  checkId: z.string().nullable(),
  checkAlertId: z.string().nullable(),
  alertChannelId: z.number().int().nullable(),
  checkResultId: z.string().nullable(),
});

export function toAlertNotificationResponse(view: AlertNotificationView): z.infer<typeof AlertNotificationResponse> {
  // The reference's shape: the retry bookkeeping (tries, nextAttemptAt) is GraphQL's alone.
  const { createdAt: _createdAt, tries: _tries, nextAttemptAt: _next, timestamp, status, ...rest } = view;
  return { ...rest, status: status as (typeof NOTIFICATION_STATUSES)[number], timestamp: iso(timestamp) };
}

export const alertNotificationsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/alert-notifications",
    operationId: "listAlertNotifications",
    summary: "List alert notifications (page and limit, newest first)",
    description:
      "The account's alert notifications made inside a window of at most 6 hours (by default the 6 hours before now; `from` alone ends 6 hours later, `to` alone starts 6 hours earlier), optionally of one channel (`alertChannelId`) or, with `hasFailures=true`, only those that ended as FAILURE. `status` is IN_PROGRESS while tries are left.",
    tag: "Alert notifications",
    query: ListAlertNotificationsQuery,
    status: 200,
    response: z.array(AlertNotificationResponse),
    handler: async ({ ctx, query }) =>
      (await listAlertNotificationsV1({ ctx, query })).map(toAlertNotificationResponse),
  },
];

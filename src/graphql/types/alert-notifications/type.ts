import {
  type AlertNotificationView,
  getAlertNotifications,
  NOTIFICATION_STATUSES,
  pageAlertNotifications,
} from "../../../domain/alert-notifications/index.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain } from "../../context.js";
import { brandedLoader } from "../../node-loader.js";
import { CHECK_TYPENAMES, nodeId } from "../../node-ids.js";
import { AccountRef } from "../accounts/type.js";

const AlertNotificationStatusEnum = builder.enumType("AlertNotificationStatus", {
  description: "IN_PROGRESS while it has tries left, then SUCCESS or FAILURE.",
  values: NOTIFICATION_STATUSES,
});

export const AlertNotificationRef = builder.objectRef<AlertNotificationView>("AlertNotification");

export const AlertNotificationNode = builder.node(AlertNotificationRef, {
  description: "One delivery of an alert to one channel, with its retries (REST: GET /v1/alert-notifications).",
  id: { resolve: (n) => n.id },
  loadMany: brandedLoader("AlertNotification", (ids, ctx) => getAlertNotifications({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", {
      description: "The id REST shows (also the webhook-id of signed webhooks); id arguments take it as well.",
    }),
    type: t.exposeString("type", { description: "The channel's type: EMAIL, SLACK, WEBHOOK, PAGERDUTY or OPSGENIE." }),
    status: t.field({
      type: AlertNotificationStatusEnum,
      resolve: (n) => n.status as (typeof NOTIFICATION_STATUSES)[number],
    }),
    alertConfig: t.field({
      type: "JSON",
      description: "The channel config it was sent with (secrets null).",
      resolve: (n) => n.alertConfig,
    }),
    notificationResult: t.exposeString("notificationResult", {
      nullable: true,
      description: "`HTTP <status>: <first KiB of the body>`, or the error's message.",
    }),
    tries: t.exposeInt("tries", { description: "Sends so far: more than 1 means it was retried." }),
    nextAttemptAt: t.expose("nextAttemptAt", {
      type: "DateTime",
      nullable: true,
      description: "When the next retry is due while IN_PROGRESS; null once SUCCESS or FAILURE.",
    }),
    timestamp: t.expose("timestamp", { type: "DateTime", nullable: true, description: "When it was last sent." }),
    checkType: t.exposeString("checkType", { nullable: true }),
    checkId: t.exposeString("checkId", { nullable: true }),
    checkAlertId: t.exposeString("checkAlertId", { nullable: true }),
    alertChannelId: t.exposeInt("alertChannelId", { nullable: true }),
    checkResultId: t.exposeString("checkResultId", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const AlertNotificationConnection = builder.connectionObject(
  { type: AlertNotificationNode, name: "AlertNotificationConnection" },
  { name: "AlertNotificationEdge" },
);

builder.objectFields(AccountRef, (t) => ({
  alertNotifications: t.connection(
    {
      type: AlertNotificationNode,
      description:
        "The account's alert notifications, newest first (the cursors are REST's nextId format); the filters given all apply.",
      args: {
        alertChannelId: t.arg.id({ description: "Only this channel's (its global id or databaseId)." }),
        status: t.arg({ type: AlertNotificationStatusEnum, description: "Only those in this state." }),
        checkId: t.arg.id({ description: "Only this check's (its global id or databaseId)." }),
      },
      resolve: async (_account, { alertChannelId, status, checkId, ...args }, ctx) => {
        const filter = {
          alertChannelId: alertChannelId == null ? null : Number(nodeId(alertChannelId, "AlertChannel")),
          status,
          checkId: checkId == null ? null : nodeId(checkId, ...Object.values(CHECK_TYPENAMES)),
        };
        return toConnection(await pageAlertNotifications({ ctx: domain(ctx), args, filter }));
      },
    },
    AlertNotificationConnection,
  ),
}));

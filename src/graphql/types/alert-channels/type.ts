import {
  type AlertChannelRow,
  type AlertChannelSubscriptionView,
  getAlertChannels,
  pageAlertChannels,
  redactChannelConfig,
  toAlertChannelSubscriptionView,
} from "../../../domain/alert-channels/index.js";
import { getCheckGroups } from "../../../domain/check-groups/index.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, type GraphQLContext, loader } from "../../context.js";
import { DATABASE_ID_INT } from "../../node-ids.js";
import { brandedLoader } from "../../node-loader.js";
import { CheckGroupRef } from "../check-groups/type.js";
import { AlertChannelSubscriptionRef } from "../checks/settings.js";
import { CheckRef, loadCheck } from "../checks/type.js";
import { AlertChannelConfigUnion } from "./config.js";
import { AlertChannelTypeEnum } from "./enums.js";

/** The request's loader of the account's channels by id: every subscription's channel in one query. */
export const alertChannelLoader = (ctx: GraphQLContext) =>
  loader(ctx, "AlertChannel.byId", (ids: readonly number[]) => getAlertChannels({ ctx: domain(ctx), ids }));

/** The same loader as CheckGroup.group's (same name): one query for every group of a response. */
const groupLoader = (ctx: GraphQLContext) =>
  loader(ctx, "CheckGroup.byId", (ids: readonly number[]) => getCheckGroups({ ctx: domain(ctx), ids }));

/** One check or group subscribed to a channel (the reference's AlertChanelSubscription). */
export const AlertChannelSubscriberRef = builder
  .objectRef<AlertChannelSubscriptionView>("AlertChannelSubscriber")
  .implement({
    description: "A check or a check group subscribed to an alert channel.",
    fields: (t) => ({
      databaseId: t.exposeInt("id", { description: "The subscription's id, as REST shows it." }),
      checkId: t.exposeString("checkId", {
        nullable: true,
        description: "The check's databaseId, or null for a group.",
      }),
      groupId: t.exposeInt("groupId", { nullable: true, description: "The group's databaseId, or null for a check." }),
      activated: t.exposeBoolean("activated"),
      check: t.field({
        type: CheckRef,
        nullable: true,
        resolve: (s, _args, ctx) => (s.checkId ? loadCheck(ctx, s.checkId) : null),
      }),
      group: t.field({
        type: CheckGroupRef,
        nullable: true,
        resolve: (s, _args, ctx) => (s.groupId ? groupLoader(ctx).load(s.groupId) : null),
      }),
    }),
  });

export const AlertChannelNode = builder.node(builder.objectRef<AlertChannelRow>("AlertChannel"), {
  description: "Where alerts go: an email address, a Slack or other webhook, PagerDuty or Opsgenie.",
  id: { resolve: (c) => c.id },
  loadMany: brandedLoader("AlertChannel", (ids, ctx) => getAlertChannels({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: DATABASE_ID_INT }),
    type: t.field({ type: AlertChannelTypeEnum, resolve: (c) => c.type as never }),
    config: t.field({
      type: AlertChannelConfigUnion,
      description: "Write-only values (secrets, locked pairs' values) are null.",
      resolve: (c) => ({ type: c.type, config: redactChannelConfig((c.config ?? {}) as Record<string, unknown>) }),
    }),
    subscriptions: t.field({
      type: [AlertChannelSubscriberRef],
      resolve: (c) => c.subscriptions.map(toAlertChannelSubscriptionView),
    }),
    sendRecovery: t.exposeBoolean("sendRecovery"),
    sendFailure: t.exposeBoolean("sendFailure"),
    sendDegraded: t.exposeBoolean("sendDegraded"),
    sslExpiry: t.exposeBoolean("sslExpiry"),
    sslExpiryThreshold: t.exposeInt("sslExpiryThreshold", { description: "Days before expiry." }),
    autoSubscribe: t.exposeBoolean("autoSubscribe", { description: "Subscribe every check created later." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
  }),
});

// A check's or group's subscription links to its channel (batched per request).
builder.objectField(AlertChannelSubscriptionRef, "alertChannel", (t) =>
  t.field({
    type: AlertChannelNode,
    nullable: true,
    resolve: (s, _args, ctx) => alertChannelLoader(ctx).load(s.alertChannelId),
  }),
);

builder.queryFields((t) => ({
  alertChannels: t.connection(
    {
      type: AlertChannelNode,
      description: "The account's alert channels, newest first.",
      resolve: async (_root, args, ctx) => toConnection(await pageAlertChannels({ ctx: domain(ctx), args })),
    },
    { name: "AlertChannelConnection" },
    { name: "AlertChannelEdge" },
  ),
}));

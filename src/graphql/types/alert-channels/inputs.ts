import { builder } from "../../builder.js";
import { AlertChannelTypeEnum } from "./enums.js";

export const AlertChannelSubscriptionTargetInput = builder.inputType("AlertChannelSubscriptionTargetInput", {
  description: "Either checkId or groupId (global id or databaseId), not both.",
  fields: (t) => ({
    checkId: t.id(),
    groupId: t.id(),
    activated: t.boolean({ required: true }),
  }),
});

/** The fields of a write; the domain validates them, config per type (docs/decisions.md, Alerting). */
export const AlertChannelInput = builder.inputType("AlertChannelInput", {
  description:
    "On update an omitted flag keeps its value, a secret in config sent as null or left out keeps its stored value (unless the type changes), and a sent subscriptions list replaces the channel's.",
  fields: (t) => ({
    type: t.field({ type: AlertChannelTypeEnum, required: true }),
    config: t.field({
      type: "JSON",
      required: true,
      description:
        "EMAIL {address}; SLACK {url, channel}; WEBHOOK {name, webhookType, url, template, method, headers, queryParameters, webhookSecret}; PAGERDUTY {account, serviceName, serviceKey}; OPSGENIE {name, apiKey, region, priority}.",
    }),
    sendRecovery: t.boolean(),
    sendFailure: t.boolean(),
    sendDegraded: t.boolean(),
    sslExpiry: t.boolean(),
    sslExpiryThreshold: t.int(),
    autoSubscribe: t.boolean(),
    subscriptions: t.field({ type: [AlertChannelSubscriptionTargetInput] }),
  }),
});

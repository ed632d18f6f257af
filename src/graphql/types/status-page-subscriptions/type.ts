import {
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  type SubscriptionView,
} from "../../../domain/status-page-subscriptions/index.js";
import { builder } from "../../builder.js";

export const SubscriptionTypeEnum = builder.enumType("StatusPageSubscriptionType", {
  description: "EMAIL (the address) or WEBHOOK (the URL, shown as the address).",
  values: SUBSCRIPTION_TYPES,
});
export const SubscriptionStatusEnum = builder.enumType("StatusPageSubscriptionStatus", {
  description: "PENDING until the address confirms; only VERIFIED subscribers are notified.",
  values: SUBSCRIPTION_STATUSES,
});

export const StatusPageSubscriptionRef = builder.objectRef<SubscriptionView>("StatusPageSubscription").implement({
  description:
    "A subscriber of a status page: notified of incident updates sent with notifySubscribers and of maintenance.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The subscription's id (as in REST)." }),
    type: t.field({ type: SubscriptionTypeEnum, resolve: (s) => s.type }),
    address: t.exposeString("address"),
    status: t.field({ type: SubscriptionStatusEnum, resolve: (s) => s.status }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

export const BulkCreateSubscriptionsResultRef = builder
  .objectRef<{ created: number; skipped: number; status: "PENDING" | "VERIFIED" }>("BulkCreateSubscriptionsResult")
  .implement({
    description: "As REST's BulkCreateSubscriptionsResponse.",
    fields: (t) => ({
      created: t.exposeInt("created"),
      skipped: t.exposeInt("skipped", { description: "Already on the page, or named twice." }),
      status: t.field({ type: SubscriptionStatusEnum, resolve: (r) => r.status }),
    }),
  });

import { z } from "zod";
import {
  BulkCreateSubscriptionsInput,
  bulkCreateSubscriptions,
  deleteSubscription,
  listSubscriptions,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  type SubscriptionView,
} from "../../domain/status-page-subscriptions/index.js";
import { iso, isoString } from "../format.js";
import { type Route, uuidParam } from "../route.js";

/** The reference's `Subscription` (WEBHOOK subscribers show their URL as `address`). */
export const SubscriptionResponse = z.object({
  id: z.string(),
  type: z.enum(SUBSCRIPTION_TYPES),
  address: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  created_at: isoString,
  updated_at: isoString,
});

export const BulkCreateSubscriptionsResponse = z.object({
  created: z.number().int().describe("The number of subscriptions created."),
  skipped: z.number().int().describe("The number skipped: already on the page, or named twice in the body."),
  status: z.enum(SUBSCRIPTION_STATUSES).describe("VERIFIED when every created subscription is, else PENDING."),
});

export function toSubscriptionResponse(s: SubscriptionView): z.infer<typeof SubscriptionResponse> {
  return {
    id: s.id,
    type: s.type,
    address: s.address,
    status: s.status,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  };
}

const tag = "Status page subscriptions";
const statusPageId = uuidParam("The id of the status page");

export const statusPageSubscriptionsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/status-pages/{statusPageId}/subscriptions",
    operationId: "listStatusPageSubscriptions",
    summary: "List a status page's subscriptions",
    description: "Every EMAIL and WEBHOOK subscriber of the page, PENDING or VERIFIED, oldest first.",
    tag,
    params: { statusPageId },
    status: 200,
    response: z.array(SubscriptionResponse),
    handler: async ({ ctx, params }) =>
      (await listSubscriptions({ ctx, statusPageId: params.statusPageId })).map(toSubscriptionResponse),
  },
  {
    method: "POST",
    path: "/v1/status-pages/{statusPageId}/subscriptions/bulk",
    operationId: "bulkCreateStatusPageSubscriptions",
    summary: "Create up to 100 subscriptions at once",
    description:
      "EMAIL (`config` the address) and WEBHOOK (`config` the URL). Without `autoVerify`, an EMAIL subscription is PENDING and receives a confirmation mail; WEBHOOK subscriptions are VERIFIED. Existing ones are skipped.",
    tag,
    params: { statusPageId },
    body: BulkCreateSubscriptionsInput,
    status: 201,
    response: BulkCreateSubscriptionsResponse,
    handler: async ({ ctx, params, body }) =>
      bulkCreateSubscriptions({ ctx, statusPageId: params.statusPageId, input: body }),
  },
  {
    method: "DELETE",
    path: "/v1/status-pages/{statusPageId}/subscriptions/{subscriptionId}",
    operationId: "deleteStatusPageSubscription",
    summary: "Delete a subscription",
    description: "The subscriber receives nothing more, including notifications already queued.",
    tag,
    params: { statusPageId, subscriptionId: uuidParam("The id of the subscription") },
    status: 204,
    handler: async ({ ctx, params }) =>
      deleteSubscription({ ctx, statusPageId: params.statusPageId, id: params.subscriptionId }),
  },
];

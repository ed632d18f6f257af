import { z } from "zod";
import {
  type AlertChannelRow,
  type AlertChannelSubscriptionRow,
  CHANNEL_TYPES,
  CreateAlertChannelInput,
  createAlertChannel,
  deleteAlertChannel,
  getAlertChannel,
  ListAlertChannelsQuery,
  listAlertChannels,
  SetAlertChannelSubscriptionInput,
  setAlertChannelSubscription,
  toAlertChannelSubscriptionView,
  toAlertChannelView,
  UpdateAlertChannelInput,
  updateAlertChannel,
} from "../../domain/alert-channels/index.js";
import { iso, timestamps } from "../format.js";
import { type Route, intIdParam } from "../route.js";

/** The reference's `AlertChanelSubscription`. */
export const AlertChannelSubscriptionResponse = z.object({
  id: z.number().int(),
  checkId: z.string().nullable(),
  groupId: z.number().int().nullable(),
  activated: z.boolean(),
});

/** The reference's `AlertChannel`; write-only config values (secrets, locked pairs) are null. */
export const AlertChannelResponse = z.object({
  id: z.number().int(),
  type: z.enum(CHANNEL_TYPES),
  config: z.record(z.string(), z.unknown()),
  subscriptions: z.array(AlertChannelSubscriptionResponse),
  sendRecovery: z.boolean(),
  sendFailure: z.boolean(),
  sendDegraded: z.boolean(),
  sslExpiry: z.boolean(),
  sslExpiryThreshold: z.number().int(),
  autoSubscribe: z.boolean(),
  ...timestamps,
});

export function toAlertChannelResponse(row: AlertChannelRow): z.infer<typeof AlertChannelResponse> {
  const { createdAt, updatedAt, ...view } = toAlertChannelView(row);
  return {
    ...view,
    type: view.type as (typeof CHANNEL_TYPES)[number],
    created_at: iso(createdAt),
    updated_at: iso(updatedAt),
  };
}

const toSubscriptionResponse = (row: AlertChannelSubscriptionRow) => toAlertChannelSubscriptionView(row);

const tag = "Alert channels";
const params = { id: intIdParam("The id of the alert channel") };
const types =
  "Types EMAIL, SLACK, WEBHOOK, PAGERDUTY and OPSGENIE; SMS, CALL and SLACK_APP are refused (400) as not supported.";
const secrets =
  "Secrets (webhookSecret, serviceKey, apiKey, values of locked headers and query parameters) are write-only: responses show null.";

export const alertChannelsRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/alert-channels",
    operationId: "createAlertChannel",
    summary: "Create an alert channel",
    description: `Needs type and config. ${types} ${secrets} autoSubscribe subscribes every check created later.`,
    tag,
    body: CreateAlertChannelInput,
    status: 201,
    response: AlertChannelResponse,
    handler: async ({ ctx, body }) => toAlertChannelResponse(await createAlertChannel({ ctx, input: body })),
  },
  {
    method: "GET",
    path: "/v1/alert-channels",
    operationId: "listAlertChannels",
    summary: "List alert channels, newest first",
    description: `Pages of \`limit\` channels (default 10), \`page\` from 1. ${secrets}`,
    tag,
    query: ListAlertChannelsQuery,
    status: 200,
    response: z.array(AlertChannelResponse),
    handler: async ({ ctx, query }) => (await listAlertChannels({ ctx, query })).map(toAlertChannelResponse),
  },
  {
    method: "GET",
    path: "/v1/alert-channels/{id}",
    operationId: "getAlertChannel",
    summary: "Retrieve an alert channel",
    description: `A channel of another account is a 404, as a missing one. ${secrets}`,
    tag,
    params,
    status: 200,
    response: AlertChannelResponse,
    handler: async ({ ctx, params }) => toAlertChannelResponse(await getAlertChannel({ ctx, id: params.id })),
  },
  {
    method: "PUT",
    path: "/v1/alert-channels/{id}",
    operationId: "updateAlertChannel",
    summary: "Update an alert channel",
    description:
      "Needs type and config; an omitted flag keeps its value, a sent subscriptions list replaces the channel's. A secret sent as null or left out keeps its stored value (unless the type changes).",
    tag,
    params,
    body: UpdateAlertChannelInput,
    status: 200,
    response: AlertChannelResponse,
    handler: async ({ ctx, params, body }) =>
      toAlertChannelResponse(await updateAlertChannel({ ctx, id: params.id, input: body })),
  },
  {
    method: "DELETE",
    path: "/v1/alert-channels/{id}",
    operationId: "deleteAlertChannel",
    summary: "Delete an alert channel",
    description: "Its subscriptions and notifications are deleted with it.",
    tag,
    params,
    status: 204,
    handler: async ({ ctx, params }) => deleteAlertChannel({ ctx, id: params.id }),
  },
  {
    method: "PUT",
    path: "/v1/alert-channels/{id}/subscriptions",
    operationId: "updateAlertChannelSubscription",
    summary: "Subscribe a check or a group to an alert channel",
    description:
      "Send either checkId or groupId (not both) and activated: creates the subscription or sets its activated. A check or group of another account is a 404.",
    tag,
    params,
    body: SetAlertChannelSubscriptionInput,
    status: 200,
    response: AlertChannelSubscriptionResponse,
    handler: async ({ ctx, params, body }) =>
      toSubscriptionResponse(await setAlertChannelSubscription({ ctx, id: params.id, input: body })),
  },
];

import { z } from "zod";
import { INT_MAX, PageQuery, querySchema, requestBody } from "../shared/schemas.js";

/**
 * Alert channel bodies (`AlertChannelCreate` of the reference; docs/decisions.md, Alerting). The
 * reference leaves `config` open; its shape per type is decided there. Write-only config values
 * (see ./secrets.ts): `webhookSecret`, PagerDuty's `serviceKey`, Opsgenie's `apiKey`, and the values
 * of `locked` webhook headers and query parameters.
 */

export const CHANNEL_TYPES = [
  "EMAIL",
  "SLACK",
  "SLACK_APP",
  "WEBHOOK",
  "SMS",
  "PAGERDUTY",
  "OPSGENIE",
  "CALL",
] as const;
export const DELIVERED_CHANNEL_TYPES = ["EMAIL", "SLACK", "WEBHOOK", "PAGERDUTY", "OPSGENIE"] as const;
export const UNSUPPORTED_CHANNEL_TYPES = ["SMS", "CALL", "SLACK_APP"] as const;
export type ChannelType = (typeof DELIVERED_CHANNEL_TYPES)[number];

export const WEBHOOK_TYPES = [
  "WEBHOOK",
  "WEBHOOK_MSTEAMS",
  "WEBHOOK_TELEGRAM",
  "WEBHOOK_DISCORD",
  "WEBHOOK_INCIDENTIO",
] as const;
export const WEBHOOK_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;
export const OPSGENIE_REGIONS = ["US", "EU"] as const;
export const OPSGENIE_PRIORITIES = ["P1", "P2", "P3", "P4", "P5"] as const;

const httpUrl = z.url({ protocol: /^https?$/, message: "must be an http or https URL" }).max(2048);
const name = z.string().trim().min(1).max(255);
const secret = z.string().min(1).max(1024);

/** A Standard Webhooks signing secret: any string, or `whsec_` and base64 (channels and status pages). */
export const WebhookSecret = secret.refine(
  (value) => !value.startsWith("whsec_") || /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(value),
  { message: "a whsec_ secret must be whsec_ and at least 16 characters of base64" },
);

/** A header or query parameter; a locked one's value is write-only (null in responses and sent back). */
const Pair = z.strictObject({
  key: z.string().min(1).max(1024),
  value: z
    .string()
    .max(8 * 1024)
    .nullable()
    .default(""),
  locked: z.boolean().default(false),
});

/** A header: an HTTP token as name, a value without line breaks (Node refuses anything else). */
const Header = Pair.extend({
  key: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/, "must be an HTTP header name"),
  value: Pair.shape.value.refine((value) => value === null || !/[\r\n\0]/.test(value), {
    message: "must not contain line breaks",
  }),
});

/** At most 64 KiB; whether it renders the decided sample is checked on save (checkChannelTemplate). */
const template = z.string().max(64 * 1024);

/** Secret fields are required on create; on update null or omitted keeps the stored value. */
function configs<M extends "create" | "update" | "stored">(mode: M) {
  type Secret = M extends "update" ? z.ZodOptional<z.ZodNullable<z.ZodString>> : z.ZodString;
  const required = (schema: z.ZodString) => (mode === "update" ? schema.nullable().optional() : schema) as Secret;
  return {
    EMAIL: z.strictObject({ address: z.email().max(320) }),
    SLACK: z.strictObject({ url: httpUrl, channel: z.string().max(255).nullable().default(null) }),
    WEBHOOK: z.strictObject({
      name,
      webhookType: z.enum(WEBHOOK_TYPES).default("WEBHOOK"),
      url: httpUrl,
      template: template.nullable().default(null),
      method: z.enum(WEBHOOK_METHODS).default("POST"),
      headers: z.array(Header).max(50).default([]),
      queryParameters: z.array(Pair).max(50).default([]),
      webhookSecret: WebhookSecret.nullable().optional(),
    }),
    PAGERDUTY: z.strictObject({
      account: z.string().max(255).nullable().default(null),
      serviceName: z.string().max(255).nullable().default(null),
      serviceKey: required(secret),
    }),
    OPSGENIE: z.strictObject({
      name,
      apiKey: required(secret),
      region: z.enum(OPSGENIE_REGIONS).default("US"),
      priority: z.enum(OPSGENIE_PRIORITIES).default("P3"),
    }),
  };
}

const notSupported = z.enum(UNSUPPORTED_CHANNEL_TYPES).superRefine((type, ctx) => {
  ctx.addIssue({
    code: "custom",
    message: `${type} alert channels are not supported (supported: ${DELIVERED_CHANNEL_TYPES.join(", ")})`,
  });
});

export const ChannelSubscription = z
  .strictObject({
    id: z.unknown().optional().describe("response-only; ignored in requests"),
    checkId: z.uuid().nullable().optional(),
    groupId: z.number().int().positive().max(INT_MAX).nullable().optional(),
    activated: z.boolean(),
  })
  .superRefine((subscription, ctx) => {
    if (Boolean(subscription.checkId) === Boolean(subscription.groupId)) {
      ctx.addIssue({ code: "custom", path: ["checkId"], message: "send either checkId or groupId, not both" });
    }
  });

const common = {
  sendRecovery: z.boolean(),
  sendFailure: z.boolean(),
  sendDegraded: z.boolean(),
  sslExpiry: z.boolean(),
  sslExpiryThreshold: z.number().int().min(1).max(30),
  autoSubscribe: z.boolean(),
  subscriptions: z.array(ChannelSubscription).max(1000),
};
const createDefaults = {
  sendRecovery: common.sendRecovery.default(true),
  sendFailure: common.sendFailure.default(true),
  sendDegraded: common.sendDegraded.default(false),
  sslExpiry: common.sslExpiry.default(false),
  sslExpiryThreshold: common.sslExpiryThreshold.default(30),
  autoSubscribe: common.autoSubscribe.default(false),
  subscriptions: common.subscriptions.optional(),
};
const updateOptional = Object.fromEntries(Object.entries(common).map(([key, schema]) => [key, schema.optional()])) as {
  [K in keyof typeof common]: z.ZodOptional<(typeof common)[K]>;
};

function channelBody<M extends "create" | "update">(mode: M) {
  const shapes = configs(mode);
  const rest = mode === "create" ? createDefaults : updateOptional;
  return z.discriminatedUnion("type", [
    requestBody({ type: z.literal("EMAIL"), config: shapes.EMAIL, ...rest }),
    requestBody({ type: z.literal("SLACK"), config: shapes.SLACK, ...rest }),
    requestBody({ type: z.literal("WEBHOOK"), config: shapes.WEBHOOK, ...rest }),
    requestBody({ type: z.literal("PAGERDUTY"), config: shapes.PAGERDUTY, ...rest }),
    requestBody({ type: z.literal("OPSGENIE"), config: shapes.OPSGENIE, ...rest }),
    z.looseObject({ type: notSupported }),
  ]);
}

/** POST /v1/alert-channels. */
export const CreateAlertChannelInput = channelBody("create");
export type CreateAlertChannelInput = z.input<typeof CreateAlertChannelInput>;
/** PUT /v1/alert-channels/{id}: type and config are required; an omitted flag keeps its value. */
export const UpdateAlertChannelInput = channelBody("update");
export type UpdateAlertChannelInput = z.input<typeof UpdateAlertChannelInput>;

/** A channel's stored config per type (what delivery reads), secrets included. */
type Configs = ReturnType<typeof configs<"create">>;
export type EmailConfig = z.output<Configs["EMAIL"]>;
export type SlackConfig = z.output<Configs["SLACK"]>;
export type WebhookConfig = z.output<Configs["WEBHOOK"]>;
export type PagerDutyConfig = z.output<Configs["PAGERDUTY"]>;
export type OpsgenieConfig = z.output<Configs["OPSGENIE"]>;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export type StoredChannel =
  | { type: "EMAIL"; config: EmailConfig }
  | { type: "SLACK"; config: SlackConfig }
  | { type: "WEBHOOK"; config: WebhookConfig }
  | { type: "PAGERDUTY"; config: PagerDutyConfig }
  | { type: "OPSGENIE"; config: OpsgenieConfig };

/** Re-reads a stored channel (config JSON from the database) with its defaults, before delivery. */
export function parseStoredChannel<T extends ChannelType>(
  type: T,
  config: unknown,
): Extract<StoredChannel, { type: T }>;
export function parseStoredChannel(type: string, config: unknown): StoredChannel;
export function parseStoredChannel(type: string, config: unknown): StoredChannel {
  const shapes = configs("stored");
  if (!(DELIVERED_CHANNEL_TYPES as readonly string[]).includes(type)) {
    throw new Error(`${type} alert channels are not supported`);
  }
  return { type, config: shapes[type as ChannelType].parse(config) } as StoredChannel;
}

/** GET /v1/alert-channels: page/limit of the reference document. */
export const ListAlertChannelsQuery = querySchema(PageQuery);

/** PUT /v1/alert-channels/{id}/subscriptions (`AlertChannelSubscriptionCreate`). */
export const SetAlertChannelSubscriptionInput = ChannelSubscription;
export type SetAlertChannelSubscriptionInput = z.input<typeof SetAlertChannelSubscriptionInput>;

import { builder } from "../../builder.js";
import { OpsgeniePriorityEnum, OpsgenieRegionEnum, WebhookMethodEnum, WebhookTypeEnum } from "./enums.js";

/**
 * A channel's config, one object type per channel type, as the domain's view shows it: write-only
 * values (webhookSecret, serviceKey, apiKey, locked pairs' values) are always null.
 */
type Config = Record<string, unknown>;
export type ShownConfig = { type: string; config: Config };

const str = (key: string) => (c: ShownConfig) => (c.config[key] ?? null) as string | null;
const secret = { nullable: true, description: "Write-only: always null.", resolve: () => null } as const;

type Pair = { key: string; value: string | null; locked?: boolean };
const PairRef = builder.objectRef<Pair>("WebhookKeyValue").implement({
  description: "A webhook header or query parameter; a locked one's value is write-only (null).",
  fields: (t) => ({
    key: t.exposeString("key"),
    value: t.string({ nullable: true, resolve: (p) => p.value }),
    locked: t.boolean({ resolve: (p) => p.locked ?? false }),
  }),
});

const Email = builder.objectRef<ShownConfig>("EmailChannelConfig").implement({
  fields: (t) => ({ address: t.string({ resolve: (c) => str("address")(c) ?? "" }) }),
});
const Slack = builder.objectRef<ShownConfig>("SlackChannelConfig").implement({
  description: "A Slack incoming webhook.",
  fields: (t) => ({
    url: t.string({ resolve: (c) => str("url")(c) ?? "" }),
    channel: t.string({ nullable: true, resolve: str("channel") }),
  }),
});
const Webhook = builder.objectRef<ShownConfig>("WebhookChannelConfig").implement({
  fields: (t) => ({
    name: t.string({ resolve: (c) => str("name")(c) ?? "" }),
    webhookType: t.field({ type: WebhookTypeEnum, resolve: (c) => (str("webhookType")(c) ?? "WEBHOOK") as never }),
    url: t.string({ resolve: (c) => str("url")(c) ?? "" }),
    template: t.string({
      nullable: true,
      description: "Handlebars; null: a JSON object of the variables.",
      resolve: str("template"),
    }),
    method: t.field({ type: WebhookMethodEnum, resolve: (c) => (str("method")(c) ?? "POST") as never }),
    headers: t.field({ type: [PairRef], resolve: (c) => (c.config.headers ?? []) as Pair[] }),
    queryParameters: t.field({ type: [PairRef], resolve: (c) => (c.config.queryParameters ?? []) as Pair[] }),
    webhookSecret: t.string(secret),
  }),
});
const PagerDuty = builder.objectRef<ShownConfig>("PagerDutyChannelConfig").implement({
  fields: (t) => ({
    account: t.string({ nullable: true, resolve: str("account") }),
    serviceName: t.string({ nullable: true, resolve: str("serviceName") }),
    serviceKey: t.string(secret),
  }),
});
const Opsgenie = builder.objectRef<ShownConfig>("OpsgenieChannelConfig").implement({
  fields: (t) => ({
    name: t.string({ resolve: (c) => str("name")(c) ?? "" }),
    apiKey: t.string(secret),
    region: t.field({ type: OpsgenieRegionEnum, resolve: (c) => (str("region")(c) ?? "US") as never }),
    priority: t.field({ type: OpsgeniePriorityEnum, resolve: (c) => (str("priority")(c) ?? "P3") as never }),
  }),
});

const byType = { EMAIL: Email, SLACK: Slack, WEBHOOK: Webhook, PAGERDUTY: PagerDuty, OPSGENIE: Opsgenie } as const;

export const AlertChannelConfigUnion = builder.unionType("AlertChannelConfig", {
  description: "The config of the channel's type.",
  types: Object.values(byType),
  resolveType: (shown) => byType[shown.type as keyof typeof byType].name,
});

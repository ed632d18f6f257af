// The config fields of each channel type, as AlertChannelInput.config takes them (the schema's
// description lists them): the form draws these, and the API validates them.
import { type Pair, pairsInput } from "../form/KeyValueList";

export const TYPES = ["WEBHOOK", "SLACK", "EMAIL", "PAGERDUTY", "OPSGENIE"] as const;
export type ChannelType = (typeof TYPES)[number];

type FieldSpec = {
  name: string;
  label: string;
  kind?: "select" | "secret" | "url" | "email";
  options?: string[];
  hint?: string;
};

export const FIELDS: Record<ChannelType, FieldSpec[]> = {
  WEBHOOK: [
    { name: "name", label: "Name" },
    {
      name: "webhookType",
      label: "Flavour",
      kind: "select",
      options: ["WEBHOOK", "WEBHOOK_MSTEAMS", "WEBHOOK_DISCORD", "WEBHOOK_TELEGRAM", "WEBHOOK_INCIDENTIO"],
    },
    { name: "url", label: "URL", kind: "url" },
    { name: "method", label: "Method", kind: "select", options: ["POST", "PUT", "PATCH", "GET", "DELETE", "HEAD"] },
    { name: "webhookSecret", label: "Signing secret", kind: "secret", hint: "Standard Webhooks (whsec_…); write-only" },
  ],
  SLACK: [
    { name: "url", label: "Incoming webhook URL", kind: "url" },
    { name: "channel", label: "Channel" },
  ],
  EMAIL: [{ name: "address", label: "Address", kind: "email" }],
  PAGERDUTY: [
    { name: "serviceName", label: "Service name" },
    { name: "account", label: "Account" },
    { name: "serviceKey", label: "Integration key", kind: "secret", hint: "Write-only" },
  ],
  OPSGENIE: [
    { name: "name", label: "Name" },
    { name: "apiKey", label: "API key", kind: "secret", hint: "Write-only" },
    { name: "region", label: "Region", kind: "select", options: ["US", "EU"] },
    { name: "priority", label: "Priority", kind: "select", options: ["P1", "P2", "P3", "P4", "P5"] },
  ],
};

/** What a channel form edits. */
export type ChannelDraft = {
  type: ChannelType;
  values: Record<string, string>;
  template: string;
  headers: Pair[];
  queryParameters: Pair[];
};

export const EMPTY_DRAFT: ChannelDraft = {
  type: "WEBHOOK",
  values: {},
  template: "",
  headers: [],
  queryParameters: [],
};

/**
 * The config the API gets: empty fields left out (the API fills its defaults and names what is
 * missing; on an update an empty secret keeps its stored value, as does a locked pair left empty).
 */
export function configOf({ type, values, template, headers, queryParameters }: ChannelDraft) {
  const config: Record<string, unknown> = {};
  for (const field of FIELDS[type]) {
    const value = values[field.name]?.trim() ?? "";
    if (value) config[field.name] = value;
    else if (field.kind === "select") config[field.name] = field.options?.[0] ?? "";
  }
  if (type !== "WEBHOOK") return config;
  if (template.trim()) config.template = template;
  // Left out when empty: the API's default is none (on an update too: the config is replaced).
  if (pairsInput(headers).length) config.headers = pairsInput(headers);
  if (pairsInput(queryParameters).length) config.queryParameters = pairsInput(queryParameters);
  return config;
}

type StoredPair = { readonly key: string; readonly value?: string | null; readonly locked: boolean };

/** The form's draft of a stored channel (secrets and locked values come back empty: write-only). */
export function draftOf(type: string, config: Record<string, unknown>): ChannelDraft {
  const known = (TYPES as readonly string[]).includes(type) ? (type as ChannelType) : "WEBHOOK";
  const values: Record<string, string> = {};
  for (const field of FIELDS[known]) {
    const value = config[field.name];
    if (typeof value === "string" && field.kind !== "secret") values[field.name] = value;
  }
  const pairs = (list: unknown) =>
    ((list as StoredPair[] | undefined) ?? []).map((pair) => ({
      key: pair.key,
      value: pair.value ?? "",
      locked: pair.locked,
    }));
  return {
    type: known,
    values,
    template: typeof config.template === "string" ? config.template : "",
    headers: pairs(config.headers),
    queryParameters: pairs(config.queryParameters),
  };
}

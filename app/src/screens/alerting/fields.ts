// The config fields of each channel type, as AlertChannelInput.config takes them (the schema's
// description lists them): the form draws these, and the API validates them.

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

/** The config the API gets: empty fields left out (the API fills its defaults and names what is missing). */
export function configOf(type: ChannelType, values: Record<string, string>, template: string) {
  const config: Record<string, string> = {};
  for (const field of FIELDS[type]) {
    const value = values[field.name]?.trim() ?? "";
    if (value) config[field.name] = value;
    else if (field.kind === "select") config[field.name] = field.options?.[0] ?? "";
  }
  if (type === "WEBHOOK" && template.trim()) config.template = template;
  return config;
}

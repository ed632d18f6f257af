import { json } from "../../db/json.js";
import type { AlertChannelSubscription, Check } from "../../generated/sqlite/client.js";

/** A check as the domain hands it out: the row with its alert channel subscriptions. */
export type CheckRow = Check & { alertChannelSubscriptions: AlertChannelSubscription[] };
export const checkInclude = { alertChannelSubscriptions: { orderBy: { alertChannelId: "asc" } } } as const;

/** Parsed body values, keyed by property name. */
export type CheckValues = Record<string, unknown>;

/** List properties: shown as [] when unset. */
export const LISTS = [
  "locations",
  "tags",
  "alertChannelSubscriptions",
  "privateLocations",
  "environmentVariables",
  "dependencies",
];
/** Reference properties without a column of their own: kept in the `settings` JSON column. */
export const SETTINGS = [
  "intent",
  "aiAutoRepairEnabled",
  "sslCheckDomain",
  "degradedPacketLossThreshold",
  "maxPacketLossThreshold",
];
const JSON_COLUMNS = new Set([
  "locations",
  "tags",
  "alertSettings",
  "retryStrategy",
  "triggerIncident",
  "request",
  "heartbeat",
  "environmentVariables",
  "privateLocations",
  "dependencies",
]);
/** Objects that a partial update merges into the stored one, rather than replacing it. */
const MERGED = ["request", "heartbeat", "alertSettings"] as const;

/**
 * What `null` means for a list: on create and the typed PUT, no items; on the deprecated PUT,
 * "leave it unchanged" (docs/decisions.md), as for `groupId: null` there.
 */
export function normalizeLists(values: CheckValues, nullMeans: "empty" | "unchanged"): CheckValues {
  const out = { ...values };
  for (const key of LISTS) if (out[key] === null) out[key] = nullMeans === "empty" ? [] : undefined;
  if (nullMeans === "unchanged" && out.groupId === null) out.groupId = undefined;
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * "Omitted properties keep their value" reaches into `request`, `heartbeat` and `alertSettings`:
 * the sent object is laid over the stored one before validation, so `{request: {url}}` keeps the
 * method, headers and assertions.
 */
export function mergeStoredObjects(current: Check, input: unknown): unknown {
  if (!isObject(input)) return input;
  const merged = { ...input };
  for (const key of MERGED) {
    const stored = current[key];
    if (isObject(merged[key]) && isObject(stored)) merged[key] = { ...stored, ...merged[key] };
  }
  // An SSL monitor's settings sit one level deeper (request.sslConfig.securityBaseline): merged alike.
  if (current.checkType === "SSL" && isObject(input.request)) merged.request = mergeSslConfig(current, merged);
  return merged;
}

function mergeSslConfig(current: Check, merged: Record<string, unknown>): unknown {
  const request = merged.request as Record<string, unknown>;
  const stored = (isObject(current.request) ? current.request.sslConfig : null) as unknown;
  const sent = request.sslConfig;
  if (!isObject(stored) || !isObject(sent)) return request;
  const baseline =
    isObject(stored.securityBaseline) && isObject(sent.securityBaseline)
      ? { ...stored.securityBaseline, ...sent.securityBaseline }
      : (sent.securityBaseline ?? stored.securityBaseline);
  return { ...request, sslConfig: { ...stored, ...sent, securityBaseline: baseline } };
}

/** Column data for Prisma: JSON columns wrapped, reference-only properties folded into `settings`. */
export function toCheckData(values: CheckValues, storedSettings: unknown = {}) {
  const data: Record<string, unknown> = {};
  const settings: Record<string, unknown> = isObject(storedSettings) ? { ...storedSettings } : {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || key === "alertChannelSubscriptions" || key === "checkType") continue;
    if (SETTINGS.includes(key)) settings[key] = value;
    else data[key] = JSON_COLUMNS.has(key) ? json(value) : value;
  }
  return { ...data, settings: json(settings) };
}

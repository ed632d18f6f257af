import { alertKind } from "../domain/alert-templates/variables.js";
import type { OpsgenieConfig } from "../domain/alert-channels/schemas.js";
import { type AlertMessage, checkKey, type DeliveryRequest, JSON_HEADERS } from "./types.js";

const REGION_URLS = { US: "https://api.opsgenie.com", EU: "https://api.eu.opsgenie.com" } as const;

/**
 * Opsgenie Alert API: failures and degradations create an alert whose alias is stable per check
 * (Opsgenie folds repeats into it), recoveries close it by that alias.
 */
export function opsgenieRequest(
  config: OpsgenieConfig,
  message: AlertMessage,
  endpoints: { opsgenieApiUrl: string | null },
): DeliveryRequest {
  const v = message.variables;
  const base = (endpoints.opsgenieApiUrl ?? REGION_URLS[config.region]).replace(/\/+$/, "");
  const alias = checkKey(v);
  const headers = { ...JSON_HEADERS, authorization: `GenieKey ${config.apiKey}` };
  if (alertKind(message.alertType) === "RECOVERY") {
    return {
      method: "POST",
      url: `${base}/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`,
      headers,
      body: JSON.stringify({ source: "Vigil", note: v.ALERT_TITLE }),
      trusted: true,
    };
  }
  const body = {
    message: v.ALERT_TITLE.slice(0, 130),
    alias,
    description: [v.CHECK_ERROR_MESSAGE, v.RESULT_LINK].filter(Boolean).join("\n\n").slice(0, 15000),
    tags: v.TAGS.slice(0, 20),
    details: Object.fromEntries(Object.entries(v).map(([key, value]) => [key, value === null ? "" : String(value)])),
    entity: v.CHECK_NAME,
    source: "Vigil",
    priority: config.priority,
  };
  return { method: "POST", url: `${base}/v2/alerts`, headers, body: JSON.stringify(body), trusted: true };
}

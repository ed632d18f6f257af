import { alertKind } from "../domain/alert-templates/variables.js";
import type { PagerDutyConfig } from "../domain/alert-channels/schemas.js";
import { type AlertMessage, checkKey, type DeliveryRequest, JSON_HEADERS } from "./types.js";

/**
 * PagerDuty Events API v2: failures and degradations trigger (critical, warning), recoveries
 * resolve; one dedup_key per check, so reminders and a change to degraded update the same incident.
 */
export function pagerDutyRequest(
  config: PagerDutyConfig,
  message: AlertMessage,
  endpoints: { pagerdutyEventsUrl: string },
): DeliveryRequest {
  const v = message.variables;
  const kind = alertKind(message.alertType);
  const base = { routing_key: config.serviceKey, dedup_key: checkKey(v) };
  const body =
    kind === "RECOVERY"
      ? { ...base, event_action: "resolve" }
      : {
          ...base,
          event_action: "trigger",
          payload: {
            summary: v.ALERT_TITLE.slice(0, 1024),
            source: v.RUN_LOCATION || "vigil",
            severity: kind === "FAILURE" ? "critical" : "warning",
            timestamp: message.now.toISOString(),
            component: v.CHECK_NAME,
            group: v.GROUP_NAME || undefined,
            class: v.CHECK_TYPE,
            custom_details: v,
          },
          client: "Vigil",
          client_url: v.RESULT_LINK,
          links: [{ href: v.RESULT_LINK, text: "Check result" }],
        };
  return {
    method: "POST",
    url: endpoints.pagerdutyEventsUrl,
    headers: { ...JSON_HEADERS },
    body: JSON.stringify(body),
    trusted: true,
  };
}

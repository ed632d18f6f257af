import type { AlertType } from "../domain/alert-rules/decide.js";
import type { AlertVariables } from "../domain/alert-templates/variables.js";

/** One provider request, as the adapters build it and `send` executes it. */
export type DeliveryRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * The host comes from the operator's configuration (PAGERDUTY_EVENTS_URL, OPSGENIE_API_URL,
   * TELEGRAM_API_URL), not from a tenant: BLOCK_PRIVATE_TARGETS does not apply to it.
   */
  trusted?: boolean;
};

/** What every adapter is given: the notification's id (stable across retries), its alert and variables. */
export type AlertMessage = {
  notificationId: string;
  alertType: AlertType;
  variables: AlertVariables;
  /** The time of this try (webhook signatures, provider timestamps). */
  now: Date;
};

export const USER_AGENT = "Vigil-Alerts/1";
export const JSON_HEADERS = { "content-type": "application/json", "user-agent": USER_AGENT };

/** A stable key per check, so providers group one check's trigger, reminders and resolve. */
export function checkKey(variables: AlertVariables): string {
  return `vigil-check-${variables.CHECK_ID}`;
}

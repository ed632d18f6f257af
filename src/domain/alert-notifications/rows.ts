import type { AlertType } from "../alert-rules/decide.js";
import type { AlertVariables } from "../alert-templates/variables.js";

/**
 * What an AlertNotification row's `request` column holds: the channel as it was when the alert was
 * decided, and the message. Made in the transaction that decided the alert; every try sends the
 * same (the row's id is the message's notification id, the Standard Webhooks `webhook-id`).
 */
export type NotificationRequest = {
  channel: { type: string; config: unknown };
  message: { alertType: AlertType; variables: AlertVariables };
};

export const NOTIFICATION_STATUSES = ["IN_PROGRESS", "SUCCESS", "FAILURE"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The stored row (adapters import this type, never src/generated). */
export type { AlertNotification as AlertNotificationRow } from "../../generated/sqlite/client.js";

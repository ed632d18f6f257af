import { redactChannelConfig } from "../alert-channels/secrets.js";
import type { AlertNotificationRow, NotificationRequest } from "./rows.js";

/** What REST and GraphQL show of a notification (the reference's `AlertNotification`). */
export type AlertNotificationView = {
  id: string;
  type: string;
  status: string;
  /** The channel config it was sent with, secrets shown as null. */
  alertConfig: Record<string, unknown>;
  notificationResult: string | null;
  /** Sends so far: more than 1 means it was retried. */
  tries: number;
  /** When the next retry is due while IN_PROGRESS, else null. */
  nextAttemptAt: Date | null;
  timestamp: Date | null;
  checkType: string | null;
  checkId: string | null;
  checkAlertId: string | null;
  alertChannelId: number | null;
  checkResultId: string | null;
  createdAt: Date;
};

export function toAlertNotificationView(row: AlertNotificationRow): AlertNotificationView {
  const request = row.request as Partial<NotificationRequest> | null;
  const config = request?.channel?.config;
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    alertConfig: config && typeof config === "object" ? redactChannelConfig(config as Record<string, unknown>) : {},
    notificationResult: row.notificationResult,
    tries: row.tries,
    nextAttemptAt: row.status === "IN_PROGRESS" ? row.nextAttemptAt : null,
    timestamp: row.timestamp,
    checkType: request?.message?.variables?.CHECK_TYPE ?? null,
    checkId: row.checkId,
    checkAlertId: row.checkAlertId,
    alertChannelId: row.alertChannelId,
    checkResultId: row.checkResultId,
    createdAt: row.createdAt,
  };
}

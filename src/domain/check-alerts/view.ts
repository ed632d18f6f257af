import type { CheckAlertRow } from "./rows.js";

/**
 * The reference's CheckAlert plus `silenced` (decided but not sent: a muted check or group, or a
 * silencing maintenance window). `startedAt` is when the alert was decided, as `created_at`.
 */
export type CheckAlertView = {
  id: string;
  name: string;
  checkId: string;
  alertType: string;
  checkType: string;
  runLocation: string | null;
  responseTime: number | null;
  error: string | null;
  statusCode: string | null;
  silenced: boolean;
  createdAt: Date;
  startedAt: Date;
};

export function toCheckAlertView(row: CheckAlertRow): CheckAlertView {
  return {
    id: row.id,
    name: row.name,
    checkId: row.checkId,
    alertType: row.alertType,
    checkType: row.checkType,
    runLocation: row.runLocation,
    responseTime: row.responseTime,
    error: row.error,
    statusCode: row.statusCode,
    silenced: row.silenced,
    createdAt: row.createdAt,
    startedAt: row.createdAt,
  };
}

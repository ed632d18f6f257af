import { redactChannelConfig } from "./secrets.js";
import type { AlertChannelRow, AlertChannelSubscriptionRow } from "./rows.js";

export type AlertChannelSubscriptionView = {
  id: number;
  checkId: string | null;
  groupId: number | null;
  activated: boolean;
};

/** A channel as every adapter shows it (the reference's `AlertChannel`): secrets are null. */
export type AlertChannelView = {
  id: number;
  type: string;
  config: Record<string, unknown>;
  subscriptions: AlertChannelSubscriptionView[];
  sendRecovery: boolean;
  sendFailure: boolean;
  sendDegraded: boolean;
  sslExpiry: boolean;
  sslExpiryThreshold: number;
  autoSubscribe: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export function toAlertChannelSubscriptionView(s: AlertChannelSubscriptionRow): AlertChannelSubscriptionView {
  return { id: s.id, checkId: s.checkId, groupId: s.groupId, activated: s.activated };
}

export function toAlertChannelView(row: AlertChannelRow): AlertChannelView {
  return {
    id: row.id,
    type: row.type,
    config: redactChannelConfig((row.config ?? {}) as Record<string, unknown>),
    subscriptions: row.subscriptions.map(toAlertChannelSubscriptionView),
    sendRecovery: row.sendRecovery,
    sendFailure: row.sendFailure,
    sendDegraded: row.sendDegraded,
    sslExpiry: row.sslExpiry,
    sslExpiryThreshold: row.sslExpiryThreshold,
    autoSubscribe: row.autoSubscribe,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

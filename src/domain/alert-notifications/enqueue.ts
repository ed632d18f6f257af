import type { DbOrTx } from "../../db/client.js";
import type { AlertType } from "../alert-rules/decide.js";
import { parseStoredChannel } from "../alert-channels/schemas.js";
import { alertVariables, channelReceives, type AlertVariablesInput } from "../alert-templates/variables.js";
import type { NotificationRequest } from "./rows.js";

/**
 * The outbox (docs/decisions.md, Alerting: delivery is durable): one IN_PROGRESS notification per
 * channel the check is subscribed to (its own activated subscriptions plus its group's, each
 * channel once) whose filters take this alert, written in the transaction that decided the alert
 * and due at once. Delivery workers send them; nothing here calls a provider. Returns how many.
 */
export async function enqueueNotifications({
  tx,
  accountId,
  checkAlertId,
  alertType,
  groupId,
  variables,
  now,
}: {
  tx: DbOrTx;
  accountId: string;
  checkAlertId: string;
  alertType: AlertType;
  groupId: number | null;
  variables: AlertVariablesInput;
  now: Date;
}): Promise<number> {
  const subscriptions = await tx.alertChannelSubscription.findMany({
    where: {
      activated: true,
      OR: [{ checkId: variables.check.id }, ...(groupId === null ? [] : [{ groupId }])],
      alertChannel: { accountId },
    },
    select: {
      alertChannel: {
        select: { id: true, type: true, config: true, sendFailure: true, sendDegraded: true, sendRecovery: true },
      },
    },
    orderBy: { alertChannelId: "asc" },
  });
  const rows = notificationRows({
    accountId,
    checkAlertId,
    alertType,
    channels: subscriptions.map((s) => s.alertChannel),
    variables,
    now,
  });
  if (rows.length === 0) return 0;
  await tx.alertNotification.createMany({ data: rows });
  return rows.length;
}

/** A channel an alert may go to, as subscriptions select it. */
export type SubscribedChannel = {
  id: number;
  type: string;
  config: unknown;
  sendFailure: boolean;
  sendDegraded: boolean;
  sendRecovery: boolean;
};

/**
 * The outbox rows (but their ids) of one alert: one per channel of `channels` (each once, in
 * the order given) whose filters take this alert.
 */
export function notificationRows({
  accountId,
  checkAlertId,
  alertType,
  channels,
  variables,
  now,
}: {
  accountId: string;
  checkAlertId: string;
  alertType: AlertType;
  channels: readonly SubscribedChannel[];
  variables: AlertVariablesInput;
  now: Date;
}) {
  const unique = new Map(channels.map((channel) => [channel.id, channel]));
  const receiving = [...unique.values()].filter((channel) => channelReceives(channel, alertType));
  if (receiving.length === 0) return [];
  const message = { alertType, variables: alertVariables({ ...variables, alertType }) };
  return receiving.map((channel) => {
    const request: NotificationRequest = { channel: { type: channel.type, config: storedConfig(channel) }, message };
    return {
      accountId,
      checkAlertId,
      alertChannelId: channel.id,
      checkId: variables.check.id,
      checkResultId: variables.result?.id ?? null,
      type: channel.type,
      status: "IN_PROGRESS",
      request: request as object,
      nextAttemptAt: now,
      createdAt: now,
    };
  });
}

/** The channel's config with its defaults filled in; as stored when it no longer parses (the worker reports it). */
function storedConfig(channel: { type: string; config: unknown }): unknown {
  try {
    return parseStoredChannel(channel.type, channel.config).config;
  } catch {
    return channel.config;
  }
}

import type { Prisma } from "../../generated/sqlite/client.js";

/** What every verb returns: the channel with its subscriptions, in the order they were made. */
export const alertChannelInclude = {
  subscriptions: { orderBy: { id: "asc" } },
} satisfies Prisma.AlertChannelInclude;
export type AlertChannelRow = Prisma.AlertChannelGetPayload<{ include: typeof alertChannelInclude }>;
export type AlertChannelSubscriptionRow = AlertChannelRow["subscriptions"][number];

/** The flags a body may set, as columns (undefined: unchanged). */
export function toAlertChannelFlags(body: {
  sendRecovery?: boolean;
  sendFailure?: boolean;
  sendDegraded?: boolean;
  sslExpiry?: boolean;
  sslExpiryThreshold?: number;
  autoSubscribe?: boolean;
}) {
  const { sendRecovery, sendFailure, sendDegraded, sslExpiry, sslExpiryThreshold, autoSubscribe } = body;
  return { sendRecovery, sendFailure, sendDegraded, sslExpiry, sslExpiryThreshold, autoSubscribe };
}

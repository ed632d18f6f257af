import type { DbOrTx } from "../../db/client.js";

type Subscription = { alertChannelId: number; activated: boolean };

/**
 * The group's alert channel subscriptions: a list that was sent replaces the stored one (`[]`
 * clears it); when none was sent, autoAssign subscribes the group to every channel of the account
 * it is not subscribed to yet, and otherwise nothing changes.
 */
export async function writeAlertChannelSubscriptions(
  tx: DbOrTx,
  {
    accountId,
    groupId,
    sent,
    autoAssign,
  }: { accountId: string; groupId: number; sent: Subscription[] | undefined; autoAssign: boolean },
) {
  if (sent) {
    await tx.alertChannelSubscription.deleteMany({ where: { groupId } });
    if (sent.length) await tx.alertChannelSubscription.createMany({ data: sent.map((s) => ({ groupId, ...s })) });
    return;
  }
  if (!autoAssign) return;
  const missing = await tx.alertChannel.findMany({
    where: { accountId, subscriptions: { none: { groupId } } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  if (missing.length)
    await tx.alertChannelSubscription.createMany({
      data: missing.map((channel) => ({ groupId, alertChannelId: channel.id })),
    });
}

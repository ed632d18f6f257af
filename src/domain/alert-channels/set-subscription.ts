import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { parseInput } from "../shared/validation.js";
import { getAlertChannel } from "./get.js";
import type { AlertChannelSubscriptionRow } from "./rows.js";
import { SetAlertChannelSubscriptionInput } from "./schemas.js";

/**
 * PUT /v1/alert-channels/{id}/subscriptions: subscribes one check or group of the caller's account
 * (another account's is a 404, as a missing one) or changes its `activated`; the subscription.
 */
export async function setAlertChannelSubscription({
  ctx,
  id,
  input,
}: {
  ctx: DomainContext;
  id: unknown;
  input: unknown;
}): Promise<AlertChannelSubscriptionRow> {
  const channel = await getAlertChannel({ ctx, id });
  const { checkId, groupId, activated } = parseInput(SetAlertChannelSubscriptionInput, input);
  const alertChannelId = channel.id;
  if (checkId) {
    const check = await ctx.db.check.findFirst({
      where: { id: checkId.toLowerCase(), accountId: ctx.accountId },
      select: { id: true },
    });
    if (!check) throw new NotFoundError("check", checkId);
    return ctx.db.alertChannelSubscription.upsert({
      where: { alertChannelId_checkId: { alertChannelId, checkId: check.id } },
      create: { alertChannelId, checkId: check.id, activated },
      update: { activated },
    });
  }
  const group = await ctx.db.checkGroup.findFirst({
    where: { id: groupId as number, accountId: ctx.accountId },
    select: { id: true },
  });
  if (!group) throw new NotFoundError("check group", String(groupId));
  return ctx.db.alertChannelSubscription.upsert({
    where: { alertChannelId_groupId: { alertChannelId, groupId: group.id } },
    create: { alertChannelId, groupId: group.id, activated },
    update: { activated },
  });
}

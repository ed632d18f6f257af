import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { storedChannel } from "./config.js";
import { checkChannelTemplate } from "./template-check.js";
import type { ChannelBody } from "./create.js";
import { getAlertChannel } from "./get.js";
import { checkSubscriptionTargets, subscriptionRows } from "./references.js";
import { alertChannelInclude, toAlertChannelFlags, type AlertChannelRow } from "./rows.js";
import { keepChannelSecrets } from "./secrets.js";
import { UpdateAlertChannelInput } from "./schemas.js";

/**
 * PUT: type and config are replaced (a secret sent as null or left out keeps its stored value,
 * unless the type changes); an omitted flag keeps its value; a sent `subscriptions` list replaces
 * the channel's subscriptions.
 */
export async function updateAlertChannel({
  ctx,
  id,
  input,
}: {
  ctx: DomainContext;
  id: unknown;
  input: unknown;
}): Promise<AlertChannelRow> {
  // Another account's channel is a 404 whatever the body holds.
  const current = await getAlertChannel({ ctx, id });
  const body = withoutResponseFields(parseInput(UpdateAlertChannelInput, input)) as ChannelBody;
  const stored = body.type === current.type ? (current.config as Record<string, unknown>) : null;
  const { type, config } = storedChannel(body.type, keepChannelSecrets(body.config, stored));
  await checkChannelTemplate(config);
  return ctx.db.$transaction(async (tx) => {
    if (body.subscriptions) await checkSubscriptionTargets(tx, ctx.accountId, body.subscriptions);
    await tx.alertChannel.update({
      where: { id: current.id },
      data: { type, config, ...toAlertChannelFlags(body), updatedAt: ctx.now() },
    });
    if (body.subscriptions) {
      await tx.alertChannelSubscription.deleteMany({ where: { alertChannelId: current.id } });
      if (body.subscriptions.length)
        await tx.alertChannelSubscription.createMany({ data: subscriptionRows(current.id, body.subscriptions) });
    }
    return tx.alertChannel.findUniqueOrThrow({ where: { id: current.id }, include: alertChannelInclude });
  });
}

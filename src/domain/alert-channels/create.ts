import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { storedChannel } from "./config.js";
import { checkChannelTemplate } from "./template-check.js";
import { checkSubscriptionTargets, subscriptionRows } from "./references.js";
import { alertChannelInclude, toAlertChannelFlags, type AlertChannelRow } from "./rows.js";
import { CreateAlertChannelInput } from "./schemas.js";

/** POST /v1/alert-channels: the channel and the subscriptions it names, in one transaction. */
export async function createAlertChannel({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: unknown;
}): Promise<AlertChannelRow> {
  const body = withoutResponseFields(parseInput(CreateAlertChannelInput, input)) as ChannelBody;
  const { type, config } = storedChannel(body.type, body.config);
  await checkChannelTemplate(config);
  const subscriptions = body.subscriptions ?? [];
  return ctx.db.$transaction(async (tx) => {
    await checkSubscriptionTargets(tx, ctx.accountId, subscriptions);
    const channel = await tx.alertChannel.create({
      data: { accountId: ctx.accountId, type, config, ...toAlertChannelFlags(body) },
    });
    if (subscriptions.length)
      await tx.alertChannelSubscription.createMany({ data: subscriptionRows(channel.id, subscriptions) });
    return tx.alertChannel.findUniqueOrThrow({ where: { id: channel.id }, include: alertChannelInclude });
  });
}

/** A parsed channel body (the unsupported types never parse). */
export type ChannelBody = {
  type: string;
  config: Record<string, unknown>;
  subscriptions?: { checkId?: string | null; groupId?: number | null; activated: boolean }[];
  sendRecovery?: boolean;
  sendFailure?: boolean;
  sendDegraded?: boolean;
  sslExpiry?: boolean;
  sslExpiryThreshold?: number;
  autoSubscribe?: boolean;
};

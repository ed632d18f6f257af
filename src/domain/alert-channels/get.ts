import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { parseIntId } from "../shared/ids.js";
import { alertChannelInclude, type AlertChannelRow } from "./rows.js";

/** The channel of the caller's account; another account's id, or one of the wrong form, is NotFound. */
export async function getAlertChannel({ ctx, id }: { ctx: DomainContext; id: unknown }): Promise<AlertChannelRow> {
  const channelId = parseIntId(id);
  const channel =
    channelId === null
      ? null
      : await ctx.db.alertChannel.findFirst({
          where: { id: channelId, accountId: ctx.accountId },
          include: alertChannelInclude,
        });
  if (!channel) throw new NotFoundError("alert channel", String(id));
  return channel;
}

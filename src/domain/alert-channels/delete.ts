import type { DomainContext } from "../shared/context.js";
import { getAlertChannel } from "./get.js";

/** Its subscriptions and notifications go with it (cascade). */
export async function deleteAlertChannel({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const channel = await getAlertChannel({ ctx, id });
  await ctx.db.alertChannel.delete({ where: { id: channel.id } });
}

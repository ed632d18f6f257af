import type { DomainContext } from "../shared/context.js";
import { parseIntId } from "../shared/ids.js";
import { alertChannelInclude, type AlertChannelRow } from "./rows.js";

/** The account's channels with these ids, in the ids' order (null where there is none): one query. */
export async function getAlertChannels({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(AlertChannelRow | null)[]> {
  const wanted = ids.map(parseIntId);
  const rows = await ctx.db.alertChannel.findMany({
    where: { accountId: ctx.accountId, id: { in: wanted.filter((id): id is number => id !== null) } },
    include: alertChannelInclude,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

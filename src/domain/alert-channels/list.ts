import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { alertChannelInclude, type AlertChannelRow } from "./rows.js";
import { ListAlertChannelsQuery } from "./schemas.js";

/** Newest first; page/limit as the reference document (a small, per-account table). */
export async function listAlertChannels({
  ctx,
  query,
}: {
  ctx: DomainContext;
  query: unknown;
}): Promise<AlertChannelRow[]> {
  const { limit, page } = parseInput(ListAlertChannelsQuery, query, "query");
  return ctx.db.alertChannel.findMany({
    where: { accountId: ctx.accountId },
    include: alertChannelInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    skip: (page - 1) * limit,
  });
}

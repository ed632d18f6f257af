import type { DomainContext } from "../shared/context.js";
import { keysetPage, type PageArgs } from "../shared/pagination.js";
import { alertChannelInclude } from "./rows.js";

/** A keyset page of the account's channels, newest first (GraphQL connections). */
export function pageAlertChannels({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  return keysetPage(
    args,
    "createdAt",
    (where, orderBy, take) =>
      ctx.db.alertChannel.findMany({
        where: { accountId: ctx.accountId, ...where },
        include: alertChannelInclude,
        orderBy,
        take,
      }),
    "number",
  );
}

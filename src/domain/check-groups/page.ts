import type { DomainContext } from "../context.js";
import { keysetPage, type PageArgs } from "../pagination.js";
import { checkGroupInclude } from "./rows.js";

/** A keyset page of the account's groups, newest first (GraphQL connections). */
export function pageCheckGroups({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  return keysetPage(
    args,
    "createdAt",
    (where, orderBy, take) =>
      ctx.db.checkGroup.findMany({
        where: { accountId: ctx.accountId, ...where },
        orderBy,
        take,
        include: checkGroupInclude,
      }),
    "number",
  );
}

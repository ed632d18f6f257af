import type { DomainContext } from "../shared/context.js";
import { keysetPage, type PageArgs } from "../shared/pagination.js";

/** A keyset page of the account's windows, newest first (GraphQL connections). */
export function pageMaintenanceWindows({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  return keysetPage(
    args,
    "createdAt",
    (where, orderBy, take) =>
      ctx.db.maintenanceWindow.findMany({ where: { accountId: ctx.accountId, ...where }, orderBy, take }),
    "number",
  );
}

import type { DomainContext } from "../shared/context.js";
import { keysetPage, type Page, type PageArgs } from "../shared/pagination.js";
import type { CheckAlertRow } from "./rows.js";

/** A keyset page of the account's alerts, newest first (GraphQL Query.checkAlerts). */
export function pageCheckAlerts({ ctx, args }: { ctx: DomainContext; args: PageArgs }): Promise<Page<CheckAlertRow>> {
  return keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.checkAlert.findMany({ where: { accountId: ctx.accountId, ...where }, orderBy, take }),
  );
}

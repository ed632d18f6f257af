import type { DomainContext } from "../shared/context.js";
import { CompleteAlertSettings } from "../shared/schemas.js";
import type { AccountAlertSettings } from "./schemas.js";

/** The account's alert settings, completed with the defaults (none stored: all defaults). */
export async function getAlertSettings({ ctx }: { ctx: DomainContext }): Promise<AccountAlertSettings> {
  const account = await ctx.db.account.findUniqueOrThrow({
    where: { id: ctx.accountId },
    select: { alertSettings: true },
  });
  return CompleteAlertSettings.parse(account.alertSettings ?? {});
}

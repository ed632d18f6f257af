import { json } from "../../db/json.js";
import type { DomainContext } from "../shared/context.js";
import { CompleteAlertSettings } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { type AccountAlertSettings, UpdateAlertSettingsInput } from "./schemas.js";

/** PUT: the sent settings replace the stored ones; an omitted part is shown at its default. */
export async function updateAlertSettings({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: unknown;
}): Promise<AccountAlertSettings> {
  const settings = parseInput(UpdateAlertSettingsInput, input);
  await ctx.db.account.update({ where: { id: ctx.accountId }, data: { alertSettings: json(settings) } });
  return CompleteAlertSettings.parse(settings);
}

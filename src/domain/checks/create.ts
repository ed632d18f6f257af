import { randomUUID } from "node:crypto";
import type { DomainContext } from "../context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../validation.js";
import { checkFrequency } from "./frequency.js";
import { normalizeLists, toCheckData, type CheckRow } from "./rows.js";
import { saveCheck } from "./save.js";
import { checkReferences } from "./references.js";
import { AutoAssignAlertsQuery, createCheckSchema, type RoutedCheckType } from "./schemas.js";

/** Subscriptions to every alert channel of the account (autoAssignAlerts). */
async function allChannels(ctx: DomainContext) {
  const channels = await ctx.db.alertChannel.findMany({
    where: { accountId: ctx.accountId },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return channels.map((channel) => ({ alertChannelId: channel.id, activated: true }));
}

/** POST /v1/checks/{type}. A heartbeat check gets the random token of its ping URL. */
export async function createCheck({
  ctx,
  type,
  input,
  query,
}: {
  ctx: DomainContext;
  type: RoutedCheckType;
  input: unknown;
  query?: unknown;
}): Promise<CheckRow> {
  const { autoAssignAlerts } = parseInput(AutoAssignAlertsQuery, query ?? {}, "query");
  const values = normalizeLists(withoutResponseFields(parseInput(createCheckSchema(type), input)), "empty");
  checkFrequency(type, values.frequency as number, values.frequencyOffset as number | null);
  const { privateLocations } = await checkReferences(ctx, values);
  const sent = values.alertChannelSubscriptions as { alertChannelId: number; activated: boolean }[] | undefined;
  const subscriptions = sent ?? (autoAssignAlerts ? await allChannels(ctx) : []);
  const data = {
    ...toCheckData({ ...values, privateLocations }),
    checkType: type,
    pingToken: type === "HEARTBEAT" ? randomUUID() : null,
  };
  return saveCheck(ctx, { create: data }, subscriptions);
}

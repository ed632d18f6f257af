import { randomUUID } from "node:crypto";
import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { checkFrequency } from "./frequency.js";
import { normalizeLists, toCheckData, type CheckRow } from "./rows.js";
import { saveCheck } from "./save.js";
import { checkReferences } from "./references.js";
import { AutoAssignAlertsQuery, createCheckSchema, type RoutedCheckType } from "./schemas.js";

type Subscription = { alertChannelId: number; activated: boolean };

/**
 * A new check's subscriptions: those sent, else every channel of the account (autoAssignAlerts),
 * else none; plus, in every case, each `autoSubscribe` channel not listed yet. One query.
 */
async function initialSubscriptions(ctx: DomainContext, sent: Subscription[] | undefined, autoAssign: boolean) {
  const channels = await ctx.db.alertChannel.findMany({
    where: { accountId: ctx.accountId },
    select: { id: true, autoSubscribe: true },
    orderBy: { id: "asc" },
  });
  const chosen = sent ?? (autoAssign ? channels.map((c) => ({ alertChannelId: c.id, activated: true })) : []);
  const listed = new Set(chosen.map((s) => s.alertChannelId));
  const auto = channels.filter((c) => c.autoSubscribe && !listed.has(c.id));
  return [...chosen, ...auto.map((c) => ({ alertChannelId: c.id, activated: true }))];
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
  const sent = values.alertChannelSubscriptions as Subscription[] | undefined;
  const subscriptions = await initialSubscriptions(ctx, sent, autoAssignAlerts);
  const data = {
    ...toCheckData({ ...values, privateLocations }),
    checkType: type,
    pingToken: type === "HEARTBEAT" ? randomUUID() : null,
  };
  return saveCheck(ctx, { create: data }, subscriptions);
}

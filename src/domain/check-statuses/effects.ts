import type { Condition } from "../alert-rules/decide.js";
import type { DomainContext } from "../shared/context.js";
import { runIncidentEffects, type IncidentEffect } from "./incident.js";

/**
 * What status writes leave for after their transaction commits: events to publish and incidents
 * to open or resolve (triggerIncident). A transaction that rolls back drops its collector.
 */
export type StatusEffects = {
  changed: { accountId: string; checkId: string; condition: Condition }[];
  notified: Set<string>;
  incidents: IncidentEffect[];
};

export const noStatusEffects = (): StatusEffects => ({ changed: [], notified: new Set(), incidents: [] });

/** Publishes checkStatusChanged and notificationsQueued, then opens or resolves incidents. */
export async function runStatusEffects(ctx: Omit<DomainContext, "accountId">, effects: StatusEffects): Promise<void> {
  for (const change of effects.changed) ctx.events.publish({ type: "checkStatusChanged", ...change });
  for (const accountId of effects.notified) ctx.events.publish({ type: "notificationsQueued", accountId });
  await runIncidentEffects(ctx, effects.incidents);
}

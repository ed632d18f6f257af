import type { DomainContext } from "../shared/context.js";
import { createIncident } from "../incidents/create.js";
import { createIncidentUpdate } from "../incidents/updates/create.js";

/** A check's `triggerIncident` (stored as the client sent it). */
export type TriggerIncident = {
  serviceId: string;
  severity: string;
  name: string;
  description: string;
  notifySubscribers: boolean;
};

/** What an alert asks of incidents, done after the status's transaction commits. */
export type IncidentEffect =
  | { kind: "open"; accountId: string; checkId: string; trigger: TriggerIncident }
  | { kind: "resolve"; accountId: string; incidentId: string; trigger: TriggerIncident };

export function triggerOf(value: unknown): TriggerIncident | null {
  if (!value || typeof value !== "object") return null;
  const t = value as Partial<TriggerIncident>;
  return typeof t.serviceId === "string" && typeof t.name === "string" ? (t as TriggerIncident) : null;
}

/**
 * Opens and resolves incidents through the incidents domain (so status-page subscribers hear of
 * them). An ALERT_FAILURE opens one on the trigger's service and records it on the check's status
 * (one at a time: only while the status has none); an ALERT_RECOVERY adds a RESOLVED update. A
 * service deleted meanwhile makes the verb fail: the alert stands, the incident is skipped.
 */
export async function runIncidentEffects(ctx: Omit<DomainContext, "accountId">, effects: readonly IncidentEffect[]) {
  for (const effect of effects) {
    const own = { ...ctx, accountId: effect.accountId };
    const { trigger } = effect;
    const description = trigger.description.trim() || trigger.name;
    try {
      if (effect.kind === "open") {
        const incident = await createIncident({
          ctx: own,
          input: {
            name: trigger.name,
            severity: trigger.severity,
            services: [{ id: trigger.serviceId }],
            incidentUpdates: [{ description, status: "INVESTIGATING", notifySubscribers: trigger.notifySubscribers }],
          },
        });
        await ctx.db.checkStatus.updateMany({
          where: { checkId: effect.checkId, incidentId: null },
          data: { incidentId: incident.id },
        });
      } else {
        await createIncidentUpdate({
          ctx: own,
          incidentId: effect.incidentId,
          input: { description, status: "RESOLVED", notifySubscribers: trigger.notifySubscribers },
        });
      }
    } catch {
      // The service or incident is gone (deleted by its owner): nothing left to open or resolve.
    }
  }
}

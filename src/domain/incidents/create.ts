import type { DomainContext } from "../shared/context.js";
import { checkServiceRefs } from "../status-page-services/references.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { enqueueIncidentUpdate } from "../status-page-subscriptions/enqueue.js";
import { announceQueued, subscriberOutbox } from "../status-page-subscriptions/outbox.js";
import { initialStatuses } from "./derive.js";
import { statusPageIdsOfIncident } from "./shown-on.js";
import { announceIncident } from "./events.js";
import { incidentInclude } from "./rows.js";
import { toIncidentView } from "./view.js";
import { CreateIncidentInput } from "./schemas.js";

/** Creates the incident with its services and first updates in one transaction. */
export async function createIncident({ ctx, input }: { ctx: DomainContext; input: unknown }) {
  const { name, severity, services, incidentUpdates } = withoutResponseFields(parseInput(CreateIncidentInput, input));
  const now = ctx.now();
  const updates = incidentUpdates.map((update) => ({
    ...update,
    publicIncidentUpdateDate: update.publicIncidentUpdateDate ?? now,
  }));
  const statuses = initialStatuses(updates);
  const outbox = updates.some((update) => update.notifySubscribers) ? await subscriberOutbox(ctx) : null;
  let queued = 0;
  const row = await ctx.db.$transaction(async (tx) => {
    await checkServiceRefs(tx, ctx.accountId, [{ path: "services", refs: services }]);
    const created = await tx.incident.create({
      data: {
        accountId: ctx.accountId,
        name,
        severity,
        createdAt: now,
        services: { create: services.map((service) => ({ serviceId: service.id })) },
        updates: {
          create: updates.map((update, i) => ({
            description: update.description,
            status: statuses[i]!,
            publicIncidentUpdateDate: update.publicIncidentUpdateDate,
            notifySubscribers: update.notifySubscribers,
            // Body order is time order where dates tie: created_at keeps it, a millisecond apart.
            createdAt: new Date(now.getTime() + i),
          })),
        },
      },
      include: incidentInclude,
    });
    if (outbox) {
      // Subscribers hear of the updates sent with notifySubscribers, in the same transaction (durable).
      const statusPageIds = await statusPageIdsOfIncident(
        tx,
        ctx.accountId,
        services.map((service) => service.id),
      );
      const notified = created.updates
        .filter((update) => update.notifySubscribers)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      for (const update of notified)
        queued += await enqueueIncidentUpdate(outbox(tx, now), {
          accountId: ctx.accountId,
          statusPageIds,
          incident: created,
          update,
        });
    }
    return created;
  });
  announceQueued(ctx, ctx.accountId, queued);
  const incident = toIncidentView(row);
  // Oldest first, as they happened.
  const addedUpdateIds = incident.updates.map((update) => update.id).reverse();
  await announceIncident(ctx, {
    incidentId: incident.id,
    serviceIds: incident.services.map((s) => s.id),
    changed: true,
    addedUpdateIds,
  });
  return incident;
}

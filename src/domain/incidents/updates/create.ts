import type { DomainContext } from "../../shared/context.js";
import { withoutResponseFields } from "../../shared/schemas.js";
import { parseInput } from "../../shared/validation.js";
import { enqueueIncidentUpdate } from "../../status-page-subscriptions/enqueue.js";
import { announceQueued, subscriberOutbox } from "../../status-page-subscriptions/outbox.js";
import { announceIncident } from "../events.js";
import { statusPageIdsOfIncident } from "../shown-on.js";
import { findIncident } from "../get.js";
import { updatesNewestFirst } from "../rows.js";
import { CreateIncidentUpdateInput } from "../schemas.js";
import { touchIncident } from "../touch.js";

/** Adds an update; without a status it takes the incident's current one (docs/decisions.md). */
export async function createIncidentUpdate({
  ctx,
  incidentId,
  input,
}: {
  ctx: DomainContext;
  incidentId: unknown;
  input: unknown;
}) {
  const incident = await findIncident(ctx.db, ctx.accountId, incidentId);
  const data = withoutResponseFields(parseInput(CreateIncidentUpdateInput, input));
  const outbox = data.notifySubscribers ? await subscriberOutbox(ctx) : null;
  let queued = 0;
  const update = await ctx.db.$transaction(async (tx) => {
    const now = ctx.now();
    // Touching first locks the incident's row: concurrent additions see each other's updates.
    await touchIncident(tx, ctx.accountId, incident.id, now);
    const latest = await tx.incidentUpdate.findFirst({
      where: { incidentId: incident.id },
      orderBy: updatesNewestFirst,
    });
    const { _max } = await tx.incidentUpdate.aggregate({
      where: { incidentId: incident.id },
      _max: { createdAt: true },
    });
    // created_at breaks ties of publicIncidentUpdateDate, so a new update is never older than one before it.
    const createdAt = new Date(Math.max(now.getTime(), (_max.createdAt?.getTime() ?? 0) + 1));
    const created = await tx.incidentUpdate.create({
      data: {
        incidentId: incident.id,
        description: data.description,
        status: data.status ?? latest?.status ?? "INVESTIGATING",
        publicIncidentUpdateDate: data.publicIncidentUpdateDate ?? now,
        notifySubscribers: data.notifySubscribers,
        createdAt,
      },
    });
    if (outbox) {
      const statusPageIds = await statusPageIdsOfIncident(tx, ctx.accountId, incident.serviceIds);
      queued = await enqueueIncidentUpdate(outbox(tx, now), {
        accountId: ctx.accountId,
        statusPageIds,
        incident,
        update: created,
      });
    }
    return created;
  });
  announceQueued(ctx, ctx.accountId, queued);
  await announceIncident(ctx, {
    incidentId: incident.id,
    serviceIds: incident.serviceIds,
    changed: false,
    addedUpdateIds: [update.id],
  });
  return update;
}

import type { DomainContext } from "../../context.js";
import { withoutResponseFields } from "../../shared/schemas.js";
import { parseInput } from "../../validation.js";
import { announceIncident } from "../events.js";
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
    return tx.incidentUpdate.create({
      data: {
        incidentId: incident.id,
        description: data.description,
        status: data.status ?? latest?.status ?? "INVESTIGATING",
        publicIncidentUpdateDate: data.publicIncidentUpdateDate ?? now,
        notifySubscribers: data.notifySubscribers,
        createdAt,
      },
    });
  });
  await announceIncident(ctx, {
    incidentId: incident.id,
    serviceIds: incident.serviceIds,
    changed: false,
    addedUpdateIds: [update.id],
  });
  return update;
}

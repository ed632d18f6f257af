import type { DomainContext } from "../../shared/context.js";
import { ConflictError } from "../../shared/errors.js";
import { announceIncident } from "../events.js";
import { findIncident } from "../get.js";
import { touchIncident } from "../touch.js";
import { findIncidentUpdate } from "./get.js";

/**
 * Deletes one update. An incident keeps at least one (its status is that of its latest update),
 * so deleting the last one is a conflict: delete the incident instead.
 */
export async function deleteIncidentUpdate({
  ctx,
  incidentId,
  id,
}: {
  ctx: DomainContext;
  incidentId: unknown;
  id: unknown;
}) {
  const update = await findIncidentUpdate(ctx.db, ctx.accountId, incidentId, id);
  const incident = await findIncident(ctx.db, ctx.accountId, update.incidentId);
  await ctx.db.$transaction(async (tx) => {
    // Touching first locks the incident's row, so two concurrent deletes cannot both pass the count.
    await touchIncident(tx, ctx.accountId, incident.id, ctx.now());
    if ((await tx.incidentUpdate.count({ where: { incidentId: incident.id } })) <= 1) {
      throw new ConflictError("an incident keeps at least one update; delete the incident instead");
    }
    await tx.incidentUpdate.deleteMany({ where: { id: update.id, incidentId: incident.id } });
  });
  await announceIncident(ctx, { incidentId: incident.id, serviceIds: incident.serviceIds, changed: true });
}

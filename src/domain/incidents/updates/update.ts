import type { DomainContext } from "../../shared/context.js";
import { NotFoundError } from "../../shared/errors.js";
import { withoutResponseFields } from "../../shared/schemas.js";
import { parseInput } from "../../shared/validation.js";
import { announceIncident } from "../events.js";
import { findIncident } from "../get.js";
import { UpdateIncidentUpdateInput } from "../schemas.js";
import { touchIncident } from "../touch.js";
import { findIncidentUpdate } from "./get.js";

/** PUT on an update: description is replaced; an omitted optional property keeps its value. */
export async function updateIncidentUpdate({
  ctx,
  incidentId,
  id,
  input,
}: {
  ctx: DomainContext;
  incidentId: unknown;
  id: unknown;
  input: unknown;
}) {
  const current = await findIncidentUpdate(ctx.db, ctx.accountId, incidentId, id);
  const data = withoutResponseFields(parseInput(UpdateIncidentUpdateInput, input));
  const incident = await findIncident(ctx.db, ctx.accountId, current.incidentId);
  await ctx.db.$transaction(async (tx) => {
    await touchIncident(tx, ctx.accountId, incident.id, ctx.now());
    const { count } = await tx.incidentUpdate.updateMany({ where: { id: current.id, incidentId: incident.id }, data });
    if (count === 0) throw new NotFoundError("incident update", current.id);
  });
  // The incident's derived status and duration may have changed with it.
  await announceIncident(ctx, { incidentId: incident.id, serviceIds: incident.serviceIds, changed: true });
  return findIncidentUpdate(ctx.db, ctx.accountId, incident.id, current.id);
}

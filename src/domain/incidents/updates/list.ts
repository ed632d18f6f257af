import type { DomainContext } from "../../shared/context.js";
import { findIncident } from "../get.js";
import { updatesNewestFirst } from "../rows.js";
import { INCIDENT_UPDATES_LISTED } from "../schemas.js";

/** The 100 latest updates of an incident, newest first. */
export async function listIncidentUpdates({ ctx, incidentId }: { ctx: DomainContext; incidentId: unknown }) {
  const incident = await findIncident(ctx.db, ctx.accountId, incidentId);
  return ctx.db.incidentUpdate.findMany({
    where: { incidentId: incident.id },
    orderBy: updatesNewestFirst,
    take: INCIDENT_UPDATES_LISTED,
  });
}

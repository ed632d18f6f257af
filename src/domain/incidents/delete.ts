import type { DomainContext } from "../shared/context.js";
import { announceIncident } from "./events.js";
import { findIncident } from "./get.js";
import { statusPageIdsOfIncident } from "./shown-on.js";

/** Deletes the incident with its updates; the event names the pages that showed it. */
export async function deleteIncident({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const incident = await findIncident(ctx.db, ctx.accountId, id);
  const pagesBefore = await statusPageIdsOfIncident(ctx.db, ctx.accountId, incident.serviceIds);
  await ctx.db.incident.deleteMany({ where: { id: incident.id, accountId: ctx.accountId } });
  await announceIncident(ctx, { incidentId: incident.id, serviceIds: [], pagesBefore, changed: true });
}

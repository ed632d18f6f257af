import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { checkServiceRefs } from "../status-page-services/references.js";
import { parseInput } from "../shared/validation.js";
import { announceIncident } from "./events.js";
import { findIncident, getIncident } from "./get.js";
import { statusPageIdsOfIncident } from "./shown-on.js";
import { UpdateIncidentInput } from "./schemas.js";

/** PUT: name, severity and services are required and replaced; updates are left as they are. */
export async function updateIncident({ ctx, id, input }: { ctx: DomainContext; id: unknown; input: unknown }) {
  const current = await findIncident(ctx.db, ctx.accountId, id);
  const { name, severity, services } = parseInput(UpdateIncidentInput, input);
  const pagesBefore = await statusPageIdsOfIncident(ctx.db, ctx.accountId, current.serviceIds);
  await ctx.db.$transaction(async (tx) => {
    await checkServiceRefs(tx, ctx.accountId, [{ path: "services", refs: services }]);
    // Scoped by account again: the incident may have been deleted since it was read.
    const { count } = await tx.incident.updateMany({
      where: { id: current.id, accountId: ctx.accountId },
      data: { name, severity },
    });
    if (count === 0) throw new NotFoundError("incident", current.id);
    await tx.incidentService.deleteMany({ where: { incidentId: current.id } });
    await tx.incidentService.createMany({
      data: services.map((service) => ({ incidentId: current.id, serviceId: service.id })),
    });
  });
  await announceIncident(ctx, {
    incidentId: current.id,
    serviceIds: services.map((s) => s.id),
    pagesBefore,
    changed: true,
  });
  return getIncident({ ctx, id: current.id });
}

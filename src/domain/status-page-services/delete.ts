import type { DomainContext } from "../shared/context.js";
import { announceIncident } from "../incidents/events.js";
import { statusPageIdsOfIncident } from "../incidents/shown-on.js";
import { getService } from "./get.js";

/**
 * Deletes the service; it leaves the cards and incidents that named it (the model cascades).
 * Those incidents may leave pages with it, so each is announced as changed.
 */
export async function deleteService({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const service = await getService({ ctx, id });
  const links = await ctx.db.incidentService.findMany({
    where: { serviceId: service.id, incident: { accountId: ctx.accountId } },
    select: { incidentId: true },
  });
  const pagesBefore = await statusPageIdsOfIncident(ctx.db, ctx.accountId, [service.id]);
  await ctx.db.statusPageService.deleteMany({ where: { id: service.id, accountId: ctx.accountId } });
  if (pagesBefore.length)
    ctx.events.publish({ type: "statusPageChanged", accountId: ctx.accountId, statusPageIds: pagesBefore });
  for (const { incidentId } of links) {
    const serviceIds = (
      await ctx.db.incidentService.findMany({ where: { incidentId }, select: { serviceId: true } })
    ).map((link) => link.serviceId);
    await announceIncident(ctx, { incidentId, serviceIds, pagesBefore, changed: true });
  }
}

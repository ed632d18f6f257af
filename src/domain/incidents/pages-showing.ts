import type { StatusPage } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { statusPageIdsOf, statusPagesByService } from "./shown-on.js";

/**
 * The status pages of the caller's account that show each incident (those with a card naming one
 * of its services), in the pages' name order: two queries for any number of incidents, so a list
 * of incidents asking for them stays O(1) in queries.
 */
export async function statusPagesShowingIncidents(
  ctx: DomainContext,
  incidents: readonly { services: readonly { id: string }[] }[],
): Promise<StatusPage[][]> {
  const serviceIdsOf = incidents.map((incident) => incident.services.map((service) => service.id));
  const byService = await statusPagesByService(ctx.db, ctx.accountId, serviceIdsOf.flat());
  const pageIdsOf = serviceIdsOf.map((serviceIds) => statusPageIdsOf(serviceIds, byService));
  const wanted = [...new Set(pageIdsOf.flat())];
  const pages = wanted.length
    ? await ctx.db.statusPage.findMany({
        where: { accountId: ctx.accountId, id: { in: wanted } },
        orderBy: [{ name: "asc" }, { id: "asc" }],
      })
    : [];
  return pageIdsOf.map((ids) => pages.filter((page) => ids.includes(page.id)));
}

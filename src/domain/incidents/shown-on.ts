import type { DbOrTx } from "../../db/client.js";

/**
 * Which status pages show which incidents: an incident appears on every status page that shows
 * one of its services in a card (docs/decisions.md). One query answers any number of incidents, so
 * lists and GraphQL batches stay O(1) in queries.
 */
export async function statusPagesByService(
  db: DbOrTx,
  accountId: string,
  serviceIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const byService = new Map<string, Set<string>>();
  if (!serviceIds.length) return byService;
  const rows = await db.statusPageCardService.findMany({
    where: { serviceId: { in: [...new Set(serviceIds)] }, card: { statusPage: { accountId } } },
    select: { serviceId: true, card: { select: { statusPageId: true } } },
  });
  for (const row of rows) {
    const pages = byService.get(row.serviceId) ?? new Set<string>();
    pages.add(row.card.statusPageId);
    byService.set(row.serviceId, pages);
  }
  return byService;
}

/** The pages showing an incident with these services (sorted, for a stable answer). */
export function statusPageIdsOf(
  serviceIds: readonly string[],
  byService: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  return [...new Set(serviceIds.flatMap((id) => [...(byService.get(id) ?? [])]))].sort();
}

/** The incidents a page shows, given the services of its cards; keeps the incidents' order. */
export function incidentsShownOn<I extends { services: readonly { id: string }[] }>(
  pageServiceIds: ReadonlySet<string>,
  incidents: readonly I[],
): I[] {
  return incidents.filter((incident) => incident.services.some((service) => pageServiceIds.has(service.id)));
}

export async function statusPageIdsOfIncident(
  db: DbOrTx,
  accountId: string,
  serviceIds: readonly string[],
): Promise<string[]> {
  return statusPageIdsOf(serviceIds, await statusPagesByService(db, accountId, serviceIds));
}

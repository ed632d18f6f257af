import type { DbOrTx } from "../../db/client.js";
import type { Prisma } from "../../generated/sqlite/client.js";
import { incidentsShownOn } from "../incidents/pages.js";
import { loadIncidents } from "../incidents/load.js";

export const statusPageInclude = {
  cards: {
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    include: { services: { orderBy: { position: "asc" }, include: { service: true } } },
  },
  keys: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.StatusPageInclude;

export type StatusPageRow = Prisma.StatusPageGetPayload<{ include: typeof statusPageInclude }>;

/** A page as every adapter shows it: its cards with their services, and the incidents it shows. */
function toStatusPageView({ cards, ...page }: StatusPageRow, incidents: Awaited<ReturnType<typeof loadIncidents>>) {
  const shownCards = cards.map(({ services, ...card }) => ({
    ...card,
    services: services.map((link) => link.service),
  }));
  const serviceIds = new Set(shownCards.flatMap((card) => card.services.map((service) => service.id)));
  return { ...page, cards: shownCards, incidents: incidentsShownOn(serviceIds, incidents) };
}
export type StatusPageView = ReturnType<typeof toStatusPageView>;

/**
 * Pages with the incidents they show (newest first). One incidents query serves any number of
 * pages, so a list costs the same few queries whatever its length.
 */
export async function withIncidents(
  db: DbOrTx,
  accountId: string,
  pages: readonly StatusPageRow[],
): Promise<StatusPageView[]> {
  const serviceIds = [
    ...new Set(pages.flatMap((page) => page.cards.flatMap((card) => card.services.map((link) => link.serviceId)))),
  ];
  const incidents = serviceIds.length
    ? await loadIncidents(db, { accountId, services: { some: { serviceId: { in: serviceIds } } } })
    : [];
  return pages.map((page) => toStatusPageView(page, incidents));
}

import type { DbOrTx } from "../../db/client.js";
import { incidentsShownOn } from "../incidents/shown-on.js";
import { findIncidentViews } from "../incidents/view.js";
import type { StatusPageWithCardsRow } from "./rows.js";

/** A page as every adapter shows it: its cards with their services, and the incidents it shows. */
export function toStatusPageView(
  { cards, ...page }: StatusPageWithCardsRow,
  incidents: Awaited<ReturnType<typeof findIncidentViews>>,
) {
  const shownCards = cards.map(({ services, ...card }) => ({
    ...card,
    services: services.map((link) => link.service),
  }));
  const serviceIds = new Set(shownCards.flatMap((card) => card.services.map((service) => service.id)));
  // The write-only webhookSecret never leaves the domain in a view.
  return { ...page, webhookSecret: null, cards: shownCards, incidents: incidentsShownOn(serviceIds, incidents) };
}
export type StatusPageView = ReturnType<typeof toStatusPageView>;

/**
 * Pages with the incidents they show (newest first). One incidents query serves any number of
 * pages, so a list costs the same few queries whatever its length.
 */
export async function toStatusPageViews(
  db: DbOrTx,
  accountId: string,
  pages: readonly StatusPageWithCardsRow[],
): Promise<StatusPageView[]> {
  const serviceIds = [
    ...new Set(pages.flatMap((page) => page.cards.flatMap((card) => card.services.map((link) => link.serviceId)))),
  ];
  const incidents = serviceIds.length
    ? await findIncidentViews(db, { accountId, services: { some: { serviceId: { in: serviceIds } } } })
    : [];
  return pages.map((page) => toStatusPageView(page, incidents));
}

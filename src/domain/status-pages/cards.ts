import type { DbOrTx } from "../../db/client.js";
import type { ServiceRefList } from "../status-page-services/references.js";

type Card = { id?: string; name: string; services: readonly { id: string }[] };

/** Where each card's services sit in the body, for checkServiceRefs. */
export function cardServiceRefs(cards: readonly Card[]): ServiceRefList[] {
  return cards.map((card, i) => ({ path: `cards.${i}.services`, refs: card.services }));
}

/**
 * Makes `cards` the page's cards, in order. A card sent with the id of one of the page's cards is
 * that card, renamed and refilled (its id and created_at stay); any other id makes a new card.
 */
export async function replaceCards(tx: DbOrTx, statusPageId: string, cards: readonly Card[]) {
  const existing = new Set(
    (await tx.statusPageCard.findMany({ where: { statusPageId }, select: { id: true } })).map((card) => card.id),
  );
  const kept = cards.flatMap((card) => (card.id !== undefined && existing.has(card.id) ? [card.id] : []));
  await tx.statusPageCard.deleteMany({ where: { statusPageId, id: { notIn: kept } } });
  await tx.statusPageCardService.deleteMany({ where: { cardId: { in: kept } } });
  for (const [position, card] of cards.entries()) {
    const services = { create: card.services.map((service, i) => ({ serviceId: service.id, position: i })) };
    if (card.id !== undefined && existing.has(card.id)) {
      await tx.statusPageCard.update({ where: { id: card.id }, data: { name: card.name, position, services } });
    } else {
      await tx.statusPageCard.create({ data: { statusPageId, name: card.name, position, services } });
    }
  }
}

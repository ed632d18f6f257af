// The status-page data set of the GraphQL batching test and benchmark (issue 4, point 4): pages,
// each with cards of services and incidents of updates, written with a few createMany calls.
import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/client.js";
import type { Prisma } from "../../src/generated/sqlite/client.js";

export type DatasetShape = {
  pages: number;
  cardsPerPage: number;
  servicesPerCard: number;
  incidentsPerPage: number;
  updatesPerIncident: number;
};

export const ISSUE_DATASET: DatasetShape = {
  pages: 20,
  cardsPerPage: 3,
  servicesPerCard: 5,
  incidentsPerPage: 10,
  updatesPerIncident: 5,
};

/** What was written, page by page (newest page first, as statusPages lists them). */
export type SeededPage = {
  id: string;
  name: string;
  cards: { name: string; services: string[] }[];
  incidents: { id: string; name: string; updates: string[] }[];
};

/**
 * Each page gets its own services (so each incident, naming one service of its page, shows on
 * that page alone), and distinct timestamps so that every list has one order.
 */
export async function seedStatusPages(
  db: Db,
  accountId: string,
  shape: DatasetShape = ISSUE_DATASET,
  prefix = "bench",
): Promise<SeededPage[]> {
  const start = Date.UTC(2026, 0, 1);
  const at = (ms: number) => new Date(start + ms);
  const rows = {
    pages: [] as Prisma.StatusPageCreateManyInput[],
    cards: [] as Prisma.StatusPageCardCreateManyInput[],
    services: [] as Prisma.StatusPageServiceCreateManyInput[],
    links: [] as Prisma.StatusPageCardServiceCreateManyInput[],
    incidents: [] as Prisma.IncidentCreateManyInput[],
    incidentServices: [] as Prisma.IncidentServiceCreateManyInput[],
    updates: [] as Prisma.IncidentUpdateCreateManyInput[],
  };
  const seeded: SeededPage[] = [];
  for (let p = 0; p < shape.pages; p++) {
    const page: SeededPage = { id: randomUUID(), name: `${prefix} page ${p}`, cards: [], incidents: [] };
    rows.pages.push({
      id: page.id,
      accountId,
      name: page.name,
      url: `${prefix}-page-${p}`,
      createdAt: at(p * 60_000),
      updatedAt: at(p * 60_000),
    });
    const serviceIds: string[] = [];
    for (let c = 0; c < shape.cardsPerPage; c++) {
      const card = { id: randomUUID(), name: `card ${c}`, services: [] as string[] };
      rows.cards.push({
        id: card.id,
        statusPageId: page.id,
        name: card.name,
        position: c,
        createdAt: at(p * 60_000),
        updatedAt: at(p * 60_000),
      });
      for (let s = 0; s < shape.servicesPerCard; s++) {
        const id = randomUUID();
        const name = `${prefix} service ${p}.${c}.${s}`;
        rows.services.push({
          id,
          accountId,
          name,
          createdAt: at(p * 60_000 + serviceIds.length),
          updatedAt: at(p * 60_000),
        });
        rows.links.push({ cardId: card.id, serviceId: id, position: s });
        card.services.push(name);
        serviceIds.push(id);
      }
      page.cards.push(card);
    }
    for (let i = 0; i < shape.incidentsPerPage; i++) {
      const incident = { id: randomUUID(), name: `${prefix} incident ${p}.${i}`, updates: [] as string[] };
      const created = p * 60_000 + i * 1000;
      rows.incidents.push({
        id: incident.id,
        accountId,
        name: incident.name,
        severity: "MINOR",
        createdAt: at(created),
        updatedAt: at(created),
      });
      rows.incidentServices.push({ incidentId: incident.id, serviceId: serviceIds[i % serviceIds.length]! });
      for (let u = 0; u < shape.updatesPerIncident; u++) {
        const description = `update ${u} of ${incident.name}`;
        rows.updates.push({
          id: randomUUID(),
          incidentId: incident.id,
          description,
          status: u === shape.updatesPerIncident - 1 ? "RESOLVED" : "INVESTIGATING",
          publicIncidentUpdateDate: at(created + u * 10),
          createdAt: at(created + u * 10),
          updatedAt: at(created + u * 10),
        });
        incident.updates.unshift(description);
      }
      page.incidents.unshift(incident);
    }
    seeded.unshift(page);
  }
  // Parents before children (foreign keys); createMany is one statement per call (in batches on SQLite).
  await db.statusPageService.createMany({ data: rows.services });
  await db.statusPage.createMany({ data: rows.pages });
  await db.statusPageCard.createMany({ data: rows.cards });
  await db.statusPageCardService.createMany({ data: rows.links });
  await db.incident.createMany({ data: rows.incidents });
  await db.incidentService.createMany({ data: rows.incidentServices });
  await db.incidentUpdate.createMany({ data: rows.updates });
  return seeded;
}

/** The nested query of the issue: pages with cards { services } and incidents { updates }. */
export const NESTED_STATUS_PAGES_QUERY = `query NestedStatusPages($first: Int!) {
  statusPages(first: $first) {
    edges {
      node {
        id name url
        cards { id name services { id name } }
        incidents(first: 20) {
          edges { node { id name severity lastUpdateStatus duration updates(first: 20) { edges { node { id description status publicIncidentUpdateDate } } } } }
        }
      }
    }
  }
}`;

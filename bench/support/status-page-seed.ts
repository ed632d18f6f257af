// The page of bench/status-pages.ts: 20 services on 4 cards, 100 incidents of 3 updates spread over
// the last 90 days (one in ten still open), written with a few createMany calls.
import { randomUUID } from "node:crypto";
import type { Db } from "../../src/db/client.js";

const SEVERITIES = ["MINOR", "MEDIUM", "MAJOR", "CRITICAL"];

export async function seedBenchPage(db: Db, accountId: string, url: string, now = Date.now()) {
  const pageId = randomUUID();
  const services = Array.from({ length: 20 }, (_, i) => ({ id: randomUUID(), accountId, name: `Service ${i}` }));
  const cards = Array.from({ length: 4 }, (_, i) => ({
    id: randomUUID(),
    statusPageId: pageId,
    name: `Card ${i}`,
    position: i,
  }));
  await db.statusPageService.createMany({ data: services });
  await db.statusPage.create({
    data: { id: pageId, accountId, name: "Bench status", url, description: "A page of 20 services and 100 incidents" },
  });
  await db.statusPageCard.createMany({ data: cards });
  await db.statusPageCardService.createMany({
    data: services.map((service, i) => ({ cardId: cards[i % 4]!.id, serviceId: service.id, position: i })),
  });
  const incidents = Array.from({ length: 100 }, (_, i) => ({
    id: randomUUID(),
    accountId,
    name: `Incident ${i}`,
    severity: SEVERITIES[i % 4]!,
    createdAt: new Date(now - (i + 1) * 20 * 3_600_000),
  }));
  await db.incident.createMany({ data: incidents });
  await db.incidentService.createMany({
    data: incidents.map((incident, i) => ({ incidentId: incident.id, serviceId: services[i % 20]!.id })),
  });
  await db.incidentUpdate.createMany({
    data: incidents.flatMap((incident, i) =>
      ["INVESTIGATING", "MONITORING", i % 10 === 0 ? "IDENTIFIED" : "RESOLVED"].map((status, u) => {
        const at = new Date(incident.createdAt.getTime() + u * 3_600_000);
        return {
          id: randomUUID(),
          incidentId: incident.id,
          status,
          description: `Update ${u} of ${incident.name}`,
          publicIncidentUpdateDate: at,
          createdAt: at,
        };
      }),
    ),
  });
  return pageId;
}

// What the incident tests share: services to attach, one of another account, a valid body, row counts.
import type { TestApp } from "./app.js";
import { restClient, type RestClient } from "./rest.js";

export type Service = { id: string; name: string; accountId: string; created_at: string; updated_at: string };

/** `count` services of the test's account ("service 0"...) and one of another account. */
export async function incidentServices(
  t: TestApp,
  count: number,
): Promise<{ api: RestClient; services: Service[]; foreign: Service }> {
  const api = restClient(t.url, t.apiKey);
  const services: Service[] = [];
  for (let i = 0; i < count; i++)
    services.push((await api.post("/v1/status-pages/services", { name: `service ${i}` })).body);
  const foreign = (
    await restClient(t.url, (await t.newAccount()).apiKey).post("/v1/status-pages/services", { name: "theirs" })
  ).body;
  return { api, services, foreign };
}

/** A valid incident body on `service`. */
export const validIncident = (service: { id: string }) => ({
  name: "API down",
  severity: "CRITICAL",
  services: [{ id: service.id }],
  incidentUpdates: [{ description: "Looking into it" }],
});

/** Incidents, updates and incident-service links: a rejected write changes none of them. */
export const incidentRowCounts = async (t: TestApp) => {
  const db = t.app.context.database.prisma;
  return [await db.incident.count(), await db.incidentUpdate.count(), await db.incidentService.count()];
};

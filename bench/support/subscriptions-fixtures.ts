// REST fixtures shared by the subscription tests and the bench: every object is made through the
// public API, so every event the subscribers hear comes from a real REST write.
import { randomBytes } from "node:crypto";

/** The `post` of test/support/rest.ts, or any client with that shape. */
type Send = <T = any>(path: string, body?: unknown) => Promise<{ status: number; body: T }>;
export type Poster = { post: Send; put: Send };

async function created<T>(api: Poster, path: string, body: unknown): Promise<T> {
  const response = await api.post<T>(path, body);
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export const globalId = (typename: string, id: string) => Buffer.from(`${typename}:${id}`).toString("base64");

/** A service, a status page showing it (a fresh slug), and an incident on it with one update. */
export async function pageWithIncident(api: Poster, name = "API") {
  const service = await created<{ id: string }>(api, "/v1/status-pages/services", { name: `${name} service` });
  const slug = `sub-${randomBytes(5).toString("hex")}`;
  const page = await created<{ id: string }>(api, "/v1/status-pages", {
    name: `${name} status`,
    url: slug,
    cards: [{ name: "Services", services: [{ id: service.id }] }],
  });
  const incident = await addIncident(api, service.id, `${name} is down`);
  return { serviceId: service.id, pageId: page.id, slug, incidentId: incident.id };
}

export function addIncident(api: Poster, serviceId: string, name: string) {
  return created<{ id: string }>(api, "/v1/status-pages/incidents", {
    name,
    severity: "MAJOR",
    services: [{ id: serviceId }],
    incidentUpdates: [{ description: "Investigating" }],
  });
}

export function addUpdate(api: Poster, incidentId: string, description: string, status?: string) {
  return created<{ id: string; description: string; status: string }>(
    api,
    `/v1/status-pages/incidents/${incidentId}/incident-updates`,
    {
      description,
      ...(status ? { status } : {}),
    },
  );
}

/** A change of the incident (incidentChanged): its name, on these services. */
export async function renameIncident(api: Poster, incidentId: string, serviceIds: string[], name: string) {
  const response = await api.put(`/v1/status-pages/incidents/${incidentId}`, {
    name,
    severity: "MAJOR",
    services: serviceIds.map((id) => ({ id })),
  });
  if (response.status !== 200) throw new Error(`PUT incident: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; name: string };
}

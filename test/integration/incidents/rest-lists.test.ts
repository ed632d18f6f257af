import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, incidentRowCounts, type Service, validIncident } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe(`REST status page incidents: lists and tenancy on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let services: Service[];
  const db = () => t.db;
  const counts = () => incidentRowCounts(t);
  const valid = () => validIncident(services[0]!);
  beforeAll(async () => {
    services = [await createService(api, "service")];
  });

  it("walks the list newest first with an opaque cursor, without duplicates or gaps, also across equal created_at", async () => {
    const other = await t.newAccount();
    const own = restClient(t.url, other.apiKey);
    const service = await createService(own, "s");
    for (let i = 0; i < 3; i++)
      expect(
        (await own.post("/v1/status-pages/incidents", { ...valid(), name: `i${i}`, services: [service] })).status,
      ).toBe(201);
    const tie = new Date("2030-01-01T00:00:00.000Z");
    for (let i = 0; i < 4; i++) {
      await db().incident.create({
        data: {
          accountId: other.accountId,
          name: `tie${i}`,
          severity: "MINOR",
          createdAt: tie,
          services: { create: [{ serviceId: service.id }] },
          updates: { create: [{ description: "d", status: "MONITORING" }] },
        },
      });
    }
    const seen: { id: string; name: string; created_at: string; lastUpdateStatus: string }[] = [];
    let nextId: string | null = null;
    let pages = 0;
    do {
      const response: { status: number; body: { length: number; entries: typeof seen; nextId: string | null } } =
        await own.get(`/v1/status-pages/incidents?limit=2${nextId ? `&nextId=${nextId}` : ""}`);
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(response.body.entries.length);
      seen.push(...response.body.entries);
      nextId = response.body.nextId;
      pages++;
    } while (nextId);
    expect(pages).toBe(4);
    expect(new Set(ids(seen)).size).toBe(7);
    expect(
      seen
        .slice(0, 4)
        .map((i) => [i.name, i.lastUpdateStatus])
        .sort(),
    ).toEqual([0, 1, 2, 3].map((i) => [`tie${i}`, "MONITORING"]));
    expect(ids(seen)).toEqual(
      ids([...seen].sort((x, y) => y.created_at.localeCompare(x.created_at) || (x.id < y.id ? 1 : -1))),
    );
    expect((await own.get("/v1/status-pages/incidents")).body).toMatchObject({ length: 7, nextId: null });
    expect((await own.get("/v1/status-pages/incidents?limit=1")).body.length).toBe(1);
    expect((await own.get("/v1/status-pages/incidents?limit=100")).body.length).toBe(7);
    for (const [query, key] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=1.5", "limit"],
      ["nextId=W10", "nextId"],
    ]) {
      expect((await own.get(`/v1/status-pages/incidents?${query}`)).body).toMatchObject({
        statusCode: 400,
        validation: { source: "query", keys: [key] },
      });
    }
  });

  it("keeps accounts apart: another account's incident is 404 on every path and absent from its list", async () => {
    const { body: incident } = await api.post("/v1/status-pages/incidents", valid());
    const updateId = incident.incidentUpdates[0].id;
    const stranger = restClient(t.url, (await t.newAccount()).apiKey);
    const base = `/v1/status-pages/incidents/${incident.id}`;
    const before = await counts();
    expect((await stranger.get(base)).status).toBe(404);
    expect((await stranger.put(base, valid())).status).toBe(404);
    expect((await stranger.delete(base)).status).toBe(404);
    expect((await stranger.get(`${base}/incident-updates`)).status).toBe(404);
    expect((await stranger.post(`${base}/incident-updates`, { description: "x" })).status).toBe(404);
    expect((await stranger.get(`${base}/incident-updates/${updateId}`)).status).toBe(404);
    expect((await stranger.put(`${base}/incident-updates/${updateId}`, { description: "x" })).status).toBe(404);
    expect((await stranger.delete(`${base}/incident-updates/${updateId}`)).status).toBe(404);
    expect((await stranger.get("/v1/status-pages/incidents")).body).toEqual({ length: 0, entries: [], nextId: null });
    expect(await counts()).toEqual(before);
    expect((await api.get(base)).body).toEqual(incident);
    for (const bad of ["abc", "42", incident.id.replace(/-/g, ""), `${incident.id}f`]) {
      expect((await api.get(`/v1/status-pages/incidents/${bad}`)).status).toBe(404);
      expect((await api.put(`/v1/status-pages/incidents/${bad}`, valid())).status).toBe(404);
      expect((await api.delete(`/v1/status-pages/incidents/${bad}`)).status).toBe(404);
      expect((await api.get(`/v1/status-pages/incidents/${bad}/incident-updates`)).status).toBe(404);
      expect((await api.post(`/v1/status-pages/incidents/${bad}/incident-updates`, { description: "x" })).status).toBe(
        404,
      );
      expect((await api.get(`${base}/incident-updates/${bad}`)).status).toBe(404);
      expect((await api.put(`${base}/incident-updates/${bad}`, { description: "x" })).status).toBe(404);
      expect((await api.delete(`${base}/incident-updates/${bad}`)).status).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });
});

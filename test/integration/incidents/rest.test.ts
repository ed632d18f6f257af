import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import {
  inCreationOrder,
  incidentRowCounts,
  incidentServices,
  type Service,
  validIncident,
} from "../../support/index.js";
import type { RestClient } from "../../support/rest.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

describe(`REST status page incidents on ${testProvider}`, () => {
  const t = useTestApp();
  let api: RestClient;
  let services: Service[];
  let foreign: Service;
  const db = () => t.db;
  const counts = () => incidentRowCounts(t);
  const valid = () => validIncident(services[0]!);
  beforeAll(async () => {
    ({ api, services, foreign } = await incidentServices(t, 4));
  });

  it("creates with every default, reads, lists, updates and deletes", async () => {
    const before = Date.now();
    const created = await api.post("/v1/status-pages/incidents", valid());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: uuid,
      name: "API down",
      severity: "CRITICAL",
      services: [services[0]],
      incidentUpdates: [
        {
          id: uuid,
          description: "Looking into it",
          status: "INVESTIGATING",
          publicIncidentUpdateDate: stamp,
          notifySubscribers: false,
          created_at: stamp,
          updated_at: stamp,
        },
      ],
      lastUpdateStatus: "INVESTIGATING",
      duration: null,
      created_at: stamp,
      updated_at: stamp,
    });
    const published = Date.parse(created.body.incidentUpdates[0].publicIncidentUpdateDate);
    expect(published).toBeGreaterThanOrEqual(before - 5);
    expect(published).toBeLessThanOrEqual(Date.now() + 5);
    const id = created.body.id;
    expect((await api.get(`/v1/status-pages/incidents/${id}`)).body).toEqual(created.body);
    expect((await api.get("/v1/status-pages/incidents")).body.entries).toContainEqual(created.body);

    const updated = await api.put(`/v1/status-pages/incidents/${id}`, {
      name: "API slow",
      severity: "MINOR",
      services: [{ id: services[1]!.id }, { id: services[2]!.id }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...created.body,
      name: "API slow",
      severity: "MINOR",
      services: inCreationOrder([services[1]!, services[2]!]),
      updated_at: stamp,
    });
    expect((await api.delete(`/v1/status-pages/incidents/${id}`)).status).toBe(204);
    expect((await api.get(`/v1/status-pages/incidents/${id}`)).status).toBe(404);
    expect((await api.delete(`/v1/status-pages/incidents/${id}`)).status).toBe(404);
    expect(await db().incidentUpdate.count({ where: { incidentId: id } })).toBe(0);
  });

  it("derives statuses of the first updates in time order, body order breaking ties", async () => {
    const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
    const { body } = await api.post("/v1/status-pages/incidents", {
      ...valid(),
      // Sent out of time order: statuses follow time, not the body.
      incidentUpdates: [
        { description: "c", publicIncidentUpdateDate: at(20) },
        { description: "b", status: "IDENTIFIED", publicIncidentUpdateDate: at(10), notifySubscribers: true },
        { description: "a", publicIncidentUpdateDate: "2026-03-01T11:00:00+01:00" },
      ],
      lastUpdateStatus: "RESOLVED",
      duration: 99,
    });
    expect(
      body.incidentUpdates.map(
        (u: { description: string; status: string; publicIncidentUpdateDate: string; notifySubscribers: boolean }) => [
          u.description,
          u.status,
          u.publicIncidentUpdateDate,
          u.notifySubscribers,
        ],
      ),
    ).toEqual([
      ["c", "IDENTIFIED", at(20), false],
      ["b", "IDENTIFIED", at(10), true],
      ["a", "INVESTIGATING", at(0), false],
    ]);
    // lastUpdateStatus and duration are derived; what the request said about them is ignored.
    expect(body).toMatchObject({ lastUpdateStatus: "IDENTIFIED", duration: null });

    const tied = await api.post("/v1/status-pages/incidents", {
      ...valid(),
      incidentUpdates: [
        { description: "first", status: "RESOLVED" },
        { description: "second" },
        { description: "third", status: "MONITORING" },
      ],
    });
    expect(
      tied.body.incidentUpdates.map((u: { description: string; status: string }) => [u.description, u.status]),
    ).toEqual([
      ["third", "MONITORING"],
      ["second", "RESOLVED"],
      ["first", "RESOLVED"],
    ]);
    expect(tied.body).toMatchObject({ lastUpdateStatus: "MONITORING", duration: null });
    const resolved = await api.post("/v1/status-pages/incidents", {
      ...valid(),
      incidentUpdates: [
        { description: "start", publicIncidentUpdateDate: at(0) },
        { description: "fixed", status: "RESOLVED", publicIncidentUpdateDate: "2026-03-01T11:30:30Z" },
      ],
    });
    expect(resolved.body).toMatchObject({ lastUpdateStatus: "RESOLVED", duration: 5430 });
  });

  it("PUT needs name, severity and services, replaces them, and leaves the updates alone", async () => {
    const { body: incident } = await api.post("/v1/status-pages/incidents", {
      ...valid(),
      incidentUpdates: [{ description: "one" }, { description: "two" }],
    });
    const missing = await api.put(`/v1/status-pages/incidents/${incident.id}`, { incidentUpdates: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.validation).toEqual({ source: "payload", keys: ["name", "severity", "services"] });
    // A body read back from GET is accepted; its incidentUpdates, lastUpdateStatus and duration are ignored.
    const roundTrip = await api.put(`/v1/status-pages/incidents/${incident.id}`, {
      ...incident,
      name: "Renamed",
      services: [services[3]],
      incidentUpdates: [{ description: "would be new" }],
      lastUpdateStatus: "RESOLVED",
    });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toEqual({ ...incident, name: "Renamed", services: [services[3]], updated_at: stamp });
    const before = await counts();
    for (const [body, keys] of [
      [{ ...valid(), services: [foreign] }, ["services.0.id"]],
      [{ ...valid(), services: [] }, ["services"]],
      [{ ...valid(), incidentUpdates: "x" }, ["incidentUpdates"]],
      [{ ...valid(), severity: "SEVERE" }, ["severity"]],
    ] as const) {
      const rejected = await api.put(`/v1/status-pages/incidents/${incident.id}`, body);
      expect(rejected.status).toBe(400);
      expect(rejected.body.validation.keys).toEqual(keys);
    }
    expect(await counts()).toEqual(before);
    expect((await api.get(`/v1/status-pages/incidents/${incident.id}`)).body).toEqual(roundTrip.body);
  });
});

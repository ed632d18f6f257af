import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService } from "../../support/index.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
type Update = {
  id: string;
  description: string;
  status: string;
  publicIncidentUpdateDate: string;
  notifySubscribers: boolean;
  created_at: string;
  updated_at: string;
};
const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 4, 1, hour, minute)).toISOString();

describe(`REST incident updates on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let serviceId: string;
  const db = () => t.db;
  const newIncident = async (
    incidentUpdates: unknown[] = [{ description: "start", publicIncidentUpdateDate: at(10) }],
  ) => {
    const response = await api.post("/v1/status-pages/incidents", {
      name: "Outage",
      severity: "MAJOR",
      services: [{ id: serviceId }],
      incidentUpdates,
    });
    expect(response.status).toBe(201);
    return response.body as { id: string; incidentUpdates: Update[] };
  };
  const path = (incidentId: string, updateId?: string) =>
    `/v1/status-pages/incidents/${incidentId}/incident-updates${updateId ? `/${updateId}` : ""}`;
  const incident = async (id: string) => (await api.get(`/v1/status-pages/incidents/${id}`)).body;
  beforeAll(async () => {
    serviceId = (await createService(api, "svc")).id;
  });

  it("adds an update with its defaults, reads it, lists it, edits it and deletes it", async () => {
    const {
      id,
      incidentUpdates: [first],
    } = await newIncident();
    const before = Date.now();
    const added = await api.post(path(id), { description: "Found it", id: "ignored", created_at: "2000-01-01" });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: uuid,
      description: "Found it",
      status: "INVESTIGATING",
      publicIncidentUpdateDate: stamp,
      notifySubscribers: false,
      created_at: stamp,
      updated_at: stamp,
    });
    expect(Date.parse(added.body.publicIncidentUpdateDate)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(added.body.publicIncidentUpdateDate)).toBeLessThanOrEqual(Date.now() + 5);
    expect((await api.get(path(id, added.body.id))).body).toEqual(added.body);
    expect((await api.get(path(id))).body).toEqual([added.body, first]);
    expect((await incident(id)).incidentUpdates).toEqual([added.body, first]);

    const edited = await api.put(path(id, added.body.id), { description: "Found the cause", status: "IDENTIFIED" });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      ...added.body,
      description: "Found the cause",
      status: "IDENTIFIED",
      updated_at: stamp,
    });
    // An omitted optional property keeps its value; description must be sent.
    const kept = await api.put(path(id, added.body.id), { description: "Cause confirmed", notifySubscribers: true });
    expect(kept.body).toEqual({
      ...edited.body,
      description: "Cause confirmed",
      notifySubscribers: true,
      updated_at: stamp,
    });
    const missing = await api.put(path(id, added.body.id), { status: "RESOLVED" });
    expect(missing.body.validation).toEqual({ source: "payload", keys: ["description"] });
    expect((await incident(id)).lastUpdateStatus).toBe("IDENTIFIED");

    expect((await api.delete(path(id, added.body.id))).status).toBe(204);
    expect((await api.get(path(id, added.body.id))).status).toBe(404);
    expect((await api.get(path(id))).body).toEqual([first]);
  });

  it("an update without a status takes the incident's current status; any status may follow any other", async () => {
    const { id } = await newIncident([{ description: "start", status: "MONITORING", publicIncidentUpdateDate: at(9) }]);
    expect((await api.post(path(id), { description: "same" })).body.status).toBe("MONITORING");
    expect((await api.post(path(id), { description: "done", status: "RESOLVED" })).body.status).toBe("RESOLVED");
    expect((await api.post(path(id), { description: "still done" })).body.status).toBe("RESOLVED");
    const reopened = await api.post(path(id), { description: "back", status: "INVESTIGATING" });
    expect(reopened.body.status).toBe("INVESTIGATING");
    expect(await incident(id)).toMatchObject({ lastUpdateStatus: "INVESTIGATING", duration: null });
  });

  it("orders updates newest first by publicIncidentUpdateDate, then created_at, and derives lastUpdateStatus and duration", async () => {
    const { id } = await newIncident([{ description: "start", publicIncidentUpdateDate: at(10) }]);
    const post = async (body: object) => (await api.post(path(id), body)).body as Update;
    await post({ description: "cause", status: "IDENTIFIED", publicIncidentUpdateDate: at(10, 30) });
    const resolved = await post({ description: "fixed", status: "RESOLVED", publicIncidentUpdateDate: at(11) });
    expect(await incident(id)).toMatchObject({ lastUpdateStatus: "RESOLVED", duration: 3600 });
    // A back-dated update joins the history in its place and moves the start.
    await post({ description: "first report", status: "INVESTIGATING", publicIncidentUpdateDate: at(9, 45) });
    let current = await incident(id);
    expect(current.incidentUpdates.map((u: Update) => u.description)).toEqual([
      "fixed",
      "cause",
      "start",
      "first report",
    ]);
    expect(current).toMatchObject({ lastUpdateStatus: "RESOLVED", duration: 4500 });
    // Re-opened: unresolved again. Resolved later: measured to the latest RESOLVED update.
    await post({ description: "again", status: "MONITORING", publicIncidentUpdateDate: at(12) });
    expect(await incident(id)).toMatchObject({ lastUpdateStatus: "MONITORING", duration: null });
    const same = await post({ description: "same minute", status: "RESOLVED", publicIncidentUpdateDate: at(12) });
    current = await incident(id);
    expect(current.incidentUpdates[0].id).toBe(same.id);
    expect(current).toMatchObject({ lastUpdateStatus: "RESOLVED", duration: 8100 });
    // Editing an update's date or status re-derives the incident.
    await api.put(path(id, resolved.id), { description: "fixed", publicIncidentUpdateDate: at(13) });
    expect(await incident(id)).toMatchObject({ lastUpdateStatus: "RESOLVED", duration: 11700 });
    await api.put(path(id, resolved.id), { description: "fixed", status: "MONITORING" });
    expect(await incident(id)).toMatchObject({ lastUpdateStatus: "MONITORING", duration: null });
  });

  it("lists the 100 latest updates; the incident itself shows them all", async () => {
    const { id } = await newIncident(
      Array.from({ length: 100 }, (_, i) => ({ description: `old ${i}`, publicIncidentUpdateDate: at(0, i) })),
    );
    for (let i = 0; i < 5; i++)
      expect((await api.post(path(id), { description: `new ${i}`, publicIncidentUpdateDate: at(5, i) })).status).toBe(
        201,
      );
    const listed = (await api.get(path(id))).body as Update[];
    expect(listed).toHaveLength(100);
    const expected = [
      ...Array.from({ length: 5 }, (_, i) => `new ${4 - i}`),
      ...Array.from({ length: 95 }, (_, i) => `old ${99 - i}`),
    ];
    expect(listed.map((u) => u.description)).toEqual(expected);
    const all = (await incident(id)).incidentUpdates as Update[];
    expect(all).toHaveLength(105);
    expect(all.slice(0, 100)).toEqual(listed);
  });

  it.each([
    [{}, ["description"]],
    [{ description: "" }, ["description"]],
    [{ description: "x".repeat(10_001) }, ["description"]],
    [{ description: "x", status: "FIXED" }, ["status"]],
    [{ description: "x", status: null }, ["status"]],
    [{ description: "x", publicIncidentUpdateDate: "2026-02-30T10:00:00Z" }, ["publicIncidentUpdateDate"]],
    [{ description: "x", publicIncidentUpdateDate: 1767225600 }, ["publicIncidentUpdateDate"]],
    [{ description: "x", notifySubscribers: 1 }, ["notifySubscribers"]],
    [{ description: "x", incidentId: "y" }, ["incidentId"]],
  ])("refuses %o on add and edit, writing nothing", async (body, keys) => {
    const {
      id,
      incidentUpdates: [first],
    } = await newIncident();
    const before = await db().incidentUpdate.count();
    const added = await api.post(path(id), body);
    expect(added.status).toBe(400);
    expect(added.body).toMatchObject({ statusCode: 400, validation: { source: "payload", keys } });
    const edited = await api.put(path(id, first!.id), body);
    expect(edited.status).toBe(400);
    expect(edited.body.validation).toEqual({ source: "payload", keys });
    expect(await db().incidentUpdate.count()).toBe(before);
    expect((await api.get(path(id, first!.id))).body).toEqual(first);
  });

  it("accepts a description of 10,000 characters and a plain date", async () => {
    const { id } = await newIncident();
    const added = await api.post(path(id), {
      description: "x".repeat(10_000),
      publicIncidentUpdateDate: "2026-05-02",
      notifySubscribers: true,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ publicIncidentUpdateDate: "2026-05-02T00:00:00.000Z", notifySubscribers: true });
  });

  it("refuses to delete an incident's last update (409), and finds updates only under their own incident", async () => {
    const one = await newIncident();
    const two = await newIncident();
    const only = one.incidentUpdates[0]!;
    const refused = await api.delete(path(one.id, only.id));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ statusCode: 409, error: "Conflict" });
    expect((await api.get(path(one.id, only.id))).body).toEqual(only);
    // The update exists, but not under the other incident.
    expect((await api.get(path(two.id, only.id))).status).toBe(404);
    expect((await api.put(path(two.id, only.id), { description: "x" })).status).toBe(404);
    expect((await api.delete(path(two.id, only.id))).status).toBe(404);
    const added = (await api.post(path(one.id), { description: "second" })).body;
    expect((await api.delete(path(one.id, only.id))).status).toBe(204);
    expect((await incident(one.id)).incidentUpdates).toEqual([added]);
  });
});

import { describe, expect, it } from "vitest";
import type { VigilEvent } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, createStatusPage } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

describe(`REST status page services on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const count = () => t.db.statusPageService.count();

  it("creates, reads, lists, renames and deletes a service", async () => {
    const created = await api.post("/v1/status-pages/services", { name: "  API  " });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: uuid,
      accountId: t.accountId,
      name: "API",
      created_at: stamp,
      updated_at: stamp,
    });
    const id = created.body.id;
    expect((await api.get(`/v1/status-pages/services/${id}`)).body).toEqual(created.body);
    const list = await api.get("/v1/status-pages/services");
    expect(list.status).toBe(200);
    expect(list.body.entries).toContainEqual(created.body);

    const renamed = await api.put(`/v1/status-pages/services/${id}`, {
      id,
      name: "Public API",
      created_at: created.body.created_at,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created.body, name: "Public API", updated_at: stamp });
    expect((await api.put(`/v1/status-pages/services/${id}`, {})).body.validation).toEqual({
      source: "payload",
      keys: ["name"],
    });

    expect((await api.delete(`/v1/status-pages/services/${id}`)).status).toBe(204);
    expect((await api.get(`/v1/status-pages/services/${id}`)).status).toBe(404);
    expect((await api.put(`/v1/status-pages/services/${id}`, { name: "x" })).status).toBe(404);
    expect((await api.delete(`/v1/status-pages/services/${id}`)).status).toBe(404);
  });

  it.each([
    [{ name: "n".repeat(255) }, 201, []],
    [{ name: "n".repeat(256) }, 400, ["name"]],
    [{ name: "" }, 400, ["name"]],
    [{ name: "   " }, 400, ["name"]],
    [{ name: 5 }, 400, ["name"]],
    [{}, 400, ["name"]],
    [{ name: "ok", colour: "red" }, 400, ["colour"]],
    // Not a property of the reference document's request body, unlike the ignored response-only ones.
    [{ name: "ok", accountId: "someone" }, 400, ["accountId"]],
    [{ name: "ok", id: "ignored", created_at: "2000-01-01", updated_at: null }, 201, []],
  ])("validates %o → %i", async (body, status, keys) => {
    const before = await count();
    const response = await api.post("/v1/status-pages/services", body);
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        validation: { source: "payload", keys },
      });
      expect(await count()).toBe(before);
    } else {
      expect(response.body.id).not.toBe("ignored");
      expect(response.body.created_at).not.toMatch(/^2000/);
      expect(await count()).toBe(before + 1);
    }
  });

  it("walks the list newest first with an opaque cursor, without duplicates or gaps, also across equal created_at", async () => {
    const other = await t.newAccount();
    const own = restClient(t.url, other.apiKey);
    for (let i = 0; i < 4; i++) await own.post("/v1/status-pages/services", { name: `s${i}` });
    // Rows sharing one created_at: the cursor's id tie-break must still visit each exactly once.
    const tie = new Date("2030-01-01T00:00:00.000Z");
    await t.db.statusPageService.createMany({
      data: [0, 1, 2, 3].map((i) => ({ accountId: other.accountId, name: `tie${i}`, createdAt: tie })),
    });
    const all = await own.get("/v1/status-pages/services?limit=2&paginated=false");
    expect(all.body).toMatchObject({ length: 8, nextId: null });
    const expected = [...all.body.entries]
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1))
      .map((s: { id: string }) => s.id);
    expect(all.body.entries.map((s: { id: string }) => s.id)).toEqual(expected);
    expect(all.body.entries.slice(0, 4).every((s: { name: string }) => s.name.startsWith("tie"))).toBe(true);

    const seen: string[] = [];
    let nextId: string | null = null;
    let pages = 0;
    do {
      const response: { status: number; body: { length: number; entries: { id: string }[]; nextId: string | null } } =
        await own.get(`/v1/status-pages/services?limit=3${nextId ? `&nextId=${nextId}` : ""}`);
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(response.body.entries.length);
      seen.push(...response.body.entries.map((s) => s.id));
      nextId = response.body.nextId;
      pages++;
    } while (nextId);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
    // The default limit (20) holds all eight: no cursor.
    expect((await own.get("/v1/status-pages/services")).body).toMatchObject({ length: 8, nextId: null });
  });

  it.each([
    ["limit=0", ["limit"]],
    ["limit=101", ["limit"]],
    ["limit=abc", ["limit"]],
    ["nextId=not-a-cursor", ["nextId"]],
    ["paginated=maybe", ["paginated"]],
  ])("rejects the query %s", async (query, keys) => {
    const response = await api.get(`/v1/status-pages/services?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.validation).toEqual({ source: "query", keys });
  });

  it("accepts the limit at its edges", async () => {
    expect((await api.get("/v1/status-pages/services?limit=1")).body.length).toBe(1);
    expect((await api.get("/v1/status-pages/services?limit=100")).status).toBe(200);
  });

  it("keeps accounts apart: another account's service is 404 on every item path and absent from its list", async () => {
    const { body } = await api.post("/v1/status-pages/services", { name: "mine" });
    const stranger = restClient(t.url, (await t.newAccount()).apiKey);
    expect((await stranger.get(`/v1/status-pages/services/${body.id}`)).status).toBe(404);
    expect((await stranger.put(`/v1/status-pages/services/${body.id}`, { name: "theirs" })).status).toBe(404);
    expect((await stranger.delete(`/v1/status-pages/services/${body.id}`)).status).toBe(404);
    expect((await stranger.get("/v1/status-pages/services")).body).toEqual({ length: 0, entries: [], nextId: null });
    expect((await api.get(`/v1/status-pages/services/${body.id}`)).body.name).toBe("mine");
    for (const bad of ["abc", "1", `${body.id}x`, body.id.replace(/-/g, "")]) {
      expect((await api.get(`/v1/status-pages/services/${bad}`)).status).toBe(404);
      expect((await api.put(`/v1/status-pages/services/${bad}`, { name: "x" })).status).toBe(404);
      expect((await api.delete(`/v1/status-pages/services/${bad}`)).status).toBe(404);
    }
  });

  it("deleting a service removes it from cards and incidents and announces the incidents that changed", async () => {
    const [a, b] = [await createService(api, "a"), await createService(api, "b")];
    const page = await createStatusPage(api, [a.id, b.id], { name: "P", url: `svc-del-${Date.now()}`, card: "c" });
    const incident = (
      await api.post("/v1/status-pages/incidents", {
        name: "I",
        severity: "MINOR",
        services: [{ id: a.id }, { id: b.id }],
        incidentUpdates: [{ description: "d" }],
      })
    ).body;
    const events: VigilEvent[] = [];
    const stop = t.app.context.events.subscribe((event) => events.push(event));
    expect((await api.delete(`/v1/status-pages/services/${a.id}`)).status).toBe(204);
    stop();
    // The page lost a service from its card (statusPageChanged), and the incident changed.
    expect(events).toEqual([
      { type: "statusPageChanged", accountId: t.accountId, statusPageIds: [page.id] },
      { type: "incidentChanged", accountId: t.accountId, incidentId: incident.id, statusPageIds: [page.id] },
    ]);
    expect(
      (await api.get(`/v1/status-pages/incidents/${incident.id}`)).body.services.map((s: { id: string }) => s.id),
    ).toEqual([b.id]);
    const after = (await api.get(`/v1/status-pages/${page.id}`)).body;
    expect(after.cards[0].services.map((s: { id: string }) => s.id)).toEqual([b.id]);
    expect(after.incidents.map((i: { id: string }) => i.id)).toEqual([incident.id]);
  });
});

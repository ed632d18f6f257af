import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const valid = { name: "Weekly deploy", startsAt: "2026-01-05", endsAt: "2026-01-05T02:00:00Z", repeatUnit: "WEEK" };

describe(`REST maintenance windows on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const count = () => t.db.maintenanceWindow.count();

  it("creates with every default, reads, lists, updates and deletes", async () => {
    const created = await api.post("/v1/maintenance-windows", valid);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Weekly deploy",
      tags: [],
      startsAt: "2026-01-05T00:00:00.000Z",
      endsAt: "2026-01-05T02:00:00.000Z",
      repeatInterval: null,
      repeatUnit: "WEEK",
      repeatEndsAt: null,
      timezone: null,
      description: null,
      statusPageVisibility: null,
      pauseAllChecks: false,
      silenceAlertsTags: [],
      silenceAllAlerts: false,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const id = created.body.id;
    expect((await api.get(`/v1/maintenance-windows/${id}`)).body).toEqual(created.body);
    expect((await api.get("/v1/maintenance-windows")).body.map((w: { id: number }) => w.id)).toContain(id);

    const updated = await api.put(`/v1/maintenance-windows/${id}`, {
      ...valid,
      name: "Renamed",
      tags: ["db"],
      repeatInterval: 2,
      description: "kept",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Renamed", tags: ["db"], repeatInterval: 2, description: "kept" });
    // An omitted optional property keeps its value; a required one must be sent.
    const again = await api.put(`/v1/maintenance-windows/${id}`, { ...valid, silenceAllAlerts: true });
    expect(again.body).toMatchObject({
      name: "Weekly deploy",
      tags: ["db"],
      repeatInterval: 2,
      description: "kept",
      silenceAllAlerts: true,
    });
    const missing = await api.put(`/v1/maintenance-windows/${id}`, { name: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.validation).toEqual({ source: "payload", keys: ["startsAt", "endsAt", "repeatUnit"] });

    expect((await api.delete(`/v1/maintenance-windows/${id}`)).status).toBe(204);
    expect((await api.get(`/v1/maintenance-windows/${id}`)).status).toBe(404);
    expect((await api.delete(`/v1/maintenance-windows/${id}`)).status).toBe(404);
  });

  it("accepts the reference document's extra properties and ignores response-only ones", async () => {
    const created = await api.post("/v1/maintenance-windows", {
      ...valid,
      id: 99999,
      created_at: "2000-01-01",
      timezone: "Europe/Berlin",
      description: "from the reference",
      statusPageVisibility: { enabled: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      timezone: "Europe/Berlin",
      description: "from the reference",
      statusPageVisibility: { enabled: true },
    });
    expect(created.body.id).not.toBe(99999);
    expect(created.body.created_at).not.toMatch(/^2000/);
  });

  it.each([
    [{ name: "n".repeat(200) }, 201, []],
    [{ name: "n".repeat(201) }, 400, ["name"]],
    [{ repeatInterval: 1 }, 201, []],
    [{ repeatInterval: 365 }, 201, []],
    [{ repeatInterval: 0 }, 400, ["repeatInterval"]],
    [{ repeatInterval: 366 }, 400, ["repeatInterval"]],
    [{ repeatInterval: 1.5 }, 400, ["repeatInterval"]],
    [{ repeatUnit: "YEAR" }, 400, ["repeatUnit"]],
    [{ startsAt: "2026-13-01" }, 400, ["startsAt"]],
    [{ endsAt: "2026-01-04" }, 400, ["endsAt"]],
    [{ repeatEndsAt: "2026-01-01" }, 400, ["repeatEndsAt"]],
    [{ tags: ["a", 3] }, 400, ["tags.1"]],
    [{ timezone: "+05:00" }, 400, ["timezone"]],
    [{ colour: "red" }, 400, ["colour"]],
    [{ pauseAllChecks: "yes" }, 400, ["pauseAllChecks"]],
  ])("validates %o → %i", async (change, status, keys) => {
    const before = await count();
    const response = await api.post("/v1/maintenance-windows", { ...valid, ...change });
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        validation: { source: "payload", keys },
      });
      expect(await count()).toBe(before);
    }
  });

  it("answers malformed JSON with 400, a non-JSON body with 415, over 1 MiB with 413, a non-object body with 400", async () => {
    const before = await count();
    const malformed = await api.raw("POST", "/v1/maintenance-windows", {
      body: "{ nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    const text = await api.raw("POST", "/v1/maintenance-windows", {
      body: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ statusCode: 415, error: "Unsupported Media Type" });
    const huge = await api.post("/v1/maintenance-windows", { ...valid, description: "x".repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ statusCode: 413, error: "Payload Too Large" });
    const array = await api.post("/v1/maintenance-windows", [valid]);
    expect(array.status).toBe(400);
    expect(array.body.validation).toEqual({ source: "payload", keys: [] });
    expect(await count()).toBe(before);
  });

  it("pages the list with limit and page", async () => {
    const other = await t.newAccount();
    const own = restClient(t.url, other.apiKey);
    for (let i = 0; i < 5; i++) await own.post("/v1/maintenance-windows", { ...valid, name: `w${i}` });
    const pages = await Promise.all([1, 2, 3].map((page) => own.get(`/v1/maintenance-windows?limit=2&page=${page}`)));
    expect(pages.map((p) => p.body.map((w: { name: string }) => w.name))).toEqual([["w4", "w3"], ["w2", "w1"], ["w0"]]);
    expect((await own.get("/v1/maintenance-windows?limit=101")).body.validation).toEqual({
      source: "query",
      keys: ["limit"],
    });
    expect((await own.get("/v1/maintenance-windows?page=0")).status).toBe(400);
  });

  it("keeps accounts apart: another account's window is 404 on every item path", async () => {
    const { body } = await api.post("/v1/maintenance-windows", valid);
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    expect((await stranger.get(`/v1/maintenance-windows/${body.id}`)).status).toBe(404);
    expect((await stranger.put(`/v1/maintenance-windows/${body.id}`, valid)).status).toBe(404);
    expect((await stranger.delete(`/v1/maintenance-windows/${body.id}`)).status).toBe(404);
    expect((await stranger.get("/v1/maintenance-windows")).body).toEqual([]);
    expect((await api.get(`/v1/maintenance-windows/${body.id}`)).status).toBe(200);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"])
      expect((await api.get(`/v1/maintenance-windows/${bad}`)).status).toBe(404);
  });
});

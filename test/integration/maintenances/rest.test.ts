// Maintenances (issue 29, section 3): the occurrences of a maintenance window through REST, with
// exact shapes, tenant isolation, validation naming the field, and the GraphQL twin seeing REST writes.
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describe(`REST maintenances on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const patch = (path: string, body: unknown) =>
    api.raw("PATCH", path, { body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  /** A daily window of one hour starting tomorrow at the next full hour. */
  async function dailyWindow(over: Record<string, unknown> = {}) {
    const start = Math.ceil(Date.now() / HOUR) * HOUR + DAY;
    const created = await api.post("/v1/maintenance-windows", {
      name: "Nightly",
      startsAt: iso(start),
      endsAt: iso(start + HOUR),
      repeatUnit: "DAY",
      repeatInterval: 1,
      ...over,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.id as number, start };
  }
  const base = (id: number) => `/v1/maintenance-windows/${id}/maintenances`;

  it("lists the occurrences up to 90 days ahead in time order, paged as the reference, with exact shapes", async () => {
    const { id, start } = await dailyWindow();
    const first = await api.get(base(id));
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10);
    expect(first.body[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      maintenanceWindowId: id,
      startsAt: iso(start),
      endsAt: iso(start + HOUR),
      status: "SCHEDULED",
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      updates: [],
    });
    expect(first.body.map((m: { startsAt: string }) => m.startsAt)).toEqual(
      Array.from({ length: 10 }, (_, i) => iso(start + i * DAY)),
    );
    // 90 days ahead of now: the occurrences from tomorrow on, 89 of them (the 90th day's starts after the horizon or at it).
    const all: { startsAt: string }[] = [];
    for (let page = 1; page <= 3; page++) all.push(...(await api.get(`${base(id)}?limit=50&page=${page}`)).body);
    expect(all.length).toBeGreaterThanOrEqual(88);
    expect(all.length).toBeLessThanOrEqual(90);
    expect(Date.parse(all.at(-1)!.startsAt)).toBeLessThan(Date.now() + 90 * DAY);
    expect(new Set(all.map((m) => m.startsAt)).size).toBe(all.length);
    const one = await api.get(`${base(id)}/${first.body[0].id}`);
    expect(one.body).toEqual(first.body[0]);

    for (const [query, key] of [
      ["limit=51", "limit"],
      ["limit=0", "limit"],
      ["page=0", "page"],
      ["page=x", "page"],
      ["size=3", "size"],
    ] as const) {
      const bad = await api.get(`${base(id)}?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.validation, query).toEqual({ source: "query", keys: [key] });
    }
  });

  it("moves one occurrence (PATCH), skips another (DELETE: listed as CANCELLED), refuses bad dates naming the field", async () => {
    const { id, start } = await dailyWindow();
    const [a, b] = (await api.get(base(id))).body as { id: string }[];
    const moved = await patch(`${base(id)}/${a!.id}`, { startsAt: iso(start + 2 * HOUR) });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: a!.id, startsAt: iso(start + 2 * HOUR), endsAt: iso(start + 3 * HOUR) });
    const longer = await patch(`${base(id)}/${a!.id}`, { endsAt: iso(start + 5 * HOUR) });
    expect(longer.body).toMatchObject({ startsAt: iso(start + 2 * HOUR), endsAt: iso(start + 5 * HOUR) });

    expect((await api.delete(`${base(id)}/${b!.id}`)).status).toBe(204);
    expect((await api.get(`${base(id)}/${b!.id}`)).body).toMatchObject({
      status: "CANCELLED",
      startsAt: iso(start + DAY),
    });
    // Skipping twice changes nothing; moving a skipped one is a conflict.
    expect((await api.delete(`${base(id)}/${b!.id}`)).status).toBe(204);
    expect((await patch(`${base(id)}/${b!.id}`, { startsAt: iso(start + DAY + HOUR) })).status).toBe(409);

    const cases: [unknown, string][] = [
      [{ endsAt: iso(start + HOUR) }, "endsAt"],
      [{ startsAt: "tomorrow" }, "startsAt"],
      [{ startsAt: iso(start - DAY) }, "startsAt"],
      [{ startsAt: iso(Date.now() - 3 * DAY), endsAt: iso(Date.now() - 2 * DAY) }, "startsAt"],
      [{ colour: "red" }, "colour"],
    ];
    for (const [body, key] of cases) {
      const response = await patch(`${base(id)}/${a!.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.validation, JSON.stringify(body)).toEqual({ source: "payload", keys: [key] });
    }
    // Nothing changed by the refused requests.
    expect((await api.get(`${base(id)}/${a!.id}`)).body).toMatchObject({
      startsAt: iso(start + 2 * HOUR),
      endsAt: iso(start + 5 * HOUR),
    });
  });

  it("writes updates (POST, PUT, DELETE) with the reference's shape, newest first on the occurrence", async () => {
    const { id } = await dailyWindow();
    const [m] = (await api.get(base(id))).body as { id: string }[];
    const path = `${base(id)}/${m!.id}/updates`;
    const created = await api.post(path, { status: "SCHEDULED", description: "Database upgrade" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      maintenanceWindowId: id,
      maintenanceId: m!.id,
      status: "SCHEDULED",
      description: "Database upgrade",
      notifySubscribers: false,
      created_at: expect.stringMatching(/Z$/),
      previousStatus: null,
      previousStartsAt: null,
      previousEndsAt: null,
      dateAdjustments: null,
    });
    const second = await api.post(path, { status: "IN_PROGRESS", description: "Started" });
    expect(second.body.previousStatus).toBe("SCHEDULED");
    const edited = await api.put(`${path}/${created.body.id}`, { description: "Database upgrade to 17" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: "SCHEDULED", description: "Database upgrade to 17" });
    const shown = (await api.get(`${base(id)}/${m!.id}`)).body;
    expect(shown.updates.map((u: { id: string }) => u.id)).toEqual([second.body.id, created.body.id]);

    for (const [body, key] of [
      [{ description: "x" }, "status"],
      [{ status: "DONE", description: "x" }, "status"],
      [{ status: "SCHEDULED", description: "" }, "description"],
      [{ status: "SCHEDULED", description: "x".repeat(2001) }, "description"],
      [{ status: "SCHEDULED", description: "x", notifySubscribers: "yes" }, "notifySubscribers"],
    ] as const) {
      const response = await api.post(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.validation.keys, JSON.stringify(body)).toEqual([key]);
    }
    expect((await api.put(`${path}/${created.body.id}`, { status: "SCHEDULED" })).body.validation.keys).toEqual([
      "description",
    ]);
    expect((await api.delete(`${path}/${second.body.id}`)).status).toBe(204);
    expect((await api.delete(`${path}/${second.body.id}`)).status).toBe(404);
    expect((await api.get(`${base(id)}/${m!.id}`)).body.updates).toHaveLength(1);
  });

  it("keeps accounts apart: another account's window, occurrence and update are 404 on every path", async () => {
    const { id } = await dailyWindow();
    const [m] = (await api.get(base(id))).body as { id: string }[];
    const update = (await api.post(`${base(id)}/${m!.id}/updates`, { status: "SCHEDULED", description: "x" })).body;
    const other = restClient(t.url, (await t.newAccount()).apiKey);
    const theirs = await other.post("/v1/maintenance-windows", {
      name: "theirs",
      startsAt: iso(Date.now() + DAY),
      endsAt: iso(Date.now() + DAY + HOUR),
      repeatUnit: "DAY",
    });
    const one = `${base(id)}/${m!.id}`;
    const up = `${one}/updates/${update.id}`;
    const otherPatch = (path: string, body: unknown) =>
      other.raw("PATCH", path, { body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    expect((await other.get(base(id))).status).toBe(404);
    expect((await other.get(one)).status).toBe(404);
    expect((await otherPatch(one, { endsAt: iso(Date.now() + 2 * DAY) })).status).toBe(404);
    expect((await other.delete(one)).status).toBe(404);
    expect((await other.post(`${one}/updates`, { status: "SCHEDULED", description: "x" })).status).toBe(404);
    expect((await other.put(up, { description: "mine" })).status).toBe(404);
    expect((await other.delete(up)).status).toBe(404);
    // Their own window with our occurrence id, and ours with a malformed or unknown id.
    expect((await other.get(`${base(theirs.body.id)}/${m!.id}`)).status).toBe(404);
    expect((await api.get(`${base(id)}/not-a-uuid`)).status).toBe(404);
    expect((await api.get(`${base(id)}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await api.get(base(999_999))).status).toBe(404);
    // Nothing of ours changed.
    const after = (await api.get(one)).body;
    expect(after).toMatchObject({ status: "SCHEDULED", updates: [{ id: update.id, description: "x" }] });
  });

  it("GraphQL sees REST writes: the window's maintenances, a move, a skip and the updates", async () => {
    const { id, start } = await dailyWindow();
    const [a, b] = (await api.get(base(id))).body as { id: string }[];
    await patch(`${base(id)}/${a!.id}`, { startsAt: iso(start + HOUR) });
    await api.delete(`${base(id)}/${b!.id}`);
    const update = (await api.post(`${base(id)}/${a!.id}/updates`, { status: "SCHEDULED", description: "Soon" })).body;
    const query = `query($id: ID!, $to: DateTime!) { node(id: $id) { ... on MaintenanceWindow {
      maintenances(to: $to) { databaseId startsAt endsAt status moved cancelled
        updates { databaseId status description notifySubscribers previousStatus maintenance { databaseId } } } } } }`;
    const response = await t.gql(query, { id: String(id), to: iso(start + 2 * DAY) });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.node.maintenances).toEqual([
      {
        databaseId: a!.id,
        startsAt: iso(start + HOUR),
        endsAt: iso(start + 2 * HOUR),
        status: "SCHEDULED",
        moved: true,
        cancelled: false,
        updates: [
          {
            databaseId: update.id,
            status: "SCHEDULED",
            description: "Soon",
            notifySubscribers: false,
            previousStatus: null,
            maintenance: { databaseId: a!.id },
          },
        ],
      },
      {
        databaseId: b!.id,
        startsAt: iso(start + DAY),
        endsAt: iso(start + DAY + HOUR),
        status: "CANCELLED",
        moved: false,
        cancelled: true,
        updates: [],
      },
    ]);
    // And GraphQL's writes are REST's.
    const written = await t.gql(
      `mutation($id: ID!) { createMaintenanceUpdate(maintenanceId: $id, input: { status: VERIFYING, description: "Checking" }) {
        ... on CreateMaintenanceUpdateSuccess { data { databaseId status previousStatus } }
        ... on ValidationError { message fieldPaths } } }`,
      { id: a!.id },
    );
    expect(written.body.data.createMaintenanceUpdate.data).toMatchObject({
      status: "VERIFYING",
      previousStatus: "SCHEDULED",
    });
    const moved = await t.gql(
      `mutation($id: ID!, $at: String!) { moveMaintenance(id: $id, input: { startsAt: $at }) {
        ... on MoveMaintenanceSuccess { data { startsAt endsAt moved } } ... on ValidationError { fieldPaths } } }`,
      { id: a!.id, at: iso(start + 3 * HOUR) },
    );
    expect(moved.body.data.moveMaintenance.data).toEqual({
      startsAt: iso(start + 3 * HOUR),
      endsAt: iso(start + 4 * HOUR),
      moved: true,
    });
    const refused = await t.gql(
      `mutation($id: ID!) { moveMaintenance(id: $id, input: { startsAt: "soon" }) {
        ... on ValidationError { fieldPaths } ... on MoveMaintenanceSuccess { data { startsAt } } } }`,
      { id: a!.id },
    );
    expect(refused.body.data.moveMaintenance).toEqual({ fieldPaths: ["startsAt"] });
    const rest = (await api.get(`${base(id)}/${a!.id}`)).body;
    expect(rest).toMatchObject({
      startsAt: iso(start + 3 * HOUR),
      updates: [{ status: "VERIFYING" }, { id: update.id }],
    });
    // Another account's occurrence through GraphQL: not found.
    const other = await t.newAccount();
    const foreign = await t.gql(
      `mutation($id: ID!) { skipMaintenance(id: $id) { ... on NotFoundError { message } ... on SkipMaintenanceSuccess { data { status } } } }`,
      { id: a!.id },
      other.apiKey,
    );
    expect(foreign.body.data.skipMaintenance.message).toMatch(/not found/);
  });
});

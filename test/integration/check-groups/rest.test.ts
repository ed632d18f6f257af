import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { isoTimestamp } from "../../support/matchers.js";

const defaultAlertSettings = {
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold: 1 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
};

const full = {
  name: "Payments API",
  activated: false,
  muted: true,
  tags: ["prod", "api"],
  locations: ["eu-central-1", "us-east-1"],
  concurrency: 5,
  apiCheckDefaults: {
    url: "https://api.example.com/v1",
    headers: [{ key: "Cache-Control", value: "no-store" }],
    queryParameters: [{ key: "page", value: "1", locked: true }],
    assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
    basicAuth: { username: "admin", password: "abc12345" },
  },
  browserCheckDefaults: "{}",
  runtimeId: "2025.04",
  environmentVariables: [{ key: "API_KEY", value: "s3cret", secret: true }],
  doubleCheck: false,
  useGlobalAlertSettings: false,
  alertSettings: {
    escalationType: "TIME_BASED",
    timeBasedEscalation: { minutesFailingThreshold: 15 },
    reminders: { amount: 2, interval: 10 },
  },
  alertChannelSubscriptions: [],
  setupSnippetId: 12,
  tearDownSnippetId: 13,
  localSetupScript: "setup()",
  localTearDownScript: "teardown()",
  privateLocations: [],
  runParallel: true,
  retryStrategy: { type: "LINEAR", maxRetries: 3 },
};

/** What `full` reads back as: every nested default filled in. */
const fullResponse = {
  ...full,
  apiCheckDefaults: {
    url: "https://api.example.com/v1",
    headers: [{ key: "Cache-Control", value: "no-store", locked: false }],
    queryParameters: [{ key: "page", value: "1", locked: true }],
    assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", property: "", target: "200", regex: null }],
    basicAuth: { username: "admin", password: "abc12345" },
  },
  // A secret's value is write-only: never shown again.
  environmentVariables: [{ key: "API_KEY", value: null, locked: false, secret: true }],
  alertSettings: {
    ...defaultAlertSettings,
    escalationType: "TIME_BASED",
    timeBasedEscalation: { minutesFailingThreshold: 15 },
    reminders: { amount: 2, interval: 10 },
  },
  retryStrategy: { type: "LINEAR", baseBackoffSeconds: 60, maxRetries: 3, maxDurationSeconds: 600, sameRegion: true },
};

describe(`REST check groups on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const count = () => t.db.checkGroup.count();

  it("creates a group from a name alone, with every default", async () => {
    const created = await api.post("/v1/check-groups", { name: "Minimal" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Minimal",
      activated: true,
      muted: false,
      tags: [],
      locations: [],
      concurrency: 3,
      apiCheckDefaults: { url: "", headers: [], queryParameters: [], assertions: [], basicAuth: null },
      browserCheckDefaults: null,
      environmentVariables: [],
      doubleCheck: true,
      useGlobalAlertSettings: true,
      alertSettings: defaultAlertSettings,
      alertChannelSubscriptions: [],
      setupSnippetId: null,
      tearDownSnippetId: null,
      localSetupScript: null,
      localTearDownScript: null,
      runtimeId: null,
      privateLocations: [],
      retryStrategy: null,
      created_at: isoTimestamp,
      updated_at: isoTimestamp,
      runParallel: false,
    });
    expect(Object.keys(created.body)).toEqual([
      "id",
      "name",
      "activated",
      "muted",
      "tags",
      "locations",
      "concurrency",
      "apiCheckDefaults",
      "browserCheckDefaults",
      "environmentVariables",
      "doubleCheck",
      "useGlobalAlertSettings",
      "alertSettings",
      "alertChannelSubscriptions",
      "setupSnippetId",
      "tearDownSnippetId",
      "localSetupScript",
      "localTearDownScript",
      "runtimeId",
      "privateLocations",
      "retryStrategy",
      "created_at",
      "updated_at",
      "runParallel",
    ]);
  });

  it("creates with every property, reads it back, lists it, and deletes it", async () => {
    const created = await api.post("/v1/check-groups", full);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      ...fullResponse,
      id: expect.any(Number),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.id;
    const read = await api.get(`/v1/check-groups/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const list = await api.get("/v1/check-groups");
    expect(list.status).toBe(200);
    expect(list.body.find((g: { id: number }) => g.id === id)).toEqual(created.body);

    const deleted = await api.delete(`/v1/check-groups/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await api.get(`/v1/check-groups/${id}`)).status).toBe(404);
    expect((await api.delete(`/v1/check-groups/${id}`)).status).toBe(404);
    expect((await api.put(`/v1/check-groups/${id}`, {})).status).toBe(404);
  });

  it("keeps a secret variable's value write-only: stored, never shown, kept when sent back as null", async () => {
    const created = await api.post("/v1/check-groups", {
      name: "Secrets",
      environmentVariables: [
        { key: "TOKEN", value: "t0p", secret: true },
        { key: "PLAIN", value: "p" },
      ],
    });
    expect(created.body.environmentVariables).toEqual([
      { key: "TOKEN", value: null, locked: false, secret: true },
      { key: "PLAIN", value: "p", locked: false, secret: false },
    ]);
    const stored = async () =>
      (await t.db.checkGroup.findUniqueOrThrow({ where: { id: created.body.id } })).environmentVariables;
    expect(JSON.stringify(await stored())).toContain("t0p");
    // The body read back (value null) and sent again changes nothing; a new value replaces it.
    await api.put(`/v1/check-groups/${created.body.id}`, { environmentVariables: created.body.environmentVariables });
    expect(await stored()).toEqual([
      { key: "TOKEN", value: "t0p", locked: false, secret: true },
      { key: "PLAIN", value: "p", locked: false, secret: false },
    ]);
    await api.put(`/v1/check-groups/${created.body.id}`, {
      environmentVariables: [{ key: "TOKEN", value: "n3w", secret: true }],
    });
    expect(await stored()).toEqual([{ key: "TOKEN", value: "n3w", locked: false, secret: true }]);
  });

  it("accepts a retry strategy of FALLBACK or null, and nullable properties as null", async () => {
    const fallback = await api.post("/v1/check-groups", {
      name: "Fallback",
      retryStrategy: "FALLBACK",
      runtimeId: null,
      environmentVariables: null,
      privateLocations: null,
    });
    expect(fallback.status).toBe(201);
    expect(fallback.body).toMatchObject({
      retryStrategy: "FALLBACK",
      runtimeId: null,
      environmentVariables: null,
      privateLocations: null,
    });
    const none = await api.put(`/v1/check-groups/${fallback.body.id}`, { retryStrategy: null });
    expect(none.body.retryStrategy).toBeNull();
    const each = await api.put(`/v1/check-groups/${fallback.body.id}`, {
      retryStrategy: { type: "SINGLE_RETRY" },
      alertSettings: { escalationType: "TIME_BASED" },
    });
    expect(each.body.retryStrategy).toEqual({
      type: "SINGLE_RETRY",
      baseBackoffSeconds: 60,
      maxRetries: 2,
      maxDurationSeconds: 600,
      sameRegion: true,
    });
    expect(each.body.alertSettings).toEqual({
      ...defaultAlertSettings,
      escalationType: "TIME_BASED",
      timeBasedEscalation: { minutesFailingThreshold: 5 },
    });
  });

  it("updates partially: an omitted property keeps its value, a sent one replaces it", async () => {
    const { body: before } = await api.post("/v1/check-groups", full);
    const renamed = await api.put(`/v1/check-groups/${before.id}`, { name: "Renamed" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...before, name: "Renamed", updated_at: expect.any(String) });
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    expect(renamed.body.created_at).toBe(before.created_at);

    const empty = await api.put(`/v1/check-groups/${before.id}`, {});
    expect(empty.body).toEqual({ ...renamed.body, updated_at: expect.any(String) });

    const changed = await api.put(`/v1/check-groups/${before.id}`, {
      tags: [],
      activated: true,
      concurrency: 1,
      apiCheckDefaults: { url: "https://other.example.com" },
      environmentVariables: null,
      runtimeId: "2026.04",
      setupSnippetId: null,
      useGlobalAlertSettings: true,
    });
    expect(changed.body).toEqual({
      ...renamed.body,
      tags: [],
      activated: true,
      concurrency: 1,
      // A sent nested object replaces the stored one whole.
      apiCheckDefaults: {
        url: "https://other.example.com",
        headers: [],
        queryParameters: [],
        assertions: [],
        basicAuth: null,
      },
      environmentVariables: null,
      runtimeId: "2026.04",
      setupSnippetId: null,
      useGlobalAlertSettings: true,
      updated_at: expect.any(String),
    });
    expect((await api.get(`/v1/check-groups/${before.id}`)).body).toEqual(changed.body);
  });

  it("refuses a rejected update without changing anything", async () => {
    const { body: before } = await api.post("/v1/check-groups", full);
    for (const [change, keys] of [
      [{ name: "ok", concurrency: 0 }, ["concurrency"]],
      [{ name: null }, ["name"]],
      [{ tags: ["x"], locations: ["mars-1"] }, ["locations.0"]],
      [{ muted: false, colour: "red" }, ["colour"]],
    ] as const) {
      const response = await api.put(`/v1/check-groups/${before.id}`, change);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        validation: { source: "payload", keys },
      });
    }
    const query = await api.put(`/v1/check-groups/${before.id}?autoAssignAlerts=maybe`, { name: "ok" });
    expect(query.status).toBe(400);
    expect(query.body.validation).toEqual({ source: "query", keys: ["autoAssignAlerts"] });
    expect((await api.get(`/v1/check-groups/${before.id}`)).body).toEqual(before);
    const groups = await count();
    const create = await api.post("/v1/check-groups?autoAssignAlerts=1", { name: "ok" });
    expect(create.body.validation).toEqual({ source: "query", keys: ["autoAssignAlerts"] });
    expect(await count()).toBe(groups);
  });
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createAlertChannel } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { isoTimestamp } from "../../support/matchers.js";
import { restClient } from "../../support/rest.js";

const defaultAlertSettings = {
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold: 1 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
};
const NODE = `query ($id: ID!) { node(id: $id) { ... on CheckGroup { name doubleCheck useGlobalAlertSettings runParallel concurrency tags
  alertSettings { escalationType reminders { amount interval } } alertChannelSubscriptions { alertChannelId activated } } } }`;

describe(`REST v2 check groups (create, update) on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const counts = async () => [await t.db.checkGroup.count(), await t.db.alertChannelSubscription.count()];
  const node = async (id: number) => (await t.gql(NODE, { id: globalId("CheckGroup", id) })).body.data.node;

  it("creates with v2's defaults and answers the reference's CheckGroup, in v1's property order", async () => {
    const channel = await createAlertChannel(t);
    const created = await api.post("/v2/check-groups", { name: "Minimal v2" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Minimal v2",
      activated: true,
      muted: false,
      tags: [],
      locations: [],
      concurrency: 3,
      apiCheckDefaults: { url: "", headers: [], queryParameters: [], assertions: [], basicAuth: null },
      browserCheckDefaults: null,
      environmentVariables: [],
      doubleCheck: false,
      useGlobalAlertSettings: true,
      alertSettings: defaultAlertSettings,
      alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
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
    const v1 = await api.get(`/v1/check-groups/${created.body.id}`);
    expect(Object.keys(created.body)).toEqual(Object.keys(v1.body));
    expect(v1.body).toEqual(created.body);
    // autoAssignAlerts=false: no subscription; null stands for the default.
    const quiet = await api.post("/v2/check-groups?autoAssignAlerts=false", {
      name: "Quiet",
      useGlobalAlertSettings: null,
      alertSettings: null,
      runParallel: null,
      doubleCheck: true,
    });
    expect(quiet.status).toBe(201);
    expect(quiet.body).toMatchObject({
      alertChannelSubscriptions: [],
      useGlobalAlertSettings: true,
      alertSettings: defaultAlertSettings,
      runParallel: false,
      doubleCheck: true,
    });
    // GraphQL reads the same stored group.
    expect(await node(quiet.body.id)).toEqual({
      name: "Quiet",
      doubleCheck: true,
      useGlobalAlertSettings: true,
      runParallel: false,
      concurrency: 3,
      tags: [],
      alertSettings: { escalationType: "RUN_BASED", reminders: { amount: 0, interval: 5 } },
      alertChannelSubscriptions: [],
    });
  });

  it("updates partially with name required; null resets to the default; GraphQL sees the write", async () => {
    const { body: group } = await api.post("/v2/check-groups?autoAssignAlerts=false", {
      name: "Before",
      tags: ["a"],
      concurrency: 7,
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: "RUN_BASED", reminders: { amount: 2, interval: 10 } },
      runParallel: true,
    });
    const updated = await api.put(`/v2/check-groups/${group.id}`, { name: "After", muted: true });
    expect(updated.status).toBe(200);
    // Omitted properties keep their values.
    expect(updated.body).toEqual({ ...group, name: "After", muted: true, updated_at: isoTimestamp });
    const reset = await api.put(`/v2/check-groups/${group.id}?autoAssignAlerts=true`, {
      name: "After",
      useGlobalAlertSettings: null,
      alertSettings: null,
      runParallel: null,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      concurrency: 7,
      tags: ["a"],
      muted: true,
      useGlobalAlertSettings: true,
      alertSettings: defaultAlertSettings,
      runParallel: false,
      // autoAssignAlerts acts at creation only.
      alertChannelSubscriptions: [],
    });
    expect(await node(group.id)).toMatchObject({
      name: "After",
      useGlobalAlertSettings: true,
      runParallel: false,
      concurrency: 7,
      alertSettings: { escalationType: "RUN_BASED", reminders: { amount: 0, interval: 5 } },
    });
  });

  it.each([
    ["POST", {}, ["name"]],
    ["POST", { name: "x", concurrency: 0 }, ["concurrency"]],
    ["POST", { name: "x", doubleCheck: null }, ["doubleCheck"]],
    ["POST", { name: "x", useGlobalAlertSettings: "yes" }, ["useGlobalAlertSettings"]],
    ["POST", { name: "x", alertSettings: { escalationType: "SOMETIMES" } }, ["alertSettings.escalationType"]],
    ["POST", { name: "x", locations: ["mars-1"] }, ["locations.0"]],
    ["POST", { name: "x", nope: 1 }, ["nope"]],
    ["PUT", { muted: true }, ["name"]],
    ["PUT", { name: "x", runParallel: "no" }, ["runParallel"]],
  ] as const)("%s %o → 400 naming %o, nothing written", async (method, body, keys) => {
    const { body: group } = await api.post("/v2/check-groups", { name: "Valid" });
    const before = await counts();
    const response =
      method === "POST"
        ? await api.post("/v2/check-groups", body)
        : await api.put(`/v2/check-groups/${group.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      validation: { source: "payload", keys },
    });
    expect(await counts()).toEqual(before);
    expect((await api.get(`/v1/check-groups/${group.id}`)).body).toEqual(group);
  });

  it("rejects a bad autoAssignAlerts by name", async () => {
    const response = await api.post("/v2/check-groups?autoAssignAlerts=maybe", { name: "x" });
    expect(response.status).toBe(400);
    expect(response.body.validation).toMatchObject({ source: "query", keys: ["autoAssignAlerts"] });
  });

  it("keeps accounts apart: another account's group is a 404 to PUT, whatever the body", async () => {
    const { body: group } = await api.post("/v2/check-groups", { name: "Mine" });
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    expect((await stranger.put(`/v2/check-groups/${group.id}`, { name: "Theirs" })).status).toBe(404);
    expect((await stranger.put(`/v2/check-groups/${group.id}`, {})).status).toBe(404);
    expect((await api.put("/v2/check-groups/999999999", { name: "Nobody" })).status).toBe(404);
    expect((await api.get(`/v1/check-groups/${group.id}`)).body).toEqual(group);
  });
});

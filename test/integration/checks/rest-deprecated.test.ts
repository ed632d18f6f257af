import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheckGroup, createAlertChannel } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

/** The deprecated `PUT /v1/checks/{id}` of docs/decisions.md. */
describe(`REST deprecated check update on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let group: { id: number };
  let channel: { id: number };
  let check: Record<string, any>;
  const db = () => t.db;
  beforeAll(async () => {
    group = await createCheckGroup(t);
    channel = await createAlertChannel(t);
    check = (
      await api.post("/v1/checks/api", {
        name: "Legacy",
        groupId: group.id,
        tags: ["a"],
        locations: ["eu-west-1"],
        privateLocations: [],
        alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
        request: { method: "GET", url: "https://example.com" },
      })
    ).body;
  });

  it("answers 200 with the check, a Deprecation header and a Link to its successor", async () => {
    const response = await api.put(`/v1/checks/${check.id}`, {
      name: "Legacy 2",
      shouldFail: true,
      description: "moved",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("deprecation")).toBe("@1735689600");
    expect(response.headers.get("link")).toBe(`</v1/checks/api/${check.id}>; rel="successor-version"`);
    expect(response.body).toEqual({
      ...check,
      name: "Legacy 2",
      shouldFail: true,
      description: "moved",
      updated_at: expect.any(String),
    });
    check = response.body;
  });

  it("leaves lists sent as null and the group of groupId null unchanged; [] clears a list", async () => {
    const kept = await api.put(`/v1/checks/${check.id}`, {
      tags: null,
      locations: null,
      alertChannelSubscriptions: null,
      privateLocations: null,
      groupId: null,
      muted: true,
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ ...check, muted: true, updated_at: expect.any(String) });
    expect(kept.body).toMatchObject({
      tags: ["a"],
      locations: ["eu-west-1"],
      groupId: group.id,
      alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
    });
    const cleared = await api.put(`/v1/checks/${check.id}`, { tags: [], locations: [], alertChannelSubscriptions: [] });
    expect(cleared.body).toMatchObject({ tags: [], locations: [], alertChannelSubscriptions: [], groupId: group.id });
    expect(await db().alertChannelSubscription.count({ where: { checkId: check.id } })).toBe(0);
    check = cleared.body;
  });

  it("accepts exactly the listed property names, with the stored type's rules", async () => {
    const before = (await api.get(`/v1/checks/${check.id}`)).body;
    const cases: [Record<string, unknown>, string[], "payload" | "query"][] = [
      [{ intent: { goal: "x" } }, ["intent"], "payload"], // a typed-route property, not in the deprecated list
      [{ script: "x" }, ["script"], "payload"], // listed, but not a property of API checks
      [{ heartbeat: { period: 1, periodUnit: "hours", grace: 0, graceUnit: "hours" } }, ["heartbeat"], "payload"],
      [{ checkType: "BROWSER" }, ["checkType"], "payload"],
      [{ checkType: "SMTP" }, ["checkType"], "payload"],
      [{ frequency: 5, frequencyOffset: 51 }, ["frequencyOffset"], "payload"],
      [{ groupId: 2147483647 }, ["groupId"], "payload"],
      [{ request: { url: "" } }, ["request.url"], "payload"],
      [{ environmentVariables: [] }, ["environmentVariables"], "payload"],
      [{ groupOrder: -1, description: "d".repeat(501) }, ["groupOrder", "description"], "payload"],
    ];
    for (const [change, keys, source] of cases) {
      const response = await api.put(`/v1/checks/${check.id}`, change);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.validation).toEqual({ source, keys });
    }
    const query = await api.put(`/v1/checks/${check.id}?autoAssignAlerts=2`, { name: "x" });
    expect(query.body.validation).toEqual({ source: "query", keys: ["autoAssignAlerts"] });
    expect((await api.get(`/v1/checks/${check.id}`)).body).toEqual(before);
  });

  it("sets every listed property an API check has", async () => {
    const change = {
      name: "All",
      activated: false,
      muted: false,
      doubleCheck: false,
      shouldFail: false,
      locations: ["us-west-2"],
      tags: ["x"],
      alertSettings: { escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 5 } },
      useGlobalAlertSettings: false,
      groupId: group.id,
      groupOrder: 4,
      runtimeId: "2026.04",
      alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: false }],
      retryStrategy: "FALLBACK",
      triggerIncident: null,
      runParallel: true,
      description: null,
      checkType: "API",
      frequency: 1,
      frequencyOffset: 10,
      request: { method: "HEAD" },
      setupSnippetId: 1,
      tearDownSnippetId: 2,
      localSetupScript: "a",
      localTearDownScript: "b",
      degradedResponseTime: 100,
      maxResponseTime: 200,
      privateLocations: [],
    };
    const response = await api.put(`/v1/checks/${check.id}`, change);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ...change,
      request: { ...check.request, method: "HEAD" },
      alertSettings: { ...check.alertSettings, ...change.alertSettings },
    });
  });

  it("updates a browser check's script, environment variables and dependencies too", async () => {
    const browser = (
      await api.post("/v1/checks/browser", {
        name: "B",
        script: "old",
        environmentVariables: [{ key: "A", value: "1" }],
      })
    ).body;
    const response = await api.put(`/v1/checks/${browser.id}`, {
      script: "new",
      scriptPath: "b.spec.ts",
      environmentVariables: null,
      dependencies: [{ path: "d.js", content: "x" }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("link")).toBe(`</v1/checks/api/${browser.id}>; rel="successor-version"`);
    expect(response.body).toMatchObject({
      script: "new",
      scriptPath: "b.spec.ts",
      environmentVariables: [{ key: "A", value: "1", locked: false, secret: false }],
      dependencies: [{ path: "d.js", content: "x" }],
    });
    expect((await api.put(`/v1/checks/${browser.id}`, { request: { url: "https://x" } })).body.validation.keys).toEqual(
      ["request"],
    );
    expect(
      (
        await api.put(`/v1/checks/${browser.id}`, {
          environmentVariables: Array.from({ length: 101 }, (_, i) => ({ key: `K${i}`, value: null })),
        })
      ).body.validation.keys,
    ).toEqual(["environmentVariables"]);
  });

  it("is 404 for another account, without the deprecation headers of a success", async () => {
    const stranger = restClient(t.url, (await t.newAccount()).apiKey);
    const response = await stranger.put(`/v1/checks/${check.id}`, { name: "stolen" });
    expect(response.status).toBe(404);
    expect(response.headers.get("deprecation")).toBeNull();
    expect((await api.get(`/v1/checks/${check.id}`)).body.name).not.toBe("stolen");
  });
});

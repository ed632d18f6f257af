import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createAlertChannel } from "../../support/index.js";

const apiBody = { name: "API", request: { method: "GET", url: "https://example.com/health" } };

/** What a check stores beyond the defaults, and what goes with it when it is deleted. */
describe(`REST check properties on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;

  it("stores every property sent, including the reference's settings-only ones", async () => {
    const channel = await createAlertChannel(t);
    const body = {
      name: "Full",
      checkType: "API",
      activated: false,
      muted: true,
      doubleCheck: false,
      shouldFail: true,
      locations: ["eu-west-1", "us-east-1"],
      tags: ["prod", "api"],
      alertSettings: {
        escalationType: "TIME_BASED",
        timeBasedEscalation: { minutesFailingThreshold: 10 },
        reminders: { amount: 100000, interval: 30 },
      },
      useGlobalAlertSettings: false,
      groupOrder: 0,
      runtimeId: "2025.04",
      alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: false }],
      retryStrategy: { type: "LINEAR", maxRetries: 3 },
      runParallel: true,
      description: "d".repeat(500),
      intent: { goal: "Users can log in" },
      aiAutoRepairEnabled: true,
      frequency: 0,
      frequencyOffset: 20,
      request: {
        method: "POST",
        url: "https://example.com/login",
        followRedirects: false,
        skipSSL: true,
        ipFamily: "IPv6",
        body: "{}",
        bodyType: "JSON",
        headers: [{ key: "x-a", value: "1" }],
        queryParameters: [{ key: "q", value: "2", locked: true }],
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
        basicAuth: { username: "u", password: "p" },
      },
      degradedResponseTime: 0,
      maxResponseTime: 45000,
      setupSnippetId: 7,
      tearDownSnippetId: null,
      localSetupScript: "setup()",
      localTearDownScript: null,
    };
    const created = await api.post("/v1/checks/api?autoAssignAlerts=true", body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...body,
      alertSettings: {
        ...body.alertSettings,
        runBasedEscalation: { failedRunThreshold: 1 },
        parallelRunFailureThreshold: { enabled: false, percentage: 10 },
      },
      retryStrategy: {
        type: "LINEAR",
        baseBackoffSeconds: 60,
        maxRetries: 3,
        maxDurationSeconds: 600,
        sameRegion: true,
      },
      intent: { goal: "Users can log in", requiredOutcomes: [], mustPreserve: [] },
      request: {
        ...body.request,
        headers: [{ key: "x-a", value: "1", locked: false }],
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", property: "", target: "200", regex: null }],
      },
    });
    expect((await api.get(`/v1/checks/${created.body.id}`)).body).toEqual(created.body);
  });

  it("accepts FALLBACK as a retry strategy and ignores the response-only id, created_at and updated_at", async () => {
    const created = await api.post("/v1/checks/url", {
      name: "URL",
      request: { url: "https://example.com" },
      retryStrategy: "FALLBACK",
      id: "00000000-0000-4000-8000-000000000000",
      created_at: "2000-01-01",
      updated_at: null,
    });
    expect(created.status).toBe(201);
    expect(created.body.retryStrategy).toBe("FALLBACK");
    expect(created.body.id).not.toBe("00000000-0000-4000-8000-000000000000");
    expect(created.body.created_at).not.toMatch(/^2000/);
  });

  it("deletes a check with its subscriptions; a second delete is 404", async () => {
    await createAlertChannel(t);
    const created = await api.post("/v1/checks/api", apiBody);
    expect(created.body.alertChannelSubscriptions.length).toBeGreaterThan(0);
    expect(await db().alertChannelSubscription.count({ where: { checkId: created.body.id } })).toBe(
      created.body.alertChannelSubscriptions.length,
    );
    const deleted = await api.delete(`/v1/checks/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await api.get(`/v1/checks/${created.body.id}`)).status).toBe(404);
    expect((await api.delete(`/v1/checks/${created.body.id}`)).status).toBe(404);
    expect(await db().alertChannelSubscription.count({ where: { checkId: created.body.id } })).toBe(0);
  });
});

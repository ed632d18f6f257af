import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheckGroup, createAlertChannel } from "../../support/index.js";

const apiBody = {
  name: "API",
  tags: ["prod"],
  locations: ["eu-west-1"],
  frequency: 10,
  frequencyOffset: 60,
  alertSettings: { reminders: { amount: 2, interval: 10 } },
  request: {
    method: "POST",
    url: "https://example.com/a",
    headers: [{ key: "x", value: "1" }],
    assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
  },
};

/** PUT /v1/checks/{type}/{id}: partial updates (docs/decisions.md), checked against the stored check. */
describe(`REST typed check updates on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const create = async (slug: string, body: Record<string, unknown>) =>
    (await api.post(`/v1/checks/${slug}`, body)).body;

  it("keeps secret variables write-only, on the typed and the deprecated update alike", async () => {
    const check = await create("browser", {
      name: "Login",
      script: "await page.goto('https://example.com')",
      environmentVariables: [{ key: "PASSWORD", value: "hunter2", secret: true }],
    });
    expect(check.environmentVariables).toEqual([{ key: "PASSWORD", value: null, locked: false, secret: true }]);
    const stored = async () => (await db().check.findUniqueOrThrow({ where: { id: check.id } })).environmentVariables;
    const kept = [{ key: "PASSWORD", value: "hunter2", locked: false, secret: true }];
    expect(
      (await api.put(`/v1/checks/browser/${check.id}`, { environmentVariables: check.environmentVariables })).body
        .environmentVariables,
    ).toEqual(check.environmentVariables);
    expect(await stored()).toEqual(kept);
    await api.put(`/v1/checks/${check.id}`, { environmentVariables: check.environmentVariables });
    expect(await stored()).toEqual(kept);
    expect(JSON.stringify((await api.get(`/v1/checks/${check.id}`)).body)).not.toContain("hunter2");
  });

  it("changes what is sent and keeps the rest, merging request and alertSettings into the stored ones", async () => {
    const check = await create("api", apiBody);
    await new Promise((r) => setTimeout(r, 5));
    const updated = await api.put(`/v1/checks/api/${check.id}`, {
      name: "Renamed",
      request: { url: "https://example.com/b" },
      alertSettings: { escalationType: "TIME_BASED" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...check,
      name: "Renamed",
      request: { ...check.request, url: "https://example.com/b" },
      alertSettings: {
        ...check.alertSettings,
        escalationType: "TIME_BASED",
        timeBasedEscalation: { minutesFailingThreshold: 5 },
      },
      updated_at: expect.any(String),
    });
    expect(updated.body.updated_at > check.updated_at).toBe(true);
    expect((await api.get(`/v1/checks/${check.id}`)).body).toEqual(updated.body);
    // A client may send back what it read.
    const roundTrip = await api.put(`/v1/checks/api/${check.id}`, updated.body);
    expect(roundTrip.status).toBe(200);
    expect({ ...roundTrip.body, updated_at: null }).toEqual({ ...updated.body, updated_at: null });
  });

  it("checks the offset rules against the stored frequency merged with the sent one", async () => {
    const check = await create("api", apiBody);
    const before = (await api.get(`/v1/checks/${check.id}`)).body;
    const cases: [Record<string, unknown>, number, string[]?][] = [
      [{ frequency: 5 }, 400, ["frequencyOffset"]], // stored offset 60 > 50
      [{ frequencyOffset: 101 }, 400, ["frequencyOffset"]], // stored frequency 10: max 100
      [{ frequency: 0 }, 400, ["frequencyOffset"]],
      [{ frequency: 7 }, 400, ["frequency"]],
    ];
    for (const [change, status, keys] of cases) {
      const response = await api.put(`/v1/checks/api/${check.id}`, change);
      expect(response.status).toBe(status);
      expect(response.body.validation.keys).toEqual(keys);
    }
    expect((await api.get(`/v1/checks/${check.id}`)).body).toEqual(before);
    expect((await api.put(`/v1/checks/api/${check.id}`, { frequencyOffset: 100 })).body.frequencyOffset).toBe(100);
    expect((await api.put(`/v1/checks/api/${check.id}`, { frequency: 5, frequencyOffset: 50 })).body).toMatchObject({
      frequency: 5,
      frequencyOffset: 50,
    });
    expect((await api.put(`/v1/checks/api/${check.id}`, { frequency: 0, frequencyOffset: 20 })).body).toMatchObject({
      frequency: 0,
      frequencyOffset: 20,
    });
    expect((await api.put(`/v1/checks/api/${check.id}`, { frequency: 120 })).body.validation.keys).toEqual([
      "frequencyOffset",
    ]);
    expect((await api.put(`/v1/checks/api/${check.id}`, { frequency: 120, frequencyOffset: null })).body).toMatchObject(
      { frequency: 120, frequencyOffset: null },
    );
    const tcp = await create("tcp", { name: "TCP", request: { hostname: "h", port: 1 } });
    expect(
      (await api.put(`/v1/checks/tcp/${tcp.id}`, { frequency: 0, frequencyOffset: 10 })).body.validation.keys,
    ).toEqual(["frequency"]);
  });

  it("clears lists sent as null or [], takes a check out of its group with groupId null, and replaces subscriptions", async () => {
    const [a, b] = [1, 2].map(() => createAlertChannel(t));
    const [channelA, channelB] = await Promise.all([a!, b!]);
    const group = await createCheckGroup(t);
    const check = await create("browser", {
      name: "B",
      script: "x",
      groupId: group.id,
      tags: ["t"],
      locations: ["us-east-1"],
      environmentVariables: [{ key: "K", value: "v" }],
      alertChannelSubscriptions: [{ alertChannelId: channelA.id, activated: true }],
    });
    const updated = await api.put(`/v1/checks/browser/${check.id}`, {
      groupId: null,
      tags: [],
      locations: null,
      environmentVariables: null,
      alertChannelSubscriptions: [{ alertChannelId: channelB.id, activated: false }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      groupId: null,
      tags: [],
      locations: [],
      environmentVariables: [],
      alertChannelSubscriptions: [{ alertChannelId: channelB.id, activated: false }],
    });
    expect(await db().alertChannelSubscription.count({ where: { checkId: check.id } })).toBe(1);
    expect(
      (await api.put(`/v1/checks/browser/${check.id}`, { alertChannelSubscriptions: [] })).body
        .alertChannelSubscriptions,
    ).toEqual([]);
    // autoAssignAlerts acts on creation only: an update leaves the subscriptions alone.
    expect(
      (await api.put(`/v1/checks/browser/${check.id}?autoAssignAlerts=true`, { name: "B2" })).body
        .alertChannelSubscriptions,
    ).toEqual([]);
    expect(
      (await api.put(`/v1/checks/browser/${check.id}?autoAssignAlerts=nope`, { name: "B3" })).body.validation,
    ).toEqual({ source: "query", keys: ["autoAssignAlerts"] });
  });

  it("keeps a heartbeat's ping token while its period changes, and merges the heartbeat config", async () => {
    const check = await create("heartbeat", {
      name: "HB",
      heartbeat: { period: 1, periodUnit: "hours", grace: 5, graceUnit: "minutes" },
    });
    const updated = await api.put(`/v1/checks/heartbeat/${check.id}`, {
      heartbeat: { period: 2, pingToken: "ignored" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.heartbeat).toEqual({ ...check.heartbeat, period: 2 });
    expect(
      (await api.put(`/v1/checks/heartbeat/${check.id}`, { heartbeat: { periodUnit: "days", period: 366 } })).body
        .validation.keys,
    ).toEqual(["heartbeat.period"]);
    // An optional minimum makes early pings EARLY; null removes it.
    const withMinimum = await api.put(`/v1/checks/heartbeat/${check.id}`, {
      heartbeat: { minimum: 90, minimumUnit: "minutes" },
    });
    expect(withMinimum.body.heartbeat).toEqual({ ...updated.body.heartbeat, minimum: 90, minimumUnit: "minutes" });
    expect((await api.get(`/v1/checks/${check.id}`)).body.heartbeat).toEqual(withMinimum.body.heartbeat);
    expect(
      (await api.put(`/v1/checks/heartbeat/${check.id}`, { heartbeat: { period: 1 } })).body.validation.keys,
    ).toEqual(["heartbeat.minimum"]);
    expect(
      (await api.put(`/v1/checks/heartbeat/${check.id}`, { heartbeat: { minimum: null } })).body.heartbeat,
    ).toEqual(updated.body.heartbeat);
  });

  it("refuses a type's foreign properties, a different checkType, and a check of another type on this route", async () => {
    const check = await create("url", { name: "U", request: { url: "https://example.com" } });
    const before = (await api.get(`/v1/checks/${check.id}`)).body;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ checkType: "API" }, ["checkType"]],
      [{ script: "x" }, ["script"]],
      [{ setupSnippetId: 1 }, ["setupSnippetId"]],
      [{ request: { method: "POST" } }, ["request.method"]],
      [{ request: { url: "" } }, ["request.url"]],
      [{ name: null }, ["name"]],
      [{ description: "d".repeat(501) }, ["description"]],
      [{ tags: null, muted: "no" }, ["muted"]],
    ];
    for (const [change, keys] of cases) {
      const response = await api.put(`/v1/checks/url/${check.id}`, change);
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "payload", keys });
    }
    expect((await api.get(`/v1/checks/${check.id}`)).body).toEqual(before);
    expect((await api.put(`/v1/checks/api/${check.id}`, { name: "x" })).status).toBe(404);
    expect((await api.put(`/v1/checks/url/${check.id}`, { checkType: "URL", name: "same type" })).body.name).toBe(
      "same type",
    );
  });

  it("updates each type's own request on its own route", async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>][] = [
      [
        "tcp",
        { request: { hostname: "h", port: 1 } },
        { request: { port: 2, data: "ping" } },
        { hostname: "h", port: 2, data: "ping" },
      ],
      [
        "dns",
        { request: { query: "a.com", recordType: "A" } },
        { request: { recordType: "TXT", nameServer: "1.1.1.1" } },
        { query: "a.com", recordType: "TXT", nameServer: "1.1.1.1" },
      ],
      [
        "icmp",
        { request: { hostname: "h" } },
        { request: { pingCount: 3 }, maxPacketLossThreshold: 50 },
        { hostname: "h", pingCount: 3 },
      ],
      [
        "ssl",
        { request: { sslConfig: { hostname: "h", securityBaseline: { minTLSVersion: { value: "TLS1.3" } } } } },
        { request: { sslConfig: { port: 8443, securityBaseline: { enabled: false } } } },
        {
          sslConfig: expect.objectContaining({
            hostname: "h",
            port: 8443,
            securityBaseline: expect.objectContaining({
              enabled: false,
              minTLSVersion: { value: "TLS1.3", severity: "fail" },
            }),
          }),
        },
      ],
      [
        "multistep",
        { script: "a" },
        { script: "b", scriptPath: "tests/b.spec.ts", dependencies: [{ path: "lib.js", content: "x" }] },
        {},
      ],
    ];
    for (const [slug, body, change, request] of cases) {
      const check = await create(slug, { name: slug, ...body });
      const updated = await api.put(`/v1/checks/${slug}/${check.id}`, change);
      expect(updated.status).toBe(200);
      if (Object.keys(request).length) expect(updated.body.request).toMatchObject(request);
      for (const [key, value] of Object.entries(change))
        if (key !== "request") expect(updated.body[key]).toEqual(value);
    }
  });
});

// Query parameters an operation does not define are a 400 naming them, on every /v1 and /v2
// operation (with or without query parameters of its own), and change nothing. Heartbeat pings
// (key-less, called by cron jobs) and status badges (key-less, embedded in READMEs and pages that
// add cache-busting parameters) stay lenient.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient, type RestClient } from "../../support/rest.js";

type Operation = { parameters?: { name: string; in: string }[]; requestBody?: unknown };

const UNKNOWN = "vigilUnknownParam";

const rejected = (keys: string[]) => ({
  statusCode: 400,
  error: "Bad Request",
  message: expect.stringContaining(keys[0]!),
  validation: { source: "query", keys },
});

describe(`unknown query parameters on ${testProvider}`, () => {
  let t: TestApp;
  let api: RestClient;
  /** Path parameter values by path prefix and name: real resources, so an accepted write would show. */
  let ids: { prefix: string; name: string; value: string | number }[];
  let pingToken: string;

  /** Every row a REST write could touch, in a stable order. */
  const snapshot = async () => {
    const db = t.app.context.database.prisma;
    const byId = { orderBy: { id: "asc" as const } };
    return JSON.stringify([
      await db.check.findMany(byId),
      await db.checkGroup.findMany(byId),
      await db.maintenanceWindow.findMany(byId),
      await db.checkSession.findMany(byId),
      await db.checkRun.findMany(byId),
      await db.statusPage.findMany(byId),
      await db.statusPageCard.findMany(byId),
      await db.statusPageService.findMany(byId),
      await db.incident.findMany(byId),
      await db.incidentUpdate.findMany(byId),
      await db.privateLocation.findMany(byId),
      await db.agentKey.findMany(byId),
      await db.heartbeatEvent.findMany(byId),
      await db.alertChannelSubscription.findMany(byId),
    ]);
  };

  async function created(path: string, body: unknown) {
    const response = await api.post(path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  beforeAll(async () => {
    t = await startTestApp();
    api = restClient(t.url, t.apiKey);
    const group = await created("/v1/check-groups", { name: "Group", locations: ["eu-west-1"] });
    const check = await created("/v1/checks/api", {
      name: "Homepage",
      locations: ["eu-west-1"],
      request: { method: "GET", url: "https://example.com" },
    });
    const heartbeat = await created("/v1/checks/heartbeat", {
      name: "Nightly job",
      heartbeat: { period: 1, periodUnit: "days", grace: 1, graceUnit: "hours" },
    });
    pingToken = heartbeat.heartbeat.pingToken;
    const window = await created("/v1/maintenance-windows", {
      name: "Upgrade",
      startsAt: "2030-01-01T00:00:00.000Z",
      endsAt: "2030-01-01T01:00:00.000Z",
      repeatUnit: "DAY",
    });
    const service = await created("/v1/status-pages/services", { name: "API" });
    const page = await created("/v1/status-pages", { name: "Status", url: `unknown-query-${randomUUID()}` });
    const incident = await created("/v1/status-pages/incidents", {
      name: "API down",
      severity: "CRITICAL",
      services: [{ id: service.id }],
      incidentUpdates: [{ description: "Looking into it" }],
    });
    const location = await created("/v1/private-locations", { name: "Lab", slugName: "unknown-query-lab" });
    ids = [
      { prefix: "/v1/maintenance-windows/", name: "id", value: window.id },
      { prefix: "/v1/check-groups/", name: "id", value: group.id },
      { prefix: "/v1/checks/heartbeats/", name: "checkId", value: heartbeat.id },
      { prefix: "/v1/checks/", name: "id", value: check.id },
      { prefix: "/v1/status-pages/services/", name: "id", value: service.id },
      { prefix: "/v1/private-locations/", name: "id", value: location.id },
      { prefix: "/v1/private-locations/", name: "keyId", value: location.keys[0].id },
      { prefix: "/v", name: "checkId", value: check.id },
      { prefix: "/v", name: "statusPageId", value: page.id },
      { prefix: "/v", name: "incidentId", value: incident.id },
      { prefix: "/v", name: "incidentUpdateId", value: incident.incidentUpdates[0].id },
    ];
  });
  afterAll(() => t.stop());

  it("answers GET /v1/checks?foo=bar with a 400 naming foo", async () => {
    const response = await api.get("/v1/checks?foo=bar");
    expect(response.status).toBe(400);
    expect(response.body).toEqual(rejected(["foo"]));
    expect(response.body.message).toBe("foo: unknown property");
  });

  it("names every unknown parameter, beside valid ones", async () => {
    const response = await api.get("/v1/checks?limit=5&foo=1&bar=2");
    expect(response.status).toBe(400);
    expect(response.body).toEqual(rejected(["foo", "bar"]));
  });

  it("refuses an unknown parameter on every /v1 and /v2 operation, and changes nothing", async () => {
    const document = (await api.get("/openapi.json")).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const before = await snapshot();
    let tried = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      if (!/^\/v[12]\//.test(template) || template.startsWith("/v1/badges/")) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
          const id = ids.find((entry) => entry.name === name && template.startsWith(entry.prefix));
          return encodeURIComponent(String(id?.value ?? randomUUID()));
        });
        const response = await api.raw(method.toUpperCase(), `${path}?${UNKNOWN}=1`, {
          // A body the operation would otherwise accept or refuse: the query is refused first.
          ...(operation.requestBody ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
        });
        expect(response.status, `${method.toUpperCase()} ${template}`).toBe(400);
        expect(response.body, `${method.toUpperCase()} ${template}`).toEqual(rejected([UNKNOWN]));
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(50);
    expect(await snapshot()).toBe(before);
  });

  it("keeps heartbeat pings lenient: cron jobs add parameters of their own", async () => {
    const response = await restClient(t.url, null).get(`/ping/${pingToken}?ts=1700000000&${UNKNOWN}=1`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
  });

  it("keeps badges lenient: pages that embed them add cache-busting parameters", async () => {
    const checkId = ids.find((entry) => entry.name === "checkId")!.value;
    const response = await fetch(`${t.url}/v1/badges/checks/${checkId}?style=flat&${UNKNOWN}=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    expect(await response.text()).toContain("<svg");
  });
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const valid: Record<string, Record<string, unknown>> = {
  api: { name: "API", request: { method: "GET", url: "https://example.com" } },
  url: { name: "URL", request: { url: "https://example.com" } },
  tcp: { name: "TCP", request: { hostname: "example.com", port: 443 } },
  dns: { name: "DNS", request: { query: "example.com", recordType: "MX" } },
  icmp: { name: "ICMP", request: { hostname: "example.com" } },
  heartbeat: { name: "HB", heartbeat: { period: 5, periodUnit: "minutes", grace: 1, graceUnit: "minutes" } },
  browser: { name: "Browser", script: "1" },
  multistep: { name: "Multi", script: "1" },
  ssl: { name: "SSL", request: { sslConfig: { hostname: "example.com" } } },
};
const env = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `K${i}`, value: "v" }));
const request = (slug: string, change: Record<string, unknown>) => ({
  request: { ...(valid[slug]!.request as object), ...change },
});
const heartbeat = (change: Record<string, unknown>) => ({
  heartbeat: { ...(valid.heartbeat!.heartbeat as object), ...change },
});

type Case = [slug: string, change: Record<string, unknown>, status: 201 | 400, keys: string[]];
const cases: Case[] = [
  // Common properties: limits at their edges, types, enums, unknown properties.
  ["api", { name: "n".repeat(255) }, 201, []],
  ["api", { name: "n".repeat(256) }, 400, ["name"]],
  ["api", { name: "  " }, 400, ["name"]],
  ["api", { name: undefined }, 400, ["name"]],
  ["api", { description: "d".repeat(500) }, 201, []],
  ["api", { description: "d".repeat(501) }, 400, ["description"]],
  ["api", { groupOrder: 0 }, 201, []],
  ["api", { groupOrder: -1 }, 400, ["groupOrder"]],
  ["api", { groupOrder: 1.5 }, 400, ["groupOrder"]],
  ["api", { activated: "yes" }, 400, ["activated"]],
  ["api", { tags: ["a", 3] }, 400, ["tags.1"]],
  ["api", { tags: "prod" }, 400, ["tags"]],
  ["api", { locations: ["eu-west-1", "mars-1"] }, 400, ["locations.1"]],
  ["api", { locations: ["eu-west-1", "eu-west-1"] }, 400, ["locations.1"]],
  ["api", { runtimeId: "2021.01" }, 400, ["runtimeId"]],
  ["api", { runtimeId: null }, 201, []],
  // The shared RetryStrategy is a union (FALLBACK or an object): an unknown type is reported on the union.
  ["api", { retryStrategy: { type: "SOMETIMES" } }, 400, ["retryStrategy"]],
  ["api", { retryStrategy: { type: "FIXED", maxRetries: 11 } }, 400, ["retryStrategy.maxRetries"]],
  ["api", { alertSettings: { reminders: { amount: 6 } } }, 400, ["alertSettings.reminders.amount"]],
  [
    "api",
    { triggerIncident: { serviceId: "x", severity: "HUGE", name: "n", description: "d", notifySubscribers: false } },
    400,
    ["triggerIncident.severity"],
  ],
  ["api", { intent: { goal: "" } }, 400, ["intent.goal"]],
  ["api", { colour: "red" }, 400, ["colour"]],
  ["api", { checkType: "TCP" }, 400, ["checkType"]],
  ["api", { checkType: "API" }, 201, []],
  ["api", { doubleCheck: false, shouldFail: true, runParallel: true }, 201, []],
  // Frequencies and the four offset rules, each at its edge.
  ["api", { frequency: 7 }, 400, ["frequency"]],
  ["api", { frequency: 1440 }, 201, []],
  ["api", { frequencyOffset: 0 }, 400, ["frequencyOffset"]],
  ["api", { frequencyOffset: 1 }, 201, []],
  ["api", { frequency: 1, frequencyOffset: 10 }, 201, []],
  ["api", { frequency: 1, frequencyOffset: 11 }, 400, ["frequencyOffset"]],
  ["api", { frequency: 5, frequencyOffset: 50 }, 201, []],
  ["api", { frequency: 5, frequencyOffset: 51 }, 400, ["frequencyOffset"]],
  ["api", { frequency: 60, frequencyOffset: 600 }, 201, []],
  ["api", { frequency: 60, frequencyOffset: 601 }, 400, ["frequencyOffset"]],
  ["api", { frequency: 120, frequencyOffset: 2 }, 201, []],
  ["api", { frequency: 120, frequencyOffset: 3 }, 400, ["frequencyOffset"]],
  ["api", { frequency: 180, frequencyOffset: 3 }, 201, []],
  ["api", { frequency: 1440, frequencyOffset: 24 }, 201, []],
  ["api", { frequency: 1440, frequencyOffset: 25 }, 400, ["frequencyOffset"]],
  ["api", { frequency: 0, frequencyOffset: 10 }, 201, []],
  ["api", { frequency: 0, frequencyOffset: 30 }, 201, []],
  ["api", { frequency: 0, frequencyOffset: 15 }, 400, ["frequencyOffset"]],
  ["api", { frequency: 0 }, 400, ["frequencyOffset"]],
  ["tcp", { frequency: 0, frequencyOffset: 10 }, 400, ["frequency"]],
  ["browser", { frequency: 0, frequencyOffset: 10 }, 400, ["frequency"]],
  ["heartbeat", { frequency: 0, frequencyOffset: 20 }, 400, ["frequency"]],
  ["browser", { frequency: 5, frequencyOffset: 50 }, 201, []],
  // Response-time bounds differ by type (reference).
  ["api", { degradedResponseTime: 45000, maxResponseTime: 0 }, 201, []],
  ["api", { degradedResponseTime: 45001 }, 400, ["degradedResponseTime"]],
  ["url", { maxResponseTime: 45001 }, 400, ["maxResponseTime"]],
  ["dns", { maxResponseTime: 5000 }, 201, []],
  ["dns", { maxResponseTime: 5001 }, 400, ["maxResponseTime"]],
  ["icmp", { degradedResponseTime: 300000 }, 201, []],
  ["icmp", { degradedResponseTime: 300001 }, 400, ["degradedResponseTime"]],
  ["icmp", { degradedPacketLossThreshold: 100, maxPacketLossThreshold: 0.5 }, 201, []],
  ["icmp", { maxPacketLossThreshold: 0 }, 400, ["maxPacketLossThreshold"]],
  ["browser", { degradedResponseTime: 100 }, 400, ["degradedResponseTime"]],
  // Type-specific requests.
  ["api", request("api", { method: undefined }), 400, ["request.method"]],
  ["api", request("api", { method: "TRACE" }), 400, ["request.method"]],
  ["api", request("api", { url: `https://e.com/${"a".repeat(2048 - 14)}` }), 201, []],
  ["api", request("api", { url: `https://e.com/${"a".repeat(2048 - 13)}` }), 400, ["request.url"]],
  ["api", request("api", { url: "not a url" }), 400, ["request.url"]],
  ["api", request("api", { url: "ftp://example.com/file" }), 400, ["request.url"]],
  ["api", request("api", { url: "javascript:alert(1)" }), 400, ["request.url"]],
  ["api", request("api", { url: "{{BASE_URL}}/health" }), 201, []],
  ["api", request("api", { url: "https://{{HOST}}:{{PORT}}/health?token={{TOKEN}}" }), 201, []],
  ["url", request("url", { url: "example.com" }), 400, ["request.url"]],
  ["url", request("url", { url: "http://127.0.0.1:8080/" }), 201, []],
  ["api", request("api", { bodyType: "XML" }), 400, ["request.bodyType"]],
  [
    "api",
    request("api", {
      assertions: [
        { source: "STATUS_CODE", comparison: "EQUALS" },
        { source: "BODY", comparison: "EQUALS" },
      ],
    }),
    400,
    ["request.assertions.1.source"],
  ],
  ["api", request("api", { headers: [{ key: "" }] }), 400, ["request.headers.0.key"]],
  ["api", request("api", { timeout: 5 }), 400, ["request.timeout"]],
  ["api", { request: undefined }, 400, ["request"]],
  ["url", request("url", { method: "POST" }), 400, ["request.method"]],
  [
    "url",
    request("url", { assertions: [{ source: "JSON_BODY", comparison: "EQUALS" }] }),
    400,
    ["request.assertions.0.source"],
  ],
  ["url", request("url", { assertions: [{ source: "STATUS_CODE", comparison: "LESS_THAN", target: "400" }] }), 201, []],
  ["tcp", { request: { port: 22 } }, 400, ["request.hostname"]],
  ["tcp", request("tcp", { port: 65535 }), 201, []],
  ["tcp", request("tcp", { port: 65536 }), 400, ["request.port"]],
  [
    "tcp",
    request("tcp", { assertions: [{ source: "RESPONSE_DATA", comparison: "CONTAINS", target: "SSH" }] }),
    201,
    [],
  ],
  ["dns", request("dns", { recordType: "PTR" }), 400, ["request.recordType"]],
  ["dns", request("dns", { query: "q".repeat(101) }), 400, ["request.query"]],
  ["icmp", request("icmp", { pingCount: 50 }), 201, []],
  ["icmp", request("icmp", { pingCount: 51 }), 400, ["request.pingCount"]],
  // Heartbeat periods: 30 s to 365 days; grace 0 to 365 days.
  ["heartbeat", { heartbeat: undefined }, 400, ["heartbeat"]],
  ["heartbeat", heartbeat({ period: 30, periodUnit: "seconds" }), 201, []],
  ["heartbeat", heartbeat({ period: 29, periodUnit: "seconds" }), 400, ["heartbeat.period"]],
  ["heartbeat", heartbeat({ period: 365, periodUnit: "days" }), 201, []],
  ["heartbeat", heartbeat({ period: 366, periodUnit: "days" }), 400, ["heartbeat.period"]],
  ["heartbeat", heartbeat({ period: 8760, periodUnit: "hours" }), 201, []],
  ["heartbeat", heartbeat({ period: 8761, periodUnit: "hours" }), 400, ["heartbeat.period"]],
  ["heartbeat", heartbeat({ grace: 0, graceUnit: "seconds" }), 201, []],
  ["heartbeat", heartbeat({ grace: -1 }), 400, ["heartbeat.grace"]],
  ["heartbeat", heartbeat({ grace: 365, graceUnit: "days" }), 201, []],
  ["heartbeat", heartbeat({ grace: 525601, graceUnit: "minutes" }), 400, ["heartbeat.grace"]],
  ["heartbeat", heartbeat({ periodUnit: "weeks" }), 400, ["heartbeat.periodUnit"]],
  ["heartbeat", heartbeat({ pingToken: "mine", pingUrl: "x" }), 201, []],
  ["heartbeat", heartbeat({ minimum: 4, minimumUnit: "minutes" }), 201, []],
  ["heartbeat", heartbeat({ minimum: 300, minimumUnit: "seconds" }), 400, ["heartbeat.minimum"]],
  ["heartbeat", heartbeat({ minimum: 4 }), 400, ["heartbeat.minimumUnit"]],
  ["heartbeat", heartbeat({ minimum: 0, minimumUnit: "seconds" }), 400, ["heartbeat.minimum"]],
  ["heartbeat", { retryStrategy: null }, 400, ["retryStrategy"]],
  ["heartbeat", { request: { anything: 1 }, script: null }, 201, []],
  // Browser and multi-step: scripts, environment variables (max 100), dependencies.
  ["browser", { script: undefined }, 400, ["script"]],
  ["multistep", { script: "" }, 400, ["script"]],
  ["browser", { environmentVariables: env(100), sslCheckDomain: "example.com" }, 201, []],
  ["browser", { environmentVariables: env(101) }, 400, ["environmentVariables"]],
  ["multistep", { environmentVariables: [...env(1), ...env(1)] }, 400, ["environmentVariables.1.key"]],
  [
    "browser",
    {
      dependencies: [
        { path: "a.js", content: "x" },
        { path: "a.js", content: "y" },
      ],
    },
    400,
    ["dependencies.1.path"],
  ],
  ["browser", { dependencies: [{ path: "a.js", content: "" }] }, 400, ["dependencies.0.content"]],
  ["multistep", { sslCheckDomain: "example.com" }, 400, ["sslCheckDomain"]],
  ["tcp", { script: "1" }, 400, ["script"]],
];

describe(`REST check validation on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const count = () => t.db.check.count();

  it.each(cases)("POST /v1/checks/%s with %j → %i %j", async (slug, change, status, keys) => {
    const before = await count();
    const response = await api.post(`/v1/checks/${slug}`, { ...valid[slug], ...change });
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        validation: { source: "payload", keys },
      });
      expect(await count()).toBe(before);
    } else {
      expect(await count()).toBe(before + 1);
      for (const [key, value] of Object.entries(change))
        if (typeof value !== "object" && value !== undefined) expect(response.body[key]).toEqual(value);
    }
  });

  it("refuses malformed JSON, a non-object body, a non-JSON body and a bad autoAssignAlerts, writing nothing", async () => {
    const before = await count();
    const malformed = await api.raw("POST", "/v1/checks/api", {
      body: "{ nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await api.post("/v1/checks/api", [valid.api])).status).toBe(400);
    expect(
      (await api.raw("POST", "/v1/checks/api", { body: "name=x", headers: { "content-type": "text/plain" } })).status,
    ).toBe(415);
    const query = await api.post("/v1/checks/api?autoAssignAlerts=maybe", valid.api);
    expect(query.status).toBe(400);
    expect(query.body.validation).toEqual({ source: "query", keys: ["autoAssignAlerts"] });
    expect(await count()).toBe(before);
  });

  it("reports every offending field of one request together", async () => {
    const response = await api.post("/v1/checks/api", {
      name: "",
      frequency: 3,
      locations: ["x"],
      request: { method: "GET" },
    });
    expect(response.status).toBe(400);
    expect(response.body.validation.keys.sort()).toEqual(["frequency", "locations.0", "name", "request.url"]);
  });
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { SSL_BASELINE_DEFAULTS } from "../../support/index.js";
import { isoTimestamp } from "../../support/matchers.js";

const alertSettings = {
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold: 1 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
};
/** What every check shows when the create body leaves a common property out (reference defaults). */
const common = {
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  activated: true,
  muted: false,
  doubleCheck: true,
  shouldFail: false,
  locations: [],
  tags: [],
  alertSettings,
  useGlobalAlertSettings: true,
  groupId: null,
  groupOrder: null,
  runtimeId: null,
  alertChannelSubscriptions: [],
  retryStrategy: null,
  triggerIncident: null,
  runParallel: false,
  description: null,
  intent: null,
  aiAutoRepairEnabled: null,
  frequency: 10,
  frequencyOffset: null,
  privateLocations: [],
  created_at: isoTimestamp,
  updated_at: expect.stringMatching(/Z$/),
};
const snippets = { setupSnippetId: null, tearDownSnippetId: null, localSetupScript: null, localTearDownScript: null };
const extras = { script: null, scriptPath: null, sslCheckDomain: null, environmentVariables: [], ...snippets };
const { retryStrategy: _r, privateLocations: _p, ...heartbeatCommon } = common;

/** Per route: the smallest valid body and the complete response it must produce. */
const cases: [slug: string, body: Record<string, unknown>, expected: Record<string, unknown>][] = [
  [
    "api",
    { name: "API", request: { method: "GET", url: "https://example.com/health" } },
    {
      ...common,
      ...snippets,
      checkType: "API",
      name: "API",
      degradedResponseTime: 5000,
      maxResponseTime: 20000,
      request: {
        method: "GET",
        url: "https://example.com/health",
        followRedirects: true,
        skipSSL: false,
        ipFamily: "IPv4",
        body: "",
        bodyType: "NONE",
        headers: [],
        queryParameters: [],
        assertions: [],
        basicAuth: null,
      },
    },
  ],
  [
    "url",
    { name: "URL", request: { url: "https://example.com" } },
    {
      ...common,
      checkType: "URL",
      name: "URL",
      degradedResponseTime: 3000,
      maxResponseTime: 5000,
      request: {
        method: "GET",
        url: "https://example.com",
        followRedirects: true,
        skipSSL: false,
        ipFamily: "IPv4",
        assertions: [],
      },
    },
  ],
  [
    "tcp",
    { name: "TCP", request: { hostname: "db.example.com", port: 5432 } },
    {
      ...common,
      checkType: "TCP",
      name: "TCP",
      degradedResponseTime: 3000,
      maxResponseTime: 5000,
      request: { hostname: "db.example.com", port: 5432, body: null, data: null, assertions: [], ipFamily: "IPv4" },
    },
  ],
  [
    "dns",
    { name: "DNS", request: { query: "example.com", recordType: "A" } },
    {
      ...common,
      ...extras,
      checkType: "DNS",
      name: "DNS",
      heartbeat: null,
      degradedResponseTime: 500,
      maxResponseTime: 1000,
      request: { query: "example.com", recordType: "A", assertions: [], protocol: "UDP" },
    },
  ],
  [
    "ssl",
    { name: "SSL", request: { sslConfig: { hostname: "example.com" } } },
    {
      ...common,
      ...extras,
      checkType: "SSL",
      name: "SSL",
      heartbeat: null,
      degradedResponseTime: 3000,
      maxResponseTime: 10000,
      request: {
        sslConfig: {
          hostname: "example.com",
          port: 443,
          serverName: null,
          ipFamily: "IPv4",
          skipChainValidation: false,
          handshakeTimeoutMs: 10000,
          alertDaysBeforeExpiry: 20,
          securityBaseline: SSL_BASELINE_DEFAULTS,
        },
        assertions: [],
      },
    },
  ],
  [
    "icmp",
    { name: "ICMP", request: { hostname: "example.com" } },
    {
      ...common,
      ...extras,
      checkType: "ICMP",
      name: "ICMP",
      heartbeat: null,
      degradedResponseTime: 10000,
      maxResponseTime: 20000,
      degradedPacketLossThreshold: 10,
      maxPacketLossThreshold: 20,
      request: { hostname: "example.com", ipFamily: "IPv4", pingCount: 10, assertions: [] },
    },
  ],
  [
    "heartbeat",
    { name: "Nightly backup", heartbeat: { period: 1, periodUnit: "days", grace: 30, graceUnit: "minutes" } },
    {
      ...heartbeatCommon,
      ...extras,
      checkType: "HEARTBEAT",
      name: "Nightly backup",
      request: null,
      degradedResponseTime: 10000,
      maxResponseTime: 20000,
      heartbeat: {
        period: 1,
        periodUnit: "days",
        grace: 30,
        graceUnit: "minutes",
        pingToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
        pingUrl: expect.any(String),
      },
    },
  ],
  [
    "browser",
    { name: "Browser", script: "await page.goto('https://example.com')" },
    {
      ...common,
      checkType: "BROWSER",
      name: "Browser",
      script: "await page.goto('https://example.com')",
      scriptPath: null,
      environmentVariables: [],
      dependencies: [],
      sslCheckDomain: null,
    },
  ],
  [
    "multistep",
    { name: "Multi", script: "await request.get('https://example.com')" },
    {
      ...common,
      checkType: "MULTI_STEP",
      name: "Multi",
      script: "await request.get('https://example.com')",
      scriptPath: null,
      environmentVariables: [],
      dependencies: [],
    },
  ],
];

describe(`REST checks on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;

  it.each(cases)("creates a %s check with every default, and reads it back", async (slug, body, expected) => {
    const created = await api.post(`/v1/checks/${slug}`, body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual(expected);
    expect(Object.keys(created.body).sort()).toEqual(Object.keys(expected).sort());
    const read = await api.get(`/v1/checks/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it("gives a heartbeat check a unique ping token and a ping URL on this server", async () => {
    const body = cases.find(([slug]) => slug === "heartbeat")![1];
    const [a, b] = await Promise.all([api.post("/v1/checks/heartbeat", body), api.post("/v1/checks/heartbeat", body)]);
    expect(a.body.heartbeat.pingToken).not.toBe(b.body.heartbeat.pingToken);
    expect(a.body.heartbeat.pingUrl).toBe(`${t.url}/ping/${a.body.heartbeat.pingToken}`);
    const row = await db().check.findUniqueOrThrow({ where: { id: a.body.id } });
    expect(row.pingToken).toBe(a.body.heartbeat.pingToken);
  });
});

// SSL monitors end to end (issue 29, part 2): REST create/update/read with the reference's shapes,
// validation naming the field, tenant isolation, the GraphQL twin, and runs of the real engine
// against TLS servers on 127.0.0.1 whose certificates a local CA (trusted via EXTRA_CA_CERTS) made.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAgent } from "../../../src/agent/agent.js";
import { loadAgentConfig } from "../../../src/agent/config.js";
import { startEngine } from "../../../src/engine/engine.js";
import { defaultRunners } from "../../../src/engine/runners/index.js";
import { bearer, graphql, startTestApp, type TestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { globalId } from "../../support/global-id.js";
import { type RestClient, restClient } from "../../support/rest.js";
import { SSL_BASELINE_DEFAULTS } from "../../support/index.js";
import { TestPki, tlsServer } from "../../support/tls.js";

const BASELINE = SSL_BASELINE_DEFAULTS;

describe(`SSL monitors on ${testProvider}`, () => {
  let pki: TestPki;
  let app: TestApp;
  let api: RestClient;
  let engine: ReturnType<typeof startEngine>;
  const ports: Record<"valid" | "expiring", number> = { valid: 0, expiring: 0 };
  const closers: (() => void)[] = [];
  const gql = (query: string, variables?: Record<string, unknown>) =>
    graphql(app.url, query, bearer(app.apiKey), variables);

  beforeAll(async () => {
    pki = new TestPki();
    for (const [name, leaf] of [
      ["valid", pki.leaf()],
      ["expiring", pki.leaf({ toDays: 5 })],
    ] as const) {
      const server = await tlsServer(leaf);
      closers.push(server.close);
      ports[name] = server.port;
    }
    app = await startTestApp({ EXTRA_CA_CERTS: pki.caFile });
    api = restClient(app.url, app.apiKey);
    engine = startEngine(app.app.context, { concurrency: 2, leaseMs: 60_000, maxIdleMs: 50 });
  });
  afterAll(async () => {
    await engine?.stop(2_000);
    await app?.stop();
    for (const close of closers) close();
    pki?.remove();
  });

  const create = (port: number, extra: Record<string, unknown> = {}) =>
    api.post("/v1/checks/ssl?autoAssignAlerts=false", {
      name: `SSL ${port}`,
      locations: ["eu-west-1"],
      request: { sslConfig: { hostname: "127.0.0.1", port } },
      ...extra,
    });

  /** Triggers a run and waits for its FINAL result (as REST shows it). */
  async function runOnce(checkId: string) {
    const triggered = await api.post("/v1/check-sessions/trigger", { target: { checkId: [checkId] } });
    expect(triggered.status, JSON.stringify(triggered.body)).toBe(201);
    const sessionId = triggered.body.sessions[0].checkSessionId as string;
    const db = app.app.context.database.prisma;
    const row = await eventually(async () => {
      const run = await db.checkRun.findFirst({ where: { sessionId, status: "DONE" } });
      return run && db.checkResult.findFirst({ where: { checkRunId: run.id, resultType: "FINAL" } });
    });
    return (await api.get(`/v1/check-results/${checkId}/${row!.id}`)).body;
  }

  it("creates with the reference's defaults, reads it by id and in /v1/checks and /v2/checks", async () => {
    const created = await create(ports.valid);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      checkType: "SSL",
      degradedResponseTime: 3000,
      maxResponseTime: 10000,
      heartbeat: null,
      script: null,
      request: {
        sslConfig: {
          hostname: "127.0.0.1",
          port: ports.valid,
          serverName: null,
          ipFamily: "IPv4",
          skipChainValidation: false,
          handshakeTimeoutMs: 10000,
          alertDaysBeforeExpiry: 20,
          securityBaseline: BASELINE,
        },
        assertions: [],
      },
    });
    const id = created.body.id as string;
    expect((await api.get(`/v1/checks/${id}`)).body).toEqual(created.body);
    const v1 = (await api.get("/v1/checks?checkType=SSL")).body as { id: string }[];
    expect(v1.map((c) => c.id)).toContain(id);
    const v2 = await api.get(`/v2/checks/${id}`);
    expect(v2.status).toBe(200);
    expect(v2.body.request).toEqual(created.body.request);
  });

  it("refuses bad input with a 400 naming the field and creates nothing", async () => {
    const before = await app.app.context.database.prisma.check.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ request: { sslConfig: {} } }, "request.sslConfig.hostname"],
      [{ request: { sslConfig: { hostname: "h", port: 70000 } } }, "request.sslConfig.port"],
      [
        { request: { sslConfig: { hostname: "h", alertDaysBeforeExpiry: 0 } } },
        "request.sslConfig.alertDaysBeforeExpiry",
      ],
      [
        { request: { sslConfig: { hostname: "h", securityBaseline: { minTLSVersion: { value: "TLS1.1" } } } } },
        "request.sslConfig.securityBaseline.minTLSVersion.value",
      ],
      [{ request: { sslConfig: { hostname: "h" }, sslClientCertificateId: "x" } }, "request.sslClientCertificateId"],
      [
        { request: { sslConfig: { hostname: "h" }, assertions: [{ source: "STATUS_CODE", comparison: "EQUALS" }] } },
        "request.assertions.0.source",
      ],
      [{ request: { sslConfig: { hostname: "h" } }, maxResponseTime: 30001 }, "maxResponseTime"],
    ];
    for (const [body, key] of cases) {
      const response = await api.post("/v1/checks/ssl", { name: "bad", ...body });
      expect(response.status, key).toBe(400);
      expect(response.body.validation.keys).toEqual([key]);
    }
    expect(await app.app.context.database.prisma.check.count()).toBe(before);
  });

  it("updates on PUT /v1/checks/ssl/{id}, merging sslConfig; another account's check and other types' routes are 404s", async () => {
    const { body: check } = await create(ports.valid);
    const updated = await api.put(`/v1/checks/ssl/${check.id}`, {
      request: {
        sslConfig: { alertDaysBeforeExpiry: 7, securityBaseline: { weakCipherSuite: { severity: "degrade" } } },
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.request.sslConfig).toEqual({
      ...check.request.sslConfig,
      alertDaysBeforeExpiry: 7,
      securityBaseline: { ...BASELINE, weakCipherSuite: { severity: "degrade" } },
    });
    expect((await api.put(`/v1/checks/api/${check.id}`, { name: "x" })).status).toBe(404);
    const other = await app.newAccount();
    const stranger = restClient(app.url, other.apiKey);
    expect((await stranger.put(`/v1/checks/ssl/${check.id}`, { name: "mine" })).status).toBe(404);
    expect((await stranger.get(`/v1/checks/${check.id}`)).status).toBe(404);
    expect((await api.get(`/v1/checks/${check.id}`)).body.name).toBe(check.name);
  });

  it("shows the REST write in GraphQL, and GraphQL's createSslCheck in REST", async () => {
    const { body: check } = await create(ports.valid, { name: "twin" });
    const read = await gql(
      `query ($id: ID!) { node(id: $id) { __typename ... on Check { name checkType } ... on SslCheck { request {
        sslConfig { hostname port alertDaysBeforeExpiry securityBaseline { minTLSVersion { value severity } } } } } } }`,
      { id: globalId("SslCheck", check.id) },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.node).toEqual({
      __typename: "SslCheck",
      name: "twin",
      checkType: "SSL",
      request: {
        sslConfig: {
          hostname: "127.0.0.1",
          port: ports.valid,
          alertDaysBeforeExpiry: 20,
          securityBaseline: { minTLSVersion: { value: "TLS1_2", severity: "FAIL" } },
        },
      },
    });
    const made = await gql(
      `mutation { createSslCheck(input: { name: "from graphql", request: { sslConfig: { hostname: "example.com",
        securityBaseline: { minTLSVersion: { value: TLS1_3 } } } } }) { ... on CreateSslCheckSuccess { data { databaseId } } } }`,
    );
    expect(made.body.errors).toBeUndefined();
    const id = made.body.data.createSslCheck.data.databaseId as string;
    const rest = (await api.get(`/v1/checks/${id}`)).body;
    expect(rest.request.sslConfig).toMatchObject({
      hostname: "example.com",
      port: 443,
      securityBaseline: { ...BASELINE, minTLSVersion: { value: "TLS1.3", severity: "fail" } },
    });
    const changed = await gql(
      `mutation ($id: ID!) { updateSslCheck(id: $id, input: { request: { sslConfig: { port: 8443 } } }) {
        ... on UpdateSslCheckSuccess { data { databaseId } } } }`,
      { id },
    );
    expect(changed.body.errors).toBeUndefined();
    expect((await api.get(`/v1/checks/${id}`)).body.request.sslConfig).toMatchObject({
      hostname: "example.com",
      port: 8443,
      securityBaseline: { minTLSVersion: { value: "TLS1.3", severity: "fail" } },
    });
  });

  it("runs in the engine: a valid certificate passes with sslCheckResult over REST and GraphQL", async () => {
    const { body: check } = await create(ports.valid);
    const result = await runOnce(check.id);
    expect(result).toMatchObject({ hasFailures: false, apiCheckResult: null });
    expect(result.sslCheckResult).toMatchObject({
      tlsVersion: "TLS1.3",
      chainTrusted: true,
      hostnameVerified: true,
      baselineVerdict: "pass",
      failureCategory: null,
    });
    const status = await api.get(`/v1/check-statuses/${check.id}`);
    expect(status.body).toMatchObject({ hasFailures: false });
    // Reporting reads the rollups the result was folded into, as for any check type.
    const report = (await api.get("/v1/reporting")).body as { checkId: string }[];
    expect(report.find((entry) => entry.checkId === check.id)).toMatchObject({
      checkType: "SSL",
      aggregate: { successRatio: 100 },
    });
    const node = await gql(
      `query ($id: ID!) { checkResults(checkId: $id, first: 1) { edges { node { sslCheckResult {
        tlsVersion chainTrusted hostnameVerified baselineGrade failureCategory } } } } }`,
      { id: check.id },
    );
    expect(node.body.data.checkResults.edges[0].node.sslCheckResult).toEqual({
      tlsVersion: "TLS1.3",
      chainTrusted: true,
      hostnameVerified: true,
      baselineGrade: result.sslCheckResult.baselineGrade,
      failureCategory: null,
    });
  });

  it("runs in the engine: a certificate expiring in 5 days fails with CERTIFICATE_EXPIRING, and the check's status and badge say failing", async () => {
    const { body: check } = await create(ports.expiring);
    const result = await runOnce(check.id);
    expect(result.hasFailures).toBe(true);
    expect(result.sslCheckResult).toMatchObject({ failureCategory: "CERTIFICATE_EXPIRING", daysUntilExpiry: 4 });
    const status = await api.get(`/v1/check-statuses/${check.id}`);
    expect(status.body).toMatchObject({ hasFailures: true });
    const alerts = await eventually(async () => {
      const listed = (await api.get(`/v1/check-alerts/${check.id}`)).body as { alertType: string; error: string }[];
      return listed.length ? listed : null;
    });
    expect(alerts[0]).toMatchObject({
      alertType: "ALERT_FAILURE",
      error: "CERTIFICATE_EXPIRING (certificate expires in 4 days)",
    });
    const badge = await api.raw("GET", `/v1/badges/checks/${check.id}`);
    expect(badge.status).toBe(200);
    expect(String(badge.body)).toMatch(/failing/);
  });

  it("runs on a private location's agent, which trusts the local CA through its own EXTRA_CA_CERTS", async () => {
    const location = await api.post("/v1/private-locations", { name: "Lab", slugName: "ssl-lab" });
    expect(location.status).toBe(201);
    const { body: check } = await create(ports.valid, { locations: [], privateLocations: ["ssl-lab"] });
    const config = loadAgentConfig({
      API_KEY: location.body.keys[0].rawKey,
      VIGIL_URL: app.url,
      AGENT_HEALTH_PORT: "0",
      LOG_LEVEL: "silent",
      EXTERNAL_OBSERVABILITY: "off",
      EXTRA_CA_CERTS: pki.caFile,
    });
    // As src/agent/main.ts builds them.
    const runners = defaultRunners({ blockPrivateTargets: false, extraCaCertificates: config.extraCaCertificates });
    const agent = await startAgent(config, { version: "test", runners });
    try {
      const result = await runOnce(check.id);
      expect(result).toMatchObject({ runLocation: "ssl-lab", hasFailures: false, hasErrors: false });
      expect(result.sslCheckResult).toMatchObject({
        chainTrusted: true,
        hostnameVerified: true,
        failureCategory: null,
      });
    } finally {
      await agent.stop();
    }
  });
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck } from "../../support/index.js";
import { ASSERTIONS, COMMON } from "../../support/graphql-checks.js";
import { isoTimestamp as iso } from "../../support/matchers.js";

/** What a check shows for every common property a create leaves out. */
const defaults = {
  activated: true,
  muted: false,
  doubleCheck: true,
  shouldFail: false,
  locations: [],
  tags: [],
  alertSettings: {
    escalationType: "RUN_BASED",
    runBasedEscalation: { failedRunThreshold: 1 },
    timeBasedEscalation: null,
    reminders: { amount: 0, interval: 5 },
    parallelRunFailureThreshold: { enabled: false, percentage: 10 },
  },
  useGlobalAlertSettings: true,
  group: null,
  groupOrder: null,
  runtimeId: null,
  retryStrategy: null,
  triggerIncident: null,
  runParallel: false,
  description: null,
  intent: null,
  aiAutoRepairEnabled: null,
  frequency: 10,
  frequencyOffset: null,
  privateLocations: [],
  environmentVariables: [],
  alertChannelSubscriptions: [],
  createdAt: iso,
  updatedAt: iso,
};

type Case = {
  mutation: string;
  typename: string;
  checkType: string;
  input: Record<string, unknown>;
  typed: string;
  expected: Record<string, unknown>;
};
const cases: Case[] = [
  {
    mutation: "createUrlCheck",
    typename: "UrlCheck",
    checkType: "URL",
    input: {
      name: "Site",
      request: {
        url: "https://example.com",
        assertions: [{ source: "STATUS_CODE", comparison: "LESS_THAN", target: "400" }],
      },
    },
    typed: `request { method url followRedirects skipSSL ipFamily ${ASSERTIONS} }`,
    expected: {
      degradedResponseTime: 3000,
      maxResponseTime: 5000,
      request: {
        method: "GET",
        url: "https://example.com",
        followRedirects: true,
        skipSSL: false,
        ipFamily: "IPv4",
        assertions: [{ source: "STATUS_CODE", comparison: "LESS_THAN", property: "", target: "400", regex: null }],
      },
    },
  },
  {
    mutation: "createTcpCheck",
    typename: "TcpCheck",
    checkType: "TCP",
    input: { name: "Database", request: { hostname: "db.example.com", port: 5432, data: "PING" } },
    typed: `request { hostname url port body data ipFamily ${ASSERTIONS} }`,
    expected: {
      degradedResponseTime: 3000,
      maxResponseTime: 5000,
      request: {
        hostname: "db.example.com",
        url: null,
        port: 5432,
        body: null,
        data: "PING",
        ipFamily: "IPv4",
        assertions: [],
      },
    },
  },
  {
    mutation: "createDnsCheck",
    typename: "DnsCheck",
    checkType: "DNS",
    input: { name: "Resolver", request: { query: "example.com", recordType: "MX", nameServer: "1.1.1.1", port: 53 } },
    typed: `request { query nameServer port recordType protocol ${ASSERTIONS} } heartbeat script scriptPath sslCheckDomain setupSnippetId`,
    expected: {
      degradedResponseTime: 500,
      maxResponseTime: 1000,
      heartbeat: null,
      script: null,
      scriptPath: null,
      sslCheckDomain: null,
      setupSnippetId: null,
      request: {
        query: "example.com",
        nameServer: "1.1.1.1",
        port: 53,
        recordType: "MX",
        protocol: "UDP",
        assertions: [],
      },
    },
  },
  {
    mutation: "createIcmpCheck",
    typename: "IcmpCheck",
    checkType: "ICMP",
    input: { name: "Ping", request: { hostname: "example.com", pingCount: 5 }, maxPacketLossThreshold: 50 },
    typed: `request { hostname ipFamily pingCount ${ASSERTIONS} } degradedPacketLossThreshold maxPacketLossThreshold`,
    expected: {
      degradedResponseTime: 10000,
      maxResponseTime: 20000,
      degradedPacketLossThreshold: 10,
      maxPacketLossThreshold: 50,
      request: { hostname: "example.com", ipFamily: "IPv4", pingCount: 5, assertions: [] },
    },
  },
  {
    mutation: "createHeartbeatCheck",
    typename: "HeartbeatCheck",
    checkType: "HEARTBEAT",
    input: { name: "Backup", heartbeat: { period: 1, periodUnit: "DAYS", grace: 30, graceUnit: "MINUTES" } },
    typed:
      "heartbeat { period periodUnit grace graceUnit minimum minimumUnit pingToken pingUrl } pingToken pingUrl request",
    expected: {
      degradedResponseTime: 10000,
      maxResponseTime: 20000,
      request: null,
      pingToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      pingUrl: expect.any(String),
      heartbeat: {
        period: 1,
        periodUnit: "DAYS",
        grace: 30,
        graceUnit: "MINUTES",
        minimum: null,
        minimumUnit: null,
        pingToken: expect.any(String),
        pingUrl: expect.any(String),
      },
    },
  },
  {
    mutation: "createBrowserCheck",
    typename: "BrowserCheck",
    checkType: "BROWSER",
    input: {
      name: "Login",
      script: "await page.goto('https://example.com')",
      dependencies: [{ path: "lib/login.js", content: "export {}" }],
    },
    typed: "script scriptPath dependencies { path content } sslCheckDomain",
    expected: {
      degradedResponseTime: null,
      maxResponseTime: null,
      script: "await page.goto('https://example.com')",
      scriptPath: null,
      dependencies: [{ path: "lib/login.js", content: "export {}" }],
      sslCheckDomain: null,
    },
  },
  {
    mutation: "createMultiStepCheck",
    typename: "MultiStepCheck",
    checkType: "MULTI_STEP",
    input: { name: "Flow", script: "await request.get('https://example.com')", scriptPath: "flows/main.spec.ts" },
    typed: "script scriptPath dependencies { path content }",
    expected: {
      degradedResponseTime: null,
      maxResponseTime: null,
      script: "await request.get('https://example.com')",
      scriptPath: "flows/main.spec.ts",
      dependencies: [],
    },
  },
];

const inputType = (mutation: string) => `${mutation.replace(/^create/, "")}Input`;
const createDoc = (c: Case) => `mutation ($input: ${inputType(c.mutation)}!) {
  ${c.mutation}(input: $input) { __typename ... on ${c.mutation[0]!.toUpperCase()}${c.mutation.slice(1)}Success { data { ${COMMON} ... on ${c.typename} { ${c.typed} } } } ... on ValidationError { message fieldPaths } }
}`;
const nodeDoc = (c: Case) =>
  `query ($id: ID!) { node(id: $id) { ... on Check { ${COMMON} } ... on ${c.typename} { ${c.typed} } } nodes(ids: [$id]) { id } }`;

describe(`GraphQL checks on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;

  it.each(cases)("creates a $typename with its typed settings and reads it back with node(id:)", async (c) => {
    const created = await gql(createDoc(c), { input: c.input });
    expect(created.body.errors).toBeUndefined();
    const data = Object.values(created.body.data)[0] as { __typename: string; data: Record<string, unknown> };
    expect(data.__typename).toMatch(/Success$/);
    expect(data.data).toEqual({
      ...defaults,
      __typename: c.typename,
      id: expect.any(String),
      name: c.input.name,
      checkType: c.checkType,
      ...c.expected,
    });

    const read = await gql(nodeDoc(c), { id: data.data.id });
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data).toEqual({ node: data.data, nodes: [{ id: data.data.id }] });
    // The global id names the type: the same check under another type's name is no node.
    const [, uuid] = Buffer.from(String(data.data.id), "base64").toString().split(":");
    const otherType = Buffer.from(`${c.typename === "UrlCheck" ? "TcpCheck" : "UrlCheck"}:${uuid}`).toString("base64");
    expect((await gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: otherType })).body.data.node).toBeNull();
  });

  it("shows a heartbeat's ping URL as REST does, built from the host the request came to", async () => {
    const c = cases.find((x) => x.typename === "HeartbeatCheck")!;
    const { data } = Object.values((await gql(createDoc(c), { input: c.input })).body.data)[0] as {
      data: Record<string, any>;
    };
    const [, uuid] = Buffer.from(String(data.id), "base64").toString().split(":");
    const rest = await t.api.get(`/v1/checks/${uuid}`);
    expect(data.pingUrl).toBe(`${t.url}/ping/${data.pingToken}`);
    expect(data.heartbeat).toMatchObject({ pingToken: data.pingToken, pingUrl: data.pingUrl });
    expect(rest.body.heartbeat).toMatchObject({ pingToken: data.pingToken, pingUrl: data.pingUrl });
  });

  it("reads the types created outside this API (Playwright, agentic) with the common fields, in node(id:) and the connection", async () => {
    const other = await t.newAccount();
    for (const [second, checkType, typename] of [
      [0, "PLAYWRIGHT", "PlaywrightCheck"],
      [1, "AGENTIC", "AgenticCheck"],
    ] as const) {
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, second));
      const row = await createCheck(t, { checkType, name: typename, tags: ["suite"], createdAt }, other.accountId);
      const id = Buffer.from(`${typename}:${row.id}`).toString("base64");
      const read = await gql(
        `query ($id: ID!) { node(id: $id) { ... on Check { __typename id name checkType locations tags frequency alertSettings { escalationType } } } }`,
        { id },
        other.apiKey,
      );
      expect(read.body.data.node).toEqual({
        __typename: typename,
        id,
        name: typename,
        checkType,
        locations: ["EU_WEST_1"],
        tags: ["suite"],
        frequency: 10,
        alertSettings: null,
      });
      expect((await gql(`query ($id: ID!) { node(id: $id) { id } }`, { id })).body.data.node).toBeNull();
    }
    const listed = await gql(`{ checks(first: 5) { edges { node { __typename name } } } }`, {}, other.apiKey);
    expect(listed.body.data.checks.edges.map((e: any) => e.node)).toEqual([
      { __typename: "AgenticCheck", name: "AgenticCheck" },
      { __typename: "PlaywrightCheck", name: "PlaywrightCheck" },
    ]);
  });
});

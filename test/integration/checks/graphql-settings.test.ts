import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService } from "../../support/index.js";
import { ASSERTIONS, COMMON } from "../../support/graphql-checks.js";
import { restClient } from "../../support/rest.js";
import { isoTimestamp as iso } from "../../support/matchers.js";

/** The shared settings of checks (alert settings, retries, variables, incidents), each typed. */
describe(`GraphQL check settings on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;

  it("creates an API check with every setting typed, and reads it back with node(id:)", async () => {
    const input = {
      name: "Orders API",
      activated: false,
      muted: true,
      doubleCheck: false,
      shouldFail: true,
      locations: ["EU_WEST_1", "US_EAST_1"],
      tags: ["orders", "prod"],
      alertSettings: { escalationType: "TIME_BASED", reminders: { amount: 2, interval: 10 } },
      useGlobalAlertSettings: false,
      runtimeId: "RUNTIME_2025_04",
      retryStrategy: { type: "LINEAR", maxRetries: 3, onlyOn: ["NETWORK_ERROR"] },
      runParallel: true,
      description: "Order intake",
      intent: { goal: "Orders can be placed" },
      aiAutoRepairEnabled: true,
      frequency: 0,
      frequencyOffset: 20,
      degradedResponseTime: 1000,
      maxResponseTime: 3000,
      setupSnippetId: 4,
      localSetupScript: "setup()",
      request: {
        method: "POST",
        url: "https://api.example.com/orders",
        body: "{}",
        bodyType: "JSON",
        skipSSL: true,
        ipFamily: "IPv6",
        headers: [{ key: "accept", value: "application/json" }],
        queryParameters: [{ key: "dry", value: "1", locked: true }],
        assertions: [{ source: "JSON_BODY", comparison: "EQUALS", property: "$.ok", target: "true", regex: "t.*" }],
        basicAuth: { username: "u", password: "p" },
      },
    };
    const fields = `${COMMON} ... on ApiCheck { request { method url followRedirects skipSSL ipFamily body bodyType headers { key value locked } queryParameters { key value locked }
      ${ASSERTIONS} basicAuth { username password } } setupSnippetId tearDownSnippetId localSetupScript localTearDownScript }`;
    const doc = `mutation ($input: ApiCheckInput!) { createApiCheck(input: $input, autoAssignAlerts: false) { ... on CreateApiCheckSuccess { data { ${fields} } } ... on ValidationError { fieldPaths } } }`;
    const created = await gql(doc, { input });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createApiCheck.data).toEqual({
      ...input,
      __typename: "ApiCheck",
      id: expect.any(String),
      checkType: "API",
      group: null,
      groupOrder: null,
      triggerIncident: null,
      alertChannelSubscriptions: [],
      createdAt: iso,
      updatedAt: iso,
      tearDownSnippetId: null,
      localTearDownScript: null,
      alertSettings: {
        escalationType: "TIME_BASED",
        runBasedEscalation: { failedRunThreshold: 1 },
        timeBasedEscalation: { minutesFailingThreshold: 5 },
        reminders: { amount: 2, interval: 10 },
        parallelRunFailureThreshold: { enabled: false, percentage: 10 },
      },
      retryStrategy: {
        type: "LINEAR",
        baseBackoffSeconds: 60,
        maxRetries: 3,
        maxDurationSeconds: 600,
        sameRegion: true,
        onlyOn: ["NETWORK_ERROR"],
      },
      intent: { goal: "Orders can be placed", requiredOutcomes: [], mustPreserve: [] },
      environmentVariables: [],
      privateLocations: [],
      request: {
        ...input.request,
        followRedirects: true,
        headers: [{ key: "accept", value: "application/json", locked: false }],
        assertions: [{ ...input.request.assertions[0] }],
      },
    });
    const { id } = created.body.data.createApiCheck.data;
    const read = await gql(
      `query ($id: ID!) { node(id: $id) { ... on Check { ${fields} } } nodes(ids: [$id]) { id } }`,
      { id },
    );
    expect(read.body.data).toEqual({ node: created.body.data.createApiCheck.data, nodes: [{ id }] });
  });

  it("hides a secret variable's value, which stays stored for the runner", async () => {
    const doc = `mutation ($input: BrowserCheckInput!) { createBrowserCheck(input: $input) { ... on CreateBrowserCheckSuccess { data { environmentVariables { key value locked secret } } } } }`;
    const environmentVariables = [
      { key: "TOKEN", value: "s3cret", secret: true },
      { key: "REGION", value: "eu", locked: true },
    ];
    const created = await gql(doc, { input: { name: "Secrets", script: "run()", environmentVariables } });
    expect(created.body.data.createBrowserCheck.data.environmentVariables).toEqual([
      { key: "TOKEN", value: null, locked: false, secret: true },
      { key: "REGION", value: "eu", locked: true, secret: false },
    ]);
    const row = await t.db.check.findFirstOrThrow({ where: { name: "Secrets" } });
    expect(row.environmentVariables).toContainEqual({ key: "TOKEN", value: "s3cret", locked: false, secret: true });
  });

  it("shows the FALLBACK retry strategy as its own type", async () => {
    const doc = `mutation ($input: UrlCheckInput!) { createUrlCheck(input: $input) { ... on CreateUrlCheckSuccess { data { retryStrategy { type baseBackoffSeconds maxRetries sameRegion onlyOn } } } } }`;
    const created = await gql(doc, {
      input: { name: "Fallback", request: { url: "https://example.com" }, retryStrategy: { type: "FALLBACK" } },
    });
    expect(created.body.data.createUrlCheck.data.retryStrategy).toEqual({
      type: "FALLBACK",
      baseBackoffSeconds: null,
      maxRetries: null,
      sameRegion: null,
      onlyOn: null,
    });
    const row = await t.db.check.findFirstOrThrow({ where: { name: "Fallback" } });
    expect(row.retryStrategy).toBe("FALLBACK");
  });

  it("opens incidents on a service of the account only: triggerIncident typed, another account's service refused", async () => {
    const service = await createService(t.api, "Checkout");
    const stranger = await t.newAccount();
    const foreign = await createService(restClient(t.url, stranger.apiKey), "Theirs");
    const doc = `mutation ($input: TcpCheckInput!) { createTcpCheck(input: $input) { __typename
      ... on CreateTcpCheckSuccess { data { triggerIncident { serviceId severity name description notifySubscribers } } } ... on ValidationError { fieldPaths } } }`;
    const triggerIncident = {
      serviceId: service.id,
      severity: "MAJOR",
      name: "DB down",
      description: "The database is unreachable",
      notifySubscribers: true,
    };
    const created = await gql(doc, { input: { name: "DB", request: { hostname: "db", port: 5432 }, triggerIncident } });
    expect(created.body.data.createTcpCheck).toEqual({
      __typename: "CreateTcpCheckSuccess",
      data: { triggerIncident },
    });
    const refused = await gql(doc, {
      input: {
        name: "DB",
        request: { hostname: "db", port: 5432 },
        triggerIncident: { ...triggerIncident, serviceId: foreign.id },
      },
    });
    expect(refused.body.data.createTcpCheck).toEqual({
      __typename: "ValidationError",
      fieldPaths: ["triggerIncident.serviceId"],
    });
  });
});

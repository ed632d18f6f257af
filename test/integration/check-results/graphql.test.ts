import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { graphql, useTestApp } from "../../support/app.js";
import { globalId as gid } from "../../support/global-id.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";

const FIELDS = `id resultType name checkId check { id name } hasFailures hasErrors isDegraded isCancelled overMaxResponseTime runLocation
  startedAt stoppedAt createdAt responseTime checkRunId attempts sequenceId errorGroupIds browserCheckResult multiStepCheckResult
  apiCheckResult { assertions { source target } request { method url data headers params }
    response { status statusText body headers timings timingPhases } requestError jobLog jobAssets pcapDataUrl }
  agenticCheckResult { summary prompt assertions { condition passed actual expected }
    suggestions { summary prompt promptReplacement secrets category }
    steps { type name input output timestamp sequenceNumber } errors artifactManifest }`;
const LIST = `query ($checkId: ID!, $first: Int, $resultType: CheckResultTypeFilter) {
  checkResults(checkId: $checkId, first: $first, resultType: $resultType) { edges { cursor node { ${FIELDS} } } pageInfo { hasNextPage hasPreviousPage } }
}`;

const apiCheckResult = {
  assertions: [{ source: "STATUS_CODE", target: "200" }],
  request: {
    method: "GET",
    url: "https://example.com/orders",
    data: "",
    headers: { accept: "application/json" },
    params: { page: "1" },
  },
  response: {
    status: 200,
    statusText: "OK",
    body: "[]",
    headers: { "content-type": "application/json" },
    timings: { total: 120 },
    timingPhases: { wait: 80 },
  },
  requestError: null,
  jobLog: { lines: ["ok"] },
  jobAssets: [{ name: "trace" }],
  pcapDataUrl: "https://example.com/pcap",
};
const agenticCheckResult = {
  summary: "all good",
  prompt: "check the shop",
  assertions: [{ condition: "cart works", passed: true, actual: "1 item", expected: "1 item" }],
  suggestions: [
    { summary: "s", prompt: "p", promptReplacement: "{{SECRET}}", secrets: ["SECRET"], category: "credentials" },
  ],
  steps: [
    {
      type: "tool_call",
      name: "open",
      input: { url: "/" },
      output: "ok",
      timestamp: "2026-01-01T02:00:00.000+02:00",
      sequenceNumber: 1,
    },
  ],
  errors: [{ message: "flaky" }],
  artifactManifest: { "trace.zip": "the trace" },
};

describe(`GraphQL check results on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const gql = t.gql;
  const _db = () => t.db;
  const record = resultRecorder(t);
  const newCheck = checkFactory(t, { name: "Orders API" });

  it("shows every field of the spec's table, apiCheckResult typed, with the values REST shows", async () => {
    const check = await newCheck();
    const startedAt = new Date(Date.now() - 60_000);
    const sequenceId = randomUUID();
    const recorded = await record({
      checkId: check.id,
      runLocation: "eu-west-1",
      resultType: "ATTEMPT",
      hasFailures: true,
      hasErrors: true,
      isDegraded: true,
      overMaxResponseTime: false,
      startedAt,
      stoppedAt: new Date(startedAt.getTime() + 1500),
      responseTime: 1234,
      apiCheckResult,
      attempts: 1,
      sequenceId,
      errorGroupIds: ["eg-1"],
    });
    const response = await gql(LIST, { checkId: gid("ApiCheck", check.id), resultType: "ALL" });
    expect(response.body.errors).toBeUndefined();
    const rest = (await api.get(`/v1/check-results/${check.id}/${recorded.id}`)).body;
    const node = response.body.data.checkResults.edges[0].node;
    expect(node).toEqual({
      id: gid("CheckResult", recorded.id),
      resultType: "ATTEMPT",
      name: "Orders API",
      checkId: check.id,
      check: { id: gid("ApiCheck", check.id), name: "Orders API" },
      hasFailures: true,
      hasErrors: true,
      isDegraded: true,
      isCancelled: false,
      overMaxResponseTime: false,
      runLocation: "eu-west-1",
      startedAt: startedAt.toISOString(),
      stoppedAt: new Date(startedAt.getTime() + 1500).toISOString(),
      createdAt: rest.created_at,
      responseTime: 1234,
      checkRunId: rest.checkRunId,
      attempts: 1,
      sequenceId,
      errorGroupIds: ["eg-1"],
      browserCheckResult: null,
      multiStepCheckResult: null,
      apiCheckResult,
      agenticCheckResult: null,
    });
    expect(Number.isInteger(node.checkRunId)).toBe(true);
    // The default resultType is FINAL, as in REST: the ATTEMPT is not listed.
    expect((await gql(LIST, { checkId: gid("ApiCheck", check.id) })).body.data.checkResults.edges).toEqual([]);
  });

  it("types agenticCheckResult, keeps browser and multi-step results as JSON, and round-trips node(id:)", async () => {
    const check = await newCheck({ checkType: "AGENTIC", name: "Agent" });
    const browserCheckResult = { traceFiles: ["a.zip"], pages: [{ url: "/" }] };
    const recorded = await record({
      checkId: check.id,
      runLocation: "us-east-1",
      agenticCheckResult,
      browserCheckResult,
      multiStepCheckResult: { steps: 2 },
    });
    const id = gid("CheckResult", recorded.id);
    const node = await gql(`query ($id: ID!) { node(id: $id) { __typename ... on CheckResult { ${FIELDS} } } }`, {
      id,
    });
    expect(node.body.errors).toBeUndefined();
    expect(node.body.data.node).toMatchObject({
      __typename: "CheckResult",
      id,
      resultType: "FINAL",
      name: "Agent",
      check: { id: gid("AgenticCheck", check.id), name: "Agent" },
      isDegraded: null,
      overMaxResponseTime: null,
      apiCheckResult: null,
      browserCheckResult,
      multiStepCheckResult: { steps: 2 },
      errorGroupIds: [],
      // Dates come back in UTC, like every date of the API.
      agenticCheckResult: {
        ...agenticCheckResult,
        steps: [{ ...agenticCheckResult.steps[0], timestamp: "2026-01-01T00:00:00.000Z" }],
      },
    });
    const listed = await gql(LIST, { checkId: gid("AgenticCheck", check.id) });
    expect(listed.body.data.checkResults.edges.map((e: any) => e.node)).toEqual(
      [node.body.data.node].map(({ __typename, ...rest }: any) => rest),
    );
    const nodes = await gql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
      ids: [id, gid("CheckResult", randomUUID()), gid("CheckResult", "abc")],
    });
    expect(nodes.body.data.nodes).toEqual([{ id }, null, null]);
  });

  it("keeps other accounts' results and checks out of reach: null, not an error", async () => {
    const check = await newCheck();
    const recorded = await record({ checkId: check.id, runLocation: "eu-west-1" });
    const other = await t.newAccount();
    const id = gid("CheckResult", recorded.id);
    const stranger = await gql(
      `query ($id: ID!) { node(id: $id) { id } nodes(ids: [$id]) { id } }`,
      { id },
      other.apiKey,
    );
    expect(stranger.body).toEqual({ data: { node: null, nodes: [null] } });
    const theirList = await gql(LIST, { checkId: gid("ApiCheck", check.id) }, other.apiKey);
    expect(theirList.body).toEqual({ data: { checkResults: null } });
    const viaCheck = await gql(
      `query ($id: ID!) { node(id: $id) { ... on Check { results { edges { node { id } } } } } }`,
      { id: gid("ApiCheck", check.id) },
      other.apiKey,
    );
    expect(viaCheck.body).toEqual({ data: { node: null } });
    // Their own check with the same filters lists only their results.
    const theirs = await newCheck({}, other.accountId);
    const own = await record({ checkId: theirs.id, runLocation: "eu-west-1" }, other.accountId);
    const ownList = await gql(LIST, { checkId: gid("ApiCheck", theirs.id) }, other.apiKey);
    expect(ownList.body.data.checkResults.edges.map((e: any) => e.node.id)).toEqual([gid("CheckResult", own.id)]);
    for (const unknown of [gid("ApiCheck", randomUUID()), gid("ApiCheck", "12")]) {
      expect((await gql(LIST, { checkId: unknown })).body).toEqual({ data: { checkResults: null } });
    }
    const noKey = await graphql(t.url, `query ($id: ID!) { node(id: $id) { id } }`, {}, { id });
    // Without a key, node(id:) reaches only what public status pages show: anything else is null, like nothing.
    expect(noKey.body).toEqual({ data: { node: null } });
  });

  it("answers arguments that break a rule with a client-visible VALIDATION error naming the argument", async () => {
    const check = await newCheck();
    await record({ checkId: check.id, runLocation: "eu-west-1" });
    const query = `query ($checkId: ID!, $first: Int, $last: Int, $after: String, $from: DateTime, $to: DateTime) {
      checkResults(checkId: $checkId, first: $first, last: $last, after: $after, from: $from, to: $to) { edges { cursor } }
    }`;
    const checkId = gid("ApiCheck", check.id);
    const forged = Buffer.from(JSON.stringify([1e300, "x"])).toString("base64url");
    const cases: [Record<string, unknown>, string[]][] = [
      [{ from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" }, ["to"]],
      [{ first: 101 }, ["first"]],
      [{ last: 101 }, ["last"]],
      [{ first: 1, last: 1 }, ["first", "last"]],
      [{ after: "garbage" }, ["after"]],
      [{ after: forged }, ["after"]],
    ];
    for (const [variables, fieldPaths] of cases) {
      const response = await gql(query, { checkId, ...variables });
      expect(response.body.data).toEqual({ checkResults: null });
      expect(response.body.errors?.[0]).toMatchObject({ extensions: { code: "VALIDATION", fieldPaths } });
    }
    const unknownLocation = await gql(
      `query ($id: ID!) { checkResults(checkId: $id, location: MARS_1) { edges { cursor } } }`,
      { id: checkId },
    );
    expect(unknownLocation.body.errors?.[0]?.message).toContain("MARS_1");
    expect((await gql(query, { checkId, first: 100 })).body.data.checkResults.edges).toHaveLength(1);
    expect((await gql(query, { checkId, first: 0 })).body.data.checkResults.edges).toEqual([]);
  });
});

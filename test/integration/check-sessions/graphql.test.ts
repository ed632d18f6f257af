import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { globalId as gid } from "../../support/global-id.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";

const raw = (globalId: string) => Buffer.from(globalId, "base64").toString().split(":")[1]!;

const SESSION = `id name status startedAt stoppedAt runLocations check { id name }
  results { edges { node { id resultType runLocation isCancelled } } pageInfo { hasNextPage hasPreviousPage } }`;
const TRIGGER = `mutation ($target: CheckSessionTargetInput, $refreshCache: Boolean) {
  triggerCheckSessions(target: $target, refreshCache: $refreshCache) {
    __typename
    ... on TriggerCheckSessionsSuccess { data { ${SESSION} } }
    ... on Error { message }
    ... on ValidationError { fieldPaths }
  }
}`;
const CANCEL = `mutation ($id: ID!, $sequenceIds: [String!]) {
  cancelCheckSession(id: $id, sequenceIds: $sequenceIds) {
    __typename
    ... on CancelCheckSessionSuccess { data { ${SESSION} } }
    ... on Error { message }
    ... on ValidationError { fieldPaths }
  }
}`;

describe(`GraphQL check sessions on ${testProvider}`, () => {
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const statements: string[] = [];
  const gql = t.gql;
  const db = () => t.db;
  const newCheck = checkFactory(t, { locations: ["eu-west-1", "us-east-1"] });
  const record = resultRecorder(t);
  const counts = async () => [
    await db().checkSession.count(),
    await db().checkRun.count(),
    await db().checkResult.count(),
  ];
  const runsOf = (sessionId: string) => db().checkRun.findMany({ where: { sessionId }, orderBy: { id: "asc" } });
  const trigger = async (target: unknown, key?: string) =>
    (await gql(TRIGGER, { target }, key)).body.data.triggerCheckSessions;

  it("triggers checks by global id through the domain verb: one STARTED session per check, as REST reads it", async () => {
    const check = await newCheck({ name: "Checkout" });
    const result = await trigger({ checkIds: [gid("ApiCheck", check.id)] });
    expect(result.__typename).toBe("TriggerCheckSessionsSuccess");
    const [session] = result.data;
    expect(result.data).toEqual([
      {
        id: expect.any(String),
        name: "Checkout",
        status: "STARTED",
        startedAt: expect.stringMatching(/Z$/),
        stoppedAt: null,
        runLocations: ["eu-west-1", "us-east-1"],
        check: { id: gid("ApiCheck", check.id), name: "Checkout" },
        results: { edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } },
      },
    ]);
    const runs = await runsOf(raw(session.id));
    expect(runs.map((r) => [r.checkId, r.location, r.status])).toEqual([
      [check.id, "eu-west-1", "QUEUED"],
      [check.id, "us-east-1", "QUEUED"],
    ]);
    const rest = await t.api.get(`/v1/check-sessions/${raw(session.id)}`);
    expect(rest.body).toMatchObject({
      checkSessionId: raw(session.id),
      status: "STARTED",
      startedAt: session.startedAt,
      runLocations: session.runLocations,
    });
    const node = await gql(`query ($id: ID!) { node(id: $id) { __typename ... on CheckSession { ${SESSION} } } }`, {
      id: session.id,
    });
    expect(node.body.data.node).toEqual({ __typename: "CheckSession", ...session });
  });

  it("matches tags (AND in a group, OR across groups, ! for absent) and stores refreshCache", async () => {
    const other = await t.newAccount();
    await newCheck({ name: "prod-api", tags: ["prod", "api"] }, other.accountId);
    await newCheck({ name: "prod-web", tags: ["prod", "web"] }, other.accountId);
    await newCheck({ name: "beat", checkType: "HEARTBEAT", tags: ["prod", "api"] }, other.accountId);
    const names = async (target: unknown) =>
      ((await trigger(target, other.apiKey)).data as { name: string }[]).map((s) => s.name).sort();
    expect(await names({ matchTags: [["prod", "api"]] })).toEqual(["prod-api"]);
    expect(await names({ matchTags: [["api"], ["web"]] })).toEqual(["prod-api", "prod-web"]);
    expect(await names({ matchTags: [["prod", "!web"]] })).toEqual(["prod-api"]);
    expect(await names(null)).toEqual(["prod-api", "prod-web"]);
    const cached = await gql(TRIGGER, { target: { matchTags: [["web"]] }, refreshCache: true }, other.apiKey);
    const id = raw(cached.body.data.triggerCheckSessions.data[0].id);
    expect(await db().checkSession.findUnique({ where: { id } })).toMatchObject({
      target: { matchTags: [["web"]], refreshCache: true },
    });
  });

  it("answers a broken rule with a typed error under the argument's own name, and writes nothing", async () => {
    const check = await newCheck();
    const before = await counts();
    const cases: [unknown, string, string[] | undefined][] = [
      [{ matchTags: [[""]] }, "ValidationError", ["target.matchTags.0.0"]],
      [{ matchTags: [["ok", "x".repeat(256)]] }, "ValidationError", ["target.matchTags.0.1"]],
      [
        { checkIds: [gid("ApiCheck", check.id), gid("MaintenanceWindow", 5)] },
        "ValidationError",
        ["target.checkIds.1"],
      ],
      [{ checkIds: [] }, "ValidationError", ["target.checkIds"]],
      [{ checkIds: [gid("ApiCheck", randomUUID())] }, "NotFoundError", undefined],
      [{ matchTags: [["no-such-tag"]] }, "NotFoundError", undefined],
    ];
    for (const [target, typename, fieldPaths] of cases) {
      const result = await trigger(target);
      expect(result).toEqual({
        __typename: typename,
        message: expect.any(String),
        ...(fieldPaths ? { fieldPaths } : {}),
      });
    }
    expect((await trigger({ checkIds: [] })).message).toContain("target.checkIds");
    expect(await counts()).toEqual(before);
  });

  it("lists a session's results as a connection, newest first, both ways, with the session's progress", async () => {
    const check = await newCheck({ locations: ["eu-west-1", "us-east-1", "ap-south-1"] });
    const { id } = (await trigger({ checkIds: [gid("ApiCheck", check.id)] })).data[0];
    const runs = await runsOf(raw(id));
    const base = Date.now() - 60_000;
    const recorded = [];
    for (const [i, run] of runs.entries()) {
      recorded.push(
        await record({
          checkId: check.id,
          checkRunId: run.id,
          runLocation: run.location!,
          resultType: "ATTEMPT",
          hasFailures: true,
          startedAt: new Date(base + i * 1000),
        }),
      );
      if (i < 2)
        recorded.push(
          await record({
            checkId: check.id,
            checkRunId: run.id,
            runLocation: run.location!,
            startedAt: new Date(base + 10_000 + i * 1000),
          }),
        );
    }
    const page = `query ($id: ID!, $first: Int, $after: String, $last: Int, $before: String) { node(id: $id) { ... on CheckSession { status
      results(first: $first, after: $after, last: $last, before: $before) { edges { node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } } }`;
    expect((await gql(page, { id })).body.data.node.status).toBe("PROGRESS");
    const newestFirst = [...recorded]
      .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
      .map((r) => gid("CheckResult", r.id));
    const forward: string[] = [];
    let after: string | null = null;
    for (let more = true; more; ) {
      const conn: any = (await gql(page, { id, first: 2, after })).body.data.node.results;
      forward.push(...conn.edges.map((e: any) => e.node.id));
      [more, after] = [conn.pageInfo.hasNextPage, conn.pageInfo.endCursor];
    }
    expect(forward).toEqual(newestFirst);
    const backward: string[] = [];
    let before: string | null = null;
    for (let more = true; more; ) {
      const conn: any = (await gql(page, { id, last: 2, before })).body.data.node.results;
      backward.unshift(...conn.edges.map((e: any) => e.node.id));
      [more, before] = [conn.pageInfo.hasPreviousPage, conn.pageInfo.startCursor];
    }
    expect(backward).toEqual(newestFirst);
  });

  it("cancels the running runs (or only the listed sequences) and answers the session; a finished one is left as it is", async () => {
    const check = await newCheck({ checkType: "PLAYWRIGHT", locations: ["eu-west-1", "us-east-1"] });
    const { id } = (await trigger({ checkIds: [gid("PlaywrightCheck", check.id)] })).data[0];
    const [run] = await runsOf(raw(id));
    const before = await counts();
    for (const [sequenceIds, fieldPaths] of [
      [["not-a-uuid"], ["sequenceIds.0"]],
      [[], ["sequenceIds"]],
    ] as const) {
      const invalid = (await gql(CANCEL, { id, sequenceIds })).body.data.cancelCheckSession;
      expect(invalid).toEqual({
        __typename: "ValidationError",
        message: expect.stringContaining("sequenceIds"),
        fieldPaths,
      });
    }
    const unknown = (await gql(CANCEL, { id, sequenceIds: [randomUUID()] })).body.data.cancelCheckSession;
    expect(unknown.data.status).toBe("STARTED");
    expect(await counts()).toEqual(before);

    const cancelled = (await gql(CANCEL, { id, sequenceIds: [run!.sequenceId] })).body.data.cancelCheckSession;
    expect(cancelled.__typename).toBe("CancelCheckSessionSuccess");
    expect(cancelled.data).toMatchObject({ id, status: "CANCELLED", stoppedAt: expect.stringMatching(/Z$/) });
    expect(cancelled.data.results.edges.map((e: any) => [e.node.resultType, e.node.isCancelled]).sort()).toEqual([
      ["FINAL", true],
      ["FINAL", true],
    ]);
    expect((await runsOf(raw(id))).map((r) => [r.status, r.cancelRequested])).toEqual([
      ["CANCELLED", true],
      ["CANCELLED", true],
    ]);
    const finished = await counts();
    const again = (await gql(CANCEL, { id })).body.data.cancelCheckSession;
    expect(again.data).toEqual(cancelled.data);
    expect(await counts()).toEqual(finished);
  });

  it("keeps other accounts' sessions out of reach: null to read, NotFoundError to cancel or trigger", async () => {
    const check = await newCheck();
    const { id } = (await trigger({ checkIds: [gid("ApiCheck", check.id)] })).data[0];
    const other = await t.newAccount();
    const read = await gql(`query ($id: ID!) { node(id: $id) { id } nodes(ids: [$id]) { id } }`, { id }, other.apiKey);
    expect(read.body).toEqual({ data: { node: null, nodes: [null] } });
    const before = await counts();
    expect((await gql(CANCEL, { id }, other.apiKey)).body.data.cancelCheckSession.__typename).toBe("NotFoundError");
    expect((await trigger({ checkIds: [gid("ApiCheck", check.id)] }, other.apiKey)).__typename).toBe("NotFoundError");
    expect(await counts()).toEqual(before);
    expect((await runsOf(raw(id))).map((r) => r.status)).toEqual(["QUEUED", "QUEUED"]);
    const unknown = await gql(CANCEL, { id: gid("CheckSession", randomUUID()) });
    expect(unknown.body.data.cancelCheckSession.__typename).toBe("NotFoundError");
  });

  it("reads the checks and results of many sessions in a fixed number of statements, whatever their number", async () => {
    const checks = await Promise.all(
      Array.from({ length: 5 }, (_, i) => newCheck({ name: `batch-${i}`, tags: ["batch"], locations: ["eu-west-1"] })),
    );
    const sessions = (await trigger({ checkIds: checks.map((c) => gid("ApiCheck", c.id)) })).data as {
      id: string;
      check: { id: string };
    }[];
    expect(sessions.map((s) => s.check.id).sort()).toEqual(checks.map((c) => gid("ApiCheck", c.id)).sort());
    for (const [i, session] of sessions.entries()) {
      const [run] = await runsOf(raw(session.id));
      await record({ checkId: run!.checkId, checkRunId: run!.id, runLocation: "eu-west-1", hasFailures: i % 2 === 0 });
    }
    const query = `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on CheckSession { status check { id } results(first: 1) { edges { node { id hasFailures } } } } } }`;
    const read = async (ids: string[]) => {
      statements.length = 0;
      const response = await gql(query, { ids });
      expect(response.body.errors).toBeUndefined();
      // Prisma quotes `main`.`Check` on SQLite and "public"."Check" on PostgreSQL; the raw reads quote "CheckResult".
      const reads = (table: string) =>
        statements.filter((sql) => new RegExp(`FROM (?:[\`"]\\w+[\`"]\\.)?[\`"]${table}[\`"]`).test(sql)).length;
      return {
        nodes: response.body.data.nodes,
        total: statements.length,
        counts: [reads("CheckSession"), reads("Check"), reads("CheckResult")],
      };
    };
    const one = await read(sessions.slice(0, 1).map((s) => s.id));
    const five = await read(sessions.map((s) => s.id));
    expect(five.total).toBe(one.total);
    // The session (with its runs), the check (with its subscriptions), the results page: one read each.
    expect(five.counts).toEqual([1, 2, 1]);
    expect(
      five.nodes.map((n: any) => [n.status, n.check.id, n.results.edges.map((e: any) => e.node.hasFailures)]),
    ).toEqual(sessions.map((s, i) => [i % 2 === 0 ? "FAILED" : "PASSED", s.check.id, [i % 2 === 0]]));
  });
});

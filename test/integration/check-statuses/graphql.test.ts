import type { Client } from "graphql-ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheckStatus, createCheck } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { countListeners, subscribeWs, until, wsClient, type Feed } from "../../support/subscriptions.js";

const FIELDS = `checkId name status statusSince hasFailures hasErrors isDegraded longestRun shortestRun lastRunLocation lastCheckRunId sslDaysRemaining createdAt updatedAt`;
const CHECKS = `query ($first: Int, $status: CheckStatusValue) {
  checks(first: $first, status: $status) { edges { node { name status { ${FIELDS} } } } }
}`;
const CHANGES = `subscription ($checkId: ID, $status: CheckStatusValue) { checkStatusChanged(checkId: $checkId, status: $status) { checkId status isDegraded } }`;

describe(`GraphQL Check.status and the checks status filter on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const names = ["never", "passing", "degraded", "failing"];

  beforeAll(async () => {
    let second = 0;
    for (const name of names) {
      const check = await createCheck(t, { name, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second++)) });
      if (name === "never") continue;
      await createCheckStatus(t, check, {
        condition: name.toUpperCase(),
        since: new Date("2026-03-01T10:00:00.000Z"),
        isDegraded: name === "degraded",
        hasFailures: name === "failing",
        longestRun: 300,
        shortestRun: 20,
        lastRunLocation: "eu-west-1",
        lastCheckRunId: 7,
      });
    }
    const other = await t.newAccount("Statuses elsewhere");
    await createCheckStatus(t, await createCheck(t, { name: "theirs" }, other.accountId), { condition: "FAILING" });
  });

  it("shows each check's status, the defaults for a check that never ran", async () => {
    const { body } = await t.gql(CHECKS, { first: 10 });
    expect(body.errors).toBeUndefined();
    const nodes = body.data.checks.edges.map((e: any) => e.node);
    expect(nodes.map((n: any) => n.name)).toEqual([...names].reverse());
    const never = nodes.find((n: any) => n.name === "never").status;
    expect(never).toEqual({
      checkId: expect.any(String),
      name: "never",
      status: "PASSING",
      statusSince: null,
      hasFailures: false,
      hasErrors: false,
      isDegraded: false,
      longestRun: null,
      shortestRun: null,
      lastRunLocation: null,
      lastCheckRunId: null,
      sslDaysRemaining: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: null,
    });
    const failing = nodes.find((n: any) => n.name === "failing").status;
    expect(failing).toMatchObject({
      name: "failing",
      status: "FAILING",
      statusSince: "2026-03-01T10:00:00.000Z",
      hasFailures: true,
      longestRun: 300,
      shortestRun: 20,
      lastRunLocation: "eu-west-1",
      lastCheckRunId: 7,
      updatedAt: expect.any(String),
    });
  });

  it("filters the checks connection by status, a never-run check counting as PASSING", async () => {
    const filtered = async (status: string) => {
      const { body } = await t.gql(CHECKS, { first: 10, status });
      expect(body.errors).toBeUndefined();
      return body.data.checks.edges.map((e: any) => e.node.name);
    };
    expect(await filtered("PASSING")).toEqual(["passing", "never"]);
    expect(await filtered("DEGRADED")).toEqual(["degraded"]);
    expect(await filtered("FAILING")).toEqual(["failing"]);
  });

  it("loads the statuses of 1 or 4 checks in one query", async () => {
    const count = async (first: number) => {
      statements.length = 0;
      const { body } = await t.gql(CHECKS, { first });
      expect(body.errors).toBeUndefined();
      return statements.filter(
        (sql) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(sql.trim()) && !/["`]ApiKey["`]/.test(sql),
      );
    };
    const one = await count(1);
    const four = await count(4);
    expect(four.length).toBe(one.length);
    // checks, their alert channel subscriptions, their statuses.
    expect(four).toHaveLength(3);
    expect(four.filter((sql) => /FROM\s+\S*CheckStatus\b/.test(sql))).toHaveLength(1);
  });
});

describe(`GraphQL checkStatusChanged subscription on ${testProvider}`, () => {
  const t = useTestApp();
  let client: Client;
  let listeners: () => number;
  const feeds: Feed[] = [];
  const subscribe = async (variables: Record<string, unknown> = {}) => {
    const before = listeners();
    const feed = subscribeWs(client, CHANGES, variables);
    feeds.push(feed);
    await until(() => listeners() > before, 5_000, "the subscription");
    return feed;
  };

  beforeAll(() => {
    listeners = countListeners(t.app.context.events);
    client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
  });
  afterEach(async () => {
    for (const feed of feeds.splice(0)) feed.close();
    await until(() => listeners() === 0, 5_000, "every listener given back");
  });
  afterAll(() => client.dispose());

  it("delivers the account's status changes as the status reads, and never another account's", async () => {
    const other = await t.newAccount("Changes elsewhere");
    const theirs = await createCheck(t, { name: "theirs" }, other.accountId);
    await createCheckStatus(t, theirs, { condition: "FAILING" });
    const mine = await createCheck(t, { name: "mine" });
    await createCheckStatus(t, mine, { condition: "DEGRADED", isDegraded: true });
    const feed = await subscribe();

    const events = t.app.context.events;
    events.publish({
      type: "checkStatusChanged",
      accountId: other.accountId,
      checkId: theirs.id,
      condition: "FAILING",
    });
    events.publish({ type: "checkStatusChanged", accountId: t.accountId, checkId: theirs.id, condition: "FAILING" });
    events.publish({ type: "checkStatusChanged", accountId: t.accountId, checkId: mine.id, condition: "DEGRADED" });
    expect(await feed.next()).toEqual({
      data: { checkStatusChanged: { checkId: mine.id, status: "DEGRADED", isDegraded: true } },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feed.received).toHaveLength(1);
  });

  it("filters by check and by status, and refuses another account's check", async () => {
    const a = await createCheck(t, { name: "a" });
    const b = await createCheck(t, { name: "b" });
    const byCheck = await subscribe({ checkId: globalId("ApiCheck", a.id) });
    const byStatus = await subscribe({ status: "FAILING" });
    const events = t.app.context.events;
    events.publish({ type: "checkStatusChanged", accountId: t.accountId, checkId: b.id, condition: "DEGRADED" });
    events.publish({ type: "checkStatusChanged", accountId: t.accountId, checkId: b.id, condition: "FAILING" });
    events.publish({ type: "checkStatusChanged", accountId: t.accountId, checkId: a.id, condition: "PASSING" });
    expect((await byCheck.next()).data.checkStatusChanged.checkId).toBe(a.id);
    expect((await byStatus.next()).data.checkStatusChanged.checkId).toBe(b.id);

    const other = await t.newAccount("Refused");
    const theirs = await createCheck(t, {}, other.accountId);
    const refused = subscribeWs(client, CHANGES, { checkId: theirs.id });
    feeds.push(refused);
    const result = await refused.next().catch(async () => ({ errors: [(await refused.ended).error] }) as any);
    expect(JSON.stringify(result)).toContain("NOT_FOUND");
  });
});

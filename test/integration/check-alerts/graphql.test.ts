import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheckAlerts, createCheck } from "../../support/index.js";

const ALERTS = `query ($first: Int, $after: String, $last: Int, $before: String) {
  checks(first: 10) { edges { node { databaseId name
    alerts(first: $first, after: $after, last: $last, before: $before) {
      edges { cursor node { databaseId alertType silenced name checkId checkType runLocation responseTime error statusCode createdAt check { name } } }
      pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
    } } } }
}`;
const ACCOUNT = `query ($first: Int, $after: String) {
  checkAlerts(first: $first, after: $after) { edges { node { databaseId checkId } } pageInfo { hasNextPage endCursor } }
}`;

describe(`GraphQL Check.alerts and Query.checkAlerts on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  /** Newest first: the order every list shows. */
  const made: Record<string, string[]> = {};
  const base = Date.UTC(2026, 2, 1, 12);

  beforeAll(async () => {
    for (const [n, name] of ["a", "b", "c"].entries()) {
      const check = await createCheck(t, { name, createdAt: new Date(base + n * 1000) });
      // 7 alerts a minute apart, the last two at the same instant (ties settle by id).
      const ids = await createCheckAlerts(t, check, 7, (i) => ({
        createdAt: new Date(base + Math.min(i, 5) * 60_000),
        silenced: i === 0,
        responseTime: 100 + i,
      }));
      const rows = await t.db.checkAlert.findMany({
        where: { id: { in: ids } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
      made[check.id] = rows.map((r) => r.id);
    }
    const other = await t.newAccount("Alerts elsewhere");
    const theirs = await createCheck(t, { name: "theirs" }, other.accountId);
    await createCheckAlerts(t, theirs, 3, () => ({ createdAt: new Date(base) }));
  });

  it("walks a check's alerts forwards and backwards without gaps or duplicates, one statement a page for every check's", async () => {
    let after: string | null = null;
    const seen: string[] = [];
    let pages = 0;
    for (;;) {
      statements.length = 0;
      const { body } = await t.gql(ALERTS, { first: 3, after });
      expect(body.errors).toBeUndefined();
      expect(statements.filter((sql) => /FROM\s+\S*CheckAlert\b/.test(sql))).toHaveLength(1);
      const checks = body.data.checks.edges.map((e: any) => e.node);
      expect(checks.map((c: any) => c.name)).toEqual(["c", "b", "a"]);
      for (const check of checks) {
        for (const edge of check.alerts.edges) {
          expect(edge.node.checkId).toBe(check.databaseId);
          expect(edge.node.check.name).toBe(check.name);
        }
      }
      // One `after` for every check: it is a position in the first check's list, which this walks.
      seen.push(...checks[0].alerts.edges.map((e: any) => e.node.databaseId));
      pages++;
      const info = checks[0].alerts.pageInfo;
      if (!info.hasNextPage) break;
      after = info.endCursor;
    }
    expect(pages).toBe(3);
    const c = (await t.db.check.findFirst({ where: { accountId: t.accountId, name: "c" } }))!;
    expect(seen).toEqual(made[c.id]);

    const { body } = await t.gql(ALERTS, { last: 4 });
    const a = body.data.checks.edges.find((e: any) => e.node.name === "a").node.alerts;
    expect(a.edges.map((e: any) => e.node.databaseId)).toEqual(Object.values(made)[0]!.slice(3));
    expect(a.pageInfo.hasPreviousPage).toBe(true);
    const back = await t.gql(ALERTS, { last: 10, before: a.pageInfo.startCursor });
    const earlier = back.body.data.checks.edges.find((e: any) => e.node.name === "a").node.alerts;
    expect(earlier.edges.map((e: any) => e.node.databaseId)).toEqual(Object.values(made)[0]!.slice(0, 3));
  });

  it("shows an alert's fields", async () => {
    const { body } = await t.gql(ALERTS, { first: 7 });
    const a = body.data.checks.edges.find((e: any) => e.node.name === "a").node;
    expect(a.alerts.edges.at(-1).node).toEqual({
      databaseId: expect.any(String),
      alertType: "ALERT_FAILURE",
      silenced: true,
      name: "a",
      checkId: a.databaseId,
      checkType: "API",
      runLocation: "eu-west-1",
      responseTime: 100,
      error: null,
      statusCode: null,
      createdAt: new Date(base).toISOString(),
      check: { name: "a" },
    });
  });

  it("pages the account's alerts (never another account's), and the cursor is a REST cursor format", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const { body } = await t.gql(ACCOUNT, { first: 4, after });
      expect(body.errors).toBeUndefined();
      seen.push(...body.data.checkAlerts.edges.map((e: any) => e.node.databaseId));
      if (!body.data.checkAlerts.pageInfo.hasNextPage) break;
      after = body.data.checkAlerts.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(21);
    expect(new Set(seen)).toEqual(new Set(Object.values(made).flat()));
    const bad = await t.gql(ACCOUNT, { first: 1, after: "not-a-cursor" });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
  });
});

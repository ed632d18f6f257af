// Issue 14: Check.runStats and Check.series answer from rollups, in one statement for a whole list
// of checks (no N+1), scoped to the caller's account.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { aggregateRollups } from "../../../src/domain/rollups/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck } from "../../support/index.js";

const STATS = `query ($from: DateTime!, $to: DateTime!) {
  checks(first: 20) { edges { node { name runStats(from: $from, to: $to) { runs failed degraded successRatio avg min max p50 p95 p99 } } } }
}`;
const SERIES = `query ($from: DateTime!, $to: DateTime!, $interval: SeriesInterval!) {
  checks(first: 20) { edges { node { name series(from: $from, to: $to, interval: $interval) { from to stats { runs avg } } } } }
}`;

describe(`GraphQL Check.runStats and Check.series on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });

  it("shows each check's stats and series, reading all rollups in one statement", async () => {
    for (let i = 0; i < 4; i++) {
      const check = await createCheck(t, { name: `stats-${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) });
      for (const [hour, responseTime, hasFailures] of [
        [1, 100 * (i + 1), false],
        [1, 300 * (i + 1), true],
        [26, 200 * (i + 1), false],
      ] as const)
        await recordCheckResult({
          ctx: domainContext(t.app.context, t.accountId),
          input: {
            checkId: check.id,
            runLocation: "eu-west-1",
            startedAt: new Date(Date.UTC(2026, 4, 1) + hour * 3_600_000 + 60_000),
            responseTime,
            hasFailures,
            isDegraded: responseTime === 200,
          },
        });
    }
    const other = await t.newAccount();
    const theirs = await createCheck(t, { name: "theirs" }, other.accountId);
    await recordCheckResult({
      ctx: domainContext(t.app.context, other.accountId),
      input: {
        checkId: theirs.id,
        runLocation: "eu-west-1",
        startedAt: new Date(Date.UTC(2026, 4, 1, 1)),
        responseTime: 1,
      },
    });

    statements.length = 0;
    const { body } = await t.gql(STATS, { from: "2026-05-01T00:00:00Z", to: "2026-05-03T00:00:00Z" });
    expect(body.errors).toBeUndefined();
    const nodes = body.data.checks.edges.map((e: any) => e.node);
    expect(nodes.map((n: any) => n.name)).toEqual(["stats-3", "stats-2", "stats-1", "stats-0"]);
    expect(nodes[3].runStats).toEqual({
      runs: 3,
      failed: 1,
      degraded: 1,
      successRatio: 66.6667,
      avg: 200,
      min: 100,
      max: 300,
      p50: expect.any(Number),
      p95: expect.any(Number),
      p99: expect.any(Number),
    });
    // DDSketch's quantile q is the value of rank floor(q * (n - 1)): here the middle one, 200, within 1%.
    for (const q of ["p50", "p95", "p99"]) expect(Math.abs(nodes[3].runStats[q] - 200)).toBeLessThanOrEqual(2);
    expect(statements.filter((sql) => sql.includes('"CheckRollup"'))).toHaveLength(1);

    statements.length = 0;
    const series = await t.gql(SERIES, { from: "2026-05-01T00:00:00Z", to: "2026-05-03T00:00:00Z", interval: "DAY" });
    expect(series.body.errors).toBeUndefined();
    expect(series.body.data.checks.edges[3].node.series).toEqual([
      { from: "2026-05-01T00:00:00.000Z", to: "2026-05-02T00:00:00.000Z", stats: { runs: 2, avg: 200 } },
      { from: "2026-05-02T00:00:00.000Z", to: "2026-05-03T00:00:00.000Z", stats: { runs: 1, avg: 200 } },
    ]);
    expect(statements.filter((sql) => sql.includes('"CheckRollup"'))).toHaveLength(1);

    const hourly = await t.gql(SERIES, { from: "2026-05-01T01:00:00Z", to: "2026-05-01T03:00:00Z", interval: "HOUR" });
    expect(hourly.body.data.checks.edges[0].node.series.map((p: any) => p.stats)).toEqual([
      { runs: 2, avg: 800 },
      { runs: 0, avg: null },
    ]);
  });

  it("reads a series through the rollups' key: one range of the check's own rows per span, never the account's every row", async () => {
    await createCheck(t, { name: "plan" });
    statements.length = 0;
    const { body } = await t.gql(SERIES, { from: "2026-02-01T05:00:00Z", to: "2026-05-01T07:00:00Z", interval: "DAY" });
    expect(body.errors).toBeUndefined();
    const [sql] = statements.filter((statement) => statement.includes('"CheckRollup"'));
    // Hourly rows for the partial first and last days, daily rows in between: each range reads the rows of the outer check.
    expect(sql!.match(/\("checkId" = c\."id" AND /g)).toHaveLength(3);
    if (testProvider !== "sqlite") return;
    const plan = await t.db.$queryRawUnsafe<{ detail: string }[]>(
      `EXPLAIN QUERY PLAN ${sql}`,
      ...Array.from(sql!.matchAll(/\?/g), () => null),
    );
    const searches = plan.map((row) => row.detail).filter((detail) => detail.startsWith("SEARCH CheckRollup"));
    expect(searches).toHaveLength(3);
    // The table itself, clustered by its key (WITHOUT ROWID): no index, no lookup of the row elsewhere.
    for (const detail of searches)
      expect(detail).toMatch(/USING PRIMARY KEY \(checkId=\? AND hours=\? AND startHour>\? AND startHour<\?\)/);
    expect(plan.some((row) => row.detail.startsWith("SCAN CheckRollup"))).toBe(false);
  });

  it("reads the same sums for a few checks, many ids (unknown ones among them) and all", async () => {
    const check = await createCheck(t, { name: "shapes" });
    for (const hour of [3, 30, 50])
      await recordCheckResult({
        ctx: domainContext(t.app.context, t.accountId),
        input: {
          checkId: check.id,
          runLocation: "eu-west-1",
          startedAt: new Date(Date.UTC(2026, 6, 1) + hour * 3_600_000),
          responseTime: 100 + hour,
        },
      });
    const spans = [
      { from: Date.UTC(2026, 6, 1, 2), to: Date.UTC(2026, 6, 2, 5) },
      { from: Date.UTC(2026, 6, 2, 5), to: Date.UTC(2026, 6, 3, 5) },
    ];
    const read = async (checkIds: string[] | null) =>
      (await aggregateRollups({ db: t.db, accountId: t.accountId, checkIds, spans }))
        .get(check.id)
        ?.map((a) => a && { runs: a.runs, min: a.responseTimeMin, max: a.responseTimeMax });
    const few = await read([check.id]);
    expect(few).toEqual([
      { runs: 1, min: 103, max: 103 },
      { runs: 2, min: 130, max: 150 },
    ]);
    expect(await read([check.id, ...Array.from({ length: 60 }, () => randomUUID())])).toEqual(few);
    expect(await read(null)).toEqual(few);
  });

  it("refuses a window that ends before it starts, or too many points", async () => {
    await createCheck(t, { name: "bounds" });
    const backwards = await t.gql(STATS, { from: "2026-05-02T00:00:00Z", to: "2026-05-01T00:00:00Z" });
    expect(backwards.body.errors?.[0]?.message).toMatch(/to: must be after from/);
    const many = await t.gql(SERIES, { from: "2026-01-01T00:00:00Z", to: "2026-03-01T00:00:00Z", interval: "HOUR" });
    expect(many.body.errors?.[0]?.message).toMatch(/more than 1000 points/);
  });
});

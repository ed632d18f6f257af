// Issue 28: the engine's try writer records a batch of tries of scheduled runs in a fixed number
// of statements plus one compare-and-set per status (it was six statements a try), with the same
// outcome as one by one: a FINAL ends its run, an ATTEMPT renews the lease, a lost run records
// nothing.
import { afterAll, describe, expect, it } from "vitest";
import { claimRuns } from "../../../src/domain/runs/index.js";
import { createTryWriter } from "../../../src/engine/try-writer.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck } from "../../support/index.js";

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe(`the engine's try writer on ${testProvider}`, () => {
  const statements: string[] = [];
  const own = () => statements.filter((sql) => !/^\s*(BEGIN|COMMIT|ROLLBACK|PRAGMA|SAVEPOINT|RELEASE)/i.test(sql));

  /** A claimed run of each check, due now. */
  async function claim(t: TestApp, checks: { id: string }[], owner = "engine") {
    const db = t.app.context.database.prisma;
    const dueAt = new Date();
    await db.checkRun.createMany({
      data: checks.map((c, i) => ({
        accountId: t.accountId,
        checkId: c.id,
        location: "eu-west-1",
        sequenceId: `${c.id}:${dueAt.getTime()}:${i}`,
        dueAt,
      })),
    });
    return claimRuns({ ctx: { db }, privateLocationId: null, owner, now: new Date(), leaseMs: 60_000, limit: 100 });
  }

  it("writes a batch of passing FINAL results in 5 statements and a compare-and-set per status", async () => {
    const t = await startTestApp({}, { onQuery: (sql) => statements.push(sql) });
    stops.push(() => t.stop());
    const db = t.app.context.database.prisma;
    const checks: Awaited<ReturnType<typeof createCheck>>[] = [];
    for (let i = 0; i < 10; i++) checks.push(await createCheck(t, { name: `c${i}`, locations: ["eu-west-1"] }));
    const writer = createTryWriter(t.app.context, { maxBatch: 10, maxDelayMs: 60_000 });
    const write = (runs: Awaited<ReturnType<typeof claim>>, input: (run: (typeof runs)[number]) => object) =>
      Promise.all(
        runs.map((run) =>
          writer.write({
            run,
            check: checks.find((c) => c.id === run.checkId)!,
            owner: "engine",
            leaseMs: 60_000,
            input: { checkId: run.checkId, checkRunId: run.id, runLocation: "eu-west-1", ...input(run) },
          }),
        ),
      );
    // The first results create the statuses and rollup rows.
    await write(await claim(t, checks), () => ({}));
    const runs = await claim(t, checks);
    const stoppedAt = new Date(Date.now() - 1000);
    statements.length = 0;
    const results = await write(runs, (run) => ({
      startedAt: new Date(stoppedAt.getTime() - 50),
      stoppedAt,
      // Half with a JSON column, the degraded flag and error groups set: the answer must match the row.
      ...(run.id % 2
        ? {
            apiCheckResult: { response: { status: 200, statusText: "OK", body: '{"a":[1,"é"]}', headers: null } },
            isDegraded: false,
            errorGroupIds: ["g1"],
          }
        : {}),
    }));
    expect(results.every((r) => r !== null)).toBe(true);
    // The runs' compare-and-set (leases, and DONE), the results' INSERT, the statuses' read, a
    // compare-and-set per status (a passing run after a passing one needs nothing else), the
    // rollups' upsert and their sketches.
    const sql = own();
    expect(sql.filter((s) => /[`"]CheckRun[`"]/.test(s))).toHaveLength(1);
    expect(sql.filter((s) => /^\s*INSERT INTO \S*CheckResult/.test(s))).toHaveLength(1);
    expect(sql.filter((s) => /^\s*SELECT[\s\S]*[`"]CheckStatus[`"]/.test(s))).toHaveLength(1);
    expect(sql.filter((s) => /^\s*UPDATE[\s\S]*[`"]CheckStatus[`"]/.test(s))).toHaveLength(10);
    expect(sql.filter((s) => /[`"]CheckRollup[`"]/.test(s))).toHaveLength(2);
    expect(sql).toHaveLength(15);
    // Each answered result is the row as stored (the INSERT is raw SQL: no read back).
    const read = await db.checkResult.findMany({ where: { id: { in: results.map((r) => r!.id) } } });
    expect(read.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [...results].sort((x, y) => x!.id.localeCompare(y!.id)),
    );
    const stored = await db.checkRun.findMany({ where: { id: { in: runs.map((r) => r.id) } } });
    expect(stored.map((r) => [r.status, r.finishedAt?.getTime()])).toEqual(
      runs.map(() => ["DONE", stoppedAt.getTime()]),
    );
    const statuses = await db.checkStatus.findMany({ where: { checkId: { in: checks.map((c) => c.id) } } });
    expect(statuses.map((s) => [s.version, s.lastRunAt?.getTime()])).toEqual(
      checks.map(() => [2, stoppedAt.getTime()]),
    );
    const rollups = await db.checkRollup.findMany({ where: { checkId: { in: checks.map((c) => c.id) }, hours: 1 } });
    expect(rollups.reduce((sum, r) => sum + r.runs, 0)).toBeGreaterThanOrEqual(20);
  });

  it("an ATTEMPT renews its run's lease, a lost run gets null and records nothing, in the same batch", async () => {
    const t = await startTestApp();
    stops.push(() => t.stop());
    const db = t.app.context.database.prisma;
    const [a, b] = [await createCheck(t, { name: "a" }), await createCheck(t, { name: "b" })];
    const [runA] = await claim(t, [a]);
    const [runB] = await claim(t, [b], "other engine");
    const writer = createTryWriter(t.app.context, { maxBatch: 2, maxDelayMs: 60_000 });
    const at = Date.now();
    const [attempt, lost] = await Promise.all([
      writer.write({
        run: runA!,
        check: a,
        owner: "engine",
        leaseMs: 120_000,
        input: {
          checkId: a.id,
          checkRunId: runA!.id,
          runLocation: "eu-west-1",
          resultType: "ATTEMPT",
          hasFailures: true,
        },
      }),
      writer.write({
        run: runB!,
        check: b,
        owner: "engine",
        leaseMs: 60_000,
        input: { checkId: b.id, checkRunId: runB!.id, runLocation: "eu-west-1" },
      }),
    ]);
    expect(attempt).not.toBeNull();
    expect(lost).toBeNull();
    const held = await db.checkRun.findUniqueOrThrow({ where: { id: runA!.id } });
    expect(held.status).toBe("RUNNING");
    expect(held.leaseExpiresAt!.getTime()).toBeGreaterThanOrEqual(at + 120_000);
    expect(await db.checkResult.count({ where: { checkId: b.id } })).toBe(0);
    expect((await db.checkRun.findUniqueOrThrow({ where: { id: runB!.id } })).status).toBe("RUNNING");
    expect(await db.checkStatus.count({ where: { checkId: { in: [a.id, b.id] } } })).toBe(0);
  });
});

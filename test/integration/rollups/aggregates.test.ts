// Issue 14: hourly and daily rollups, written with the results, equal aggregates computed from the
// raw rows, for random result sets written by two engines at once (the engine's batch path, with
// the one-result path mixed in). On PostgreSQL the engines are two apps (two connection pools); on
// SQLite two writers in one app (see test/integration/alert-rules/end-to-end-instances.test.ts for why not two apps).
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { systemContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { recordHeldTries } from "../../../src/domain/runs/index.js";
import { Sketch } from "../../../src/domain/rollups/index.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";
import { createCheck } from "../../support/index.js";

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A seeded generator (mulberry32): a failing case can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = {
  checkId: string;
  runLocation: string;
  resultType: string;
  isCancelled: boolean;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean | null;
  startedAt: Date;
  responseTime: number;
};

/** The reference: aggregates straight from raw rows, written independently of src/domain/rollups. */
function expected(rows: Row[]) {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.resultType !== "FINAL" || r.isCancelled) continue;
    const hour = Math.floor(r.startedAt.getTime() / 3_600_000);
    for (const key of [
      `${r.checkId}|1|${hour}|${r.runLocation}`,
      `${r.checkId}|24|${hour - (hour % 24)}|${r.runLocation}`,
    ]) {
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
  }
  return new Map(
    [...groups].map(([key, rs]) => {
      const times = rs.map((r) => r.responseTime).sort((a, b) => a - b);
      const failed = rs.filter((r) => r.hasFailures || r.hasErrors);
      return [
        key,
        {
          runs: rs.length,
          failed: failed.length,
          degraded: rs.filter((r) => !(r.hasFailures || r.hasErrors) && r.isDegraded).length,
          errors: rs.filter((r) => r.hasErrors).length,
          responseTimeSum: times.reduce((s, t) => s + t, 0),
          responseTimeMin: times[0],
          responseTimeMax: times[times.length - 1],
          times,
        },
      ];
    }),
  );
}

describe(`rollups on ${testProvider}`, () => {
  it("equal the raw rows' aggregates, percentiles within 1%, with two engines writing at once", async () => {
    const databaseUrl = await migratedDatabaseUrl();
    const a: TestApp = await startTestApp({ DATABASE_URL: databaseUrl });
    stops.push(() => a.stop());
    const b: TestApp = testProvider === "postgresql" ? await startTestApp({ DATABASE_URL: databaseUrl }) : a;
    if (b !== a) stops.push(() => b.stop());
    const db = a.app.context.database.prisma;
    const checks = [await createCheck(a, { name: "one" }), await createCheck(a, { name: "two" })];
    const locations = ["eu-west-1", "us-east-1"];

    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const base = Date.UTC(2026, 2, 1) + seed * 10 * 86_400_000;
      const inputs = Array.from({ length: 150 }, () => {
        const failed = next() < 0.2;
        return {
          checkId: checks[Math.floor(next() * checks.length)]!.id,
          runLocation: locations[Math.floor(next() * locations.length)]!,
          resultType: next() < 0.1 ? "ATTEMPT" : "FINAL",
          isCancelled: next() < 0.03,
          hasFailures: failed,
          hasErrors: failed && next() < 0.5,
          isDegraded: next() < 0.15,
          // Few hours over three days: hours that several results (and both engines) add to.
          startedAt: new Date(base + Math.floor(next() * 72) * 3_600_000 + Math.floor(next() * 3_600_000)),
          // Long-tailed, with zeros (a failed connection): the sketch's zero bin and its wide keys.
          responseTime: next() < 0.05 ? 0 : Math.round(20 * Math.exp(next() * 5)),
        };
      });
      // The engine's path: runs held by an owner, recorded in batches by two engines at once.
      const held = await Promise.all(
        inputs.map(async (input, index) => {
          const run = await db.checkRun.create({
            data: {
              accountId: a.accountId,
              checkId: input.checkId,
              location: input.runLocation,
              sequenceId: randomUUID(),
              status: "RUNNING",
              leaseOwner: index % 2 ? "b" : "a",
              dueAt: input.startedAt,
            },
          });
          return { run, input };
        }),
      );
      const engine = async (app: TestApp, owner: string, index: number) => {
        const mine = held.filter((h) => h.run.leaseOwner === owner);
        for (let i = 0; i < mine.length; i += 25) {
          const batch = mine.slice(i, i + 25);
          // Every fourth batch one result at a time, through the one-result path.
          if ((i / 25) % 4 === 3) {
            for (const h of batch)
              await recordCheckResult({
                ctx: { ...systemContext(app.app.context), accountId: a.accountId },
                input: { ...h.input, checkRunId: h.run.id },
              });
            continue;
          }
          const answers = await recordHeldTries({
            ctx: systemContext(app.app.context),
            tries: batch.map((h) => ({
              run: { id: h.run.id, accountId: a.accountId },
              check: { id: h.input.checkId, name: "c", checkType: "API" },
              owner,
              leaseMs: 60_000,
              input: { ...h.input, checkRunId: h.run.id },
            })),
          });
          expect(
            answers.every((x) => x !== null && !(x instanceof Error)),
            `engine ${index}`,
          ).toBe(true);
        }
      };
      await Promise.all([engine(a, "a", 0), engine(b, "b", 1)]);
    }

    const rows = await db.checkResult.findMany({ where: { accountId: a.accountId } });
    expect(rows).toHaveLength(450);
    const want = expected(rows);
    const rollups = await db.checkRollup.findMany({ where: { accountId: a.accountId } });
    expect(rollups.length).toBe(want.size);

    for (const r of rollups) {
      const key = `${r.checkId}|${r.hours}|${r.startHour}|${r.location}`;
      const w = want.get(key);
      expect(w, key).toBeDefined();
      const { times, ...counters } = w!;
      expect({
        runs: r.runs,
        failed: r.failed,
        degraded: r.degraded,
        errors: r.errors,
        responseTimeSum: r.responseTimeSum,
        responseTimeMin: r.responseTimeMin,
        responseTimeMax: r.responseTimeMax,
      }).toEqual(counters);
      const sketch = Sketch.decode(r.sketch);
      expect(sketch.count).toBe(times.length);
      for (const q of [0.5, 0.95, 0.99]) {
        const exact = times[Math.floor(q * (times.length - 1))]!;
        const estimate = sketch.quantile(q)!;
        expect(Math.abs(estimate - exact), `${key} p${q * 100}`).toBeLessThanOrEqual(exact * 0.01 + 1e-9);
      }
    }
  }, 120_000);
});

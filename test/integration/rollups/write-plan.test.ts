// Issue 14: the rollup writer's second statement (the merged sketches of rows that existed) finds
// each row by primary key. With CAST(? AS INTEGER) in its VALUES, SQLite joined the other way round
// and scanned the whole CheckRollup table for every result batch: a commit that grew with the
// database's age (38 of 73 seconds of writing 300,000 results in bench/reporting.ts's write path).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../src/db/client.js";
import { createAccount } from "../../../src/domain/accounts/create.js";
import { Sketch, writeRollups } from "../../../src/domain/rollups/index.js";
import { type MergedSketch, setSketchesSql } from "../../../src/domain/rollups/write.js";
import { testDatabase, testProvider } from "../../support/database.js";

const CHECKS = 200;
const HOURS = 30;

describe(`the rollup writer's sketch update on ${testProvider}`, () => {
  let database: Database;
  let rows: MergedSketch[];
  beforeAll(async () => {
    database = await testDatabase();
    const db = database.prisma;
    const { id: accountId } = await createAccount({ db, input: { name: "plan" } });
    const checkIds = Array.from({ length: CHECKS }, () => randomUUID());
    await db.check.createMany({
      data: checkIds.map((id, i) => ({
        id,
        accountId,
        checkType: "API",
        name: `c${i}`,
        frequency: 1,
        locations: ["eu-west-1"],
        tags: [],
        request: {},
      })),
    });
    // 200 checks x 30 hours of results, twice: the second batch merges into rows that exist.
    const start = Date.UTC(2026, 10, 1);
    const results = checkIds.flatMap((checkId, c) =>
      Array.from({ length: HOURS }, (_, h) => ({
        accountId,
        checkId,
        runLocation: "eu-west-1",
        resultType: "FINAL",
        isCancelled: false,
        hasFailures: false,
        hasErrors: false,
        isDegraded: false,
        startedAt: new Date(start + h * 3_600_000),
        responseTime: 50 + ((c * 31 + h) % 300),
      })),
    );
    await writeRollups(db, results);
    await writeRollups(db, results);
    rows = (
      await db.checkRollup.findMany({
        where: { hours: 1 },
        select: { checkId: true, hours: true, startHour: true, location: true, sketch: true, analytics: true },
        take: 1_000,
      })
    ).map((r) => ({ ...r }));
  });
  afterAll(async () => {
    await database?.close();
  });

  it("merges the second batch into the rows the first one created", async () => {
    expect(rows).toHaveLength(1_000);
    const total = await database.prisma.checkRollup.aggregate({ _sum: { runs: true }, where: { hours: 1 } });
    expect(total._sum.runs).toBe(2 * CHECKS * HOURS);
    // Each hourly row holds its one response time twice: merged, not overwritten.
    for (const r of rows.slice(0, 50)) expect(Sketch.decode(r.sketch).count).toBe(2);
  });

  it("sets sketches of 1,000 rows by primary key, one search a row (no scan of the table)", async () => {
    const db = database.prisma;
    const sql = setSketchesSql(
      rows.map((r) => ({ ...r, sketch: `${r.sketch} 1:1` })),
      testProvider === "postgresql",
    );
    if (testProvider === "sqlite") {
      const plan = await db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql.sql}`, ...sql.values);
      const steps = plan.map((p) => p.detail);
      expect(
        steps.some((s) =>
          // The whole key bound: the primary key, or (WITHOUT ROWID) an index holding the key's columns.
          /^SEARCH CheckRollup USING [^(]*\((?=[^)]*checkId=\?)(?=[^)]*hours=\?)(?=[^)]*startHour=\?)(?=[^)]*location=\?)/.test(
            s,
          ),
        ),
      ).toBe(true);
      expect(steps.filter((s) => s.startsWith("SCAN CheckRollup"))).toEqual([]);
      // The control: the casts PostgreSQL needs make SQLite scan the table (the former statement).
      const casted = setSketchesSql(rows, true);
      const before = await db.$queryRawUnsafe<{ detail: string }[]>(
        `EXPLAIN QUERY PLAN ${casted.sql}`,
        ...casted.values,
      );
      expect(before.map((p) => p.detail).some((s) => s.startsWith("SCAN CheckRollup"))).toBe(true);
    }
    const updated = await db.$executeRaw(sql);
    expect(updated).toBe(1_000);
    const after = await db.checkRollup.findUniqueOrThrow({
      where: {
        checkId_hours_startHour_location: {
          checkId: rows[0]!.checkId,
          hours: rows[0]!.hours,
          startHour: rows[0]!.startHour,
          location: rows[0]!.location,
        },
      },
    });
    expect(after.sketch).toBe(`${rows[0]!.sketch} 1:1`);
  });
});

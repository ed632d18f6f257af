// Issue 14: the retention sweep runs every minute on every instance, mostly with nothing to delete,
// and on SQLite its reads block the event loop: each must be a search of an index, never a scan.
// Its rollup read once asked for "startHour < cutoff ORDER BY hours, startHour" and SQLite walked
// the whole (hours, startHour) index to find nothing: 160 ms a minute on 2.25 M rollup rows, the
// largest stall of the engine in bench/reporting.ts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.js";
import { createAccount } from "../../src/domain/accounts/create.js";
import { ROLLUP_RETENTION_DAYS, sweepRetention } from "../../src/domain/retention/sweep.js";
import { testDatabase, testProvider } from "../support/database.js";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const HOUR = 3_600_000;

describe(`the retention sweep's reads on ${testProvider}`, () => {
  let database: Database;
  const statements: string[] = [];
  let checkId: string;
  beforeAll(async () => {
    database = await testDatabase({ onQuery: (sql) => statements.push(sql) });
    const db = database.prisma;
    const { id: accountId } = await createAccount({ db, input: { name: "sweep plan" } });
    checkId = randomUUID();
    await db.check.create({
      data: {
        id: checkId,
        accountId,
        checkType: "API",
        name: "c",
        frequency: 1,
        locations: ["eu-west-1"],
        tags: [],
        request: {},
      },
    });
    const nowHour = Math.floor(NOW.getTime() / HOUR);
    const oldHour = nowHour - (ROLLUP_RETENTION_DAYS + 1) * 24;
    // Hourly and daily rows: 3 of each past the 400 days, 3 of each within them.
    const row = (hours: number, startHour: number) => ({ checkId, accountId, location: "eu-west-1", hours, startHour });
    await db.checkRollup.createMany({
      data: [0, 1, 2].flatMap((i) => [
        row(1, oldHour + i),
        row(24, Math.floor(oldHour / 24) * 24 - i * 24),
        row(1, nowHour - i),
        row(24, Math.floor(nowHour / 24) * 24 - i * 24),
      ]),
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it("deletes the hourly and daily rollups older than 400 days, and only them", async () => {
    const report = await sweepRetention({ ctx: { db: database.prisma }, now: NOW, options: { days: 30, batch: 2 } });
    expect(report.rollups).toBe(6);
    const left = await database.prisma.checkRollup.findMany({ where: { checkId }, select: { hours: true } });
    expect(left.filter((r) => r.hours === 1)).toHaveLength(3);
    expect(left.filter((r) => r.hours === 24)).toHaveLength(3);
  });

  it("finds what to delete through an index, in every table, when nothing is old enough", async () => {
    statements.length = 0;
    const report = await sweepRetention({ ctx: { db: database.prisma }, now: NOW, options: { days: 30 } });
    expect(Object.values(report).every((n) => n === 0)).toBe(true);
    const reads = statements.filter((sql) => sql.trimStart().startsWith("SELECT"));
    // One find per table (results, heartbeat events, notifications, alerts), per finished run
    // status (DONE, CANCELLED, DROPPED) and per rollup kind (hourly, daily).
    expect(reads).toHaveLength(9);
    if (testProvider !== "sqlite") return;
    for (const sql of reads) {
      const plan = await database.prisma.$queryRawUnsafe<{ detail: string }[]>(
        `EXPLAIN QUERY PLAN ${sql}`,
        ...Array.from(sql.matchAll(/\?/g), () => null),
      );
      const details = plan.map((r) => r.detail);
      expect(
        details.filter((d) => d.startsWith("SCAN")),
        `${sql}\n${details.join("\n")}`,
      ).toEqual([]);
    }
  });
});

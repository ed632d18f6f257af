// Issue 14: the retention sweep runs every minute on every instance, mostly with nothing to delete,
// and on SQLite its reads block the event loop: each must be a search of an index, never a scan.
// Its rollup read once asked for "startHour < cutoff ORDER BY hours, startHour" and SQLite walked
// the whole (hours, startHour) index to find nothing: 160 ms a minute on 2.25 M rollup rows, the
// largest stall of the engine in bench/reporting.ts.
// Its deletes go by the primary key of the rows found: one re-checking a run's status once had
// SQLite search every DONE run's entry of the (status, dueAt) index instead, for each batch.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../src/db/client.js";
import { createAccount } from "../../../src/domain/accounts/create.js";
import { ROLLUP_RETENTION_DAYS, sweepRetention } from "../../../src/domain/retention/sweep.js";
import { testDatabase, testProvider } from "../../support/database.js";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const HOUR = 3_600_000;

describe(`the retention sweep's statements on ${testProvider}`, () => {
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
    // One find per table (results, heartbeat events, notifications, alerts, maintenances), per
    // finished run status (DONE, CANCELLED, DROPPED) and per rollup kind (hourly, daily).
    expect(reads).toHaveLength(10);
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

  it("deletes the rows it found by their primary key alone, in every table", async () => {
    // Rows past the retention in each table. A finished run's delete re-checks its status: SQLite
    // (without statistics) once searched the (status, dueAt) index for it, every DONE run's entry
    // for a batch of 20, and stalled the engine for seconds on the benchmark's 13 M runs.
    const db = database.prisma;
    const { accountId } = await db.check.findUniqueOrThrow({ where: { id: checkId }, select: { accountId: true } });
    const old = new Date(NOW.getTime() - 31 * 86_400_000);
    await db.checkResult.create({
      data: {
        accountId,
        checkId,
        name: "c",
        checkType: "API",
        runLocation: "eu-west-1",
        startedAt: old,
        errorGroupIds: [],
      },
    });
    // Several runs a status: a delete of one id is a search of the rowid however SQLite plans.
    for (const status of ["DONE", "CANCELLED", "DROPPED"])
      await db.checkRun.createMany({
        data: Array.from({ length: 5 }, () => ({ accountId, checkId, sequenceId: randomUUID(), status, dueAt: old })),
      });
    await db.heartbeatEvent.create({ data: { accountId, checkId, state: "RECEIVED", timestamp: old } });
    const alert = await db.checkAlert.create({
      data: { accountId, checkId, alertType: "ALERT_FAILURE", name: "c", checkType: "API", createdAt: old },
    });
    await db.alertNotification.create({
      data: { accountId, checkAlertId: alert.id, type: "WEBHOOK", status: "SUCCESS", request: {}, createdAt: old },
    });
    await db.checkRollup.create({
      data: {
        checkId,
        accountId,
        location: "eu-west-1",
        hours: 1,
        startHour: Math.floor(old.getTime() / HOUR) - 400 * 24,
      },
    });
    const window = await db.maintenanceWindow.create({
      data: { accountId, name: "w", startsAt: old, endsAt: old, repeatUnit: "DAY", tags: [], silenceAlertsTags: [] },
    });
    await db.maintenance.create({
      data: { accountId, windowId: window.id, slotStartsAt: old, startsAt: old, endsAt: old },
    });
    statements.length = 0;
    const report = await sweepRetention({ ctx: { db }, now: NOW, options: { days: 30 } });
    expect(report).toEqual({
      checkResults: 1,
      checkRuns: 15,
      heartbeatEvents: 1,
      alertNotifications: 1,
      checkAlerts: 1,
      maintenances: 1,
      rollups: 1,
    });
    const deletes = statements.filter((sql) => sql.trimStart().startsWith("DELETE"));
    // Results, runs of each status, events, notifications, alerts, maintenances, rollups.
    expect(deletes).toHaveLength(9);
    if (testProvider !== "sqlite") return;
    for (const sql of deletes) {
      const table = /^DELETE FROM (?:[`"]main[`"]\.)?[`"](\w+)[`"]/.exec(sql.trimStart())?.[1];
      expect(table, sql).toBeDefined();
      const plan = await db.$queryRawUnsafe<{ detail: string }[]>(
        `EXPLAIN QUERY PLAN ${sql}`,
        ...Array.from(sql.matchAll(/\?/g), () => null),
      );
      const access = plan.map((r) => r.detail).filter((d) => new RegExp(`^(SEARCH|SCAN) (main\\.)?${table} `).test(d));
      // Each access of the table goes through its primary key: the rowid, the key of a table
      // without rowid, or the unique index of a text key.
      expect(access.length, `${sql}\n${plan.map((r) => r.detail).join("\n")}`).toBeGreaterThan(0);
      for (const detail of access)
        expect(detail, sql).toMatch(
          / USING (INTEGER PRIMARY KEY|PRIMARY KEY|(COVERING )?INDEX sqlite_autoindex_\w+_1) /,
        );
    }
  });
});

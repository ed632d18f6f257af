// Issue 14: the retention sweep deletes exactly what is older than RESULT_RETENTION_DAYS (results,
// finished runs, heartbeat events, settled alerts and notifications) and rollups older than 400
// days, in small batches; reporting still answers from rollups afterwards; SQLite's file shrinks.
import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { sqlitePath } from "../../../src/db/provider.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { getReporting } from "../../../src/domain/reporting/index.js";
import { sweepRetention } from "../../../src/domain/retention/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck, createCheckResults } from "../../support/index.js";

const DAY = 86_400_000;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const CUTOFF = NOW.getTime() - 30 * DAY;
const at = (ms: number) => new Date(ms);

describe(`retention on ${testProvider}`, () => {
  const t = useTestApp({ RESULT_RETENTION_DAYS: "30" });

  it("deletes exactly what is older than the limit, in batches, and keeps rollups", async () => {
    const db = t.db;
    const check = await createCheck(t, { name: "Retained" });
    const ctx = { ...domainContext(t.app.context, t.accountId), now: () => NOW };
    // Recorded through the write path: their rollups are what reporting reads after the sweep.
    for (const startedAt of [CUTOFF - 3 * DAY, CUTOFF - 1_000, CUTOFF, CUTOFF + 1_000])
      await recordCheckResult({
        ctx,
        input: { checkId: check.id, runLocation: "eu-west-1", startedAt: at(startedAt), responseTime: 100 },
      });
    // Many more old ones straight in the table, to take several batches.
    await createCheckResults(t, check, 25, (i) => ({ startedAt: at(CUTOFF - DAY - i * 60_000) }));

    const event = (timestamp: number) =>
      db.heartbeatEvent.create({
        data: { accountId: t.accountId, checkId: check.id, state: "RECEIVED", timestamp: at(timestamp) },
      });
    await event(CUTOFF - 1);
    const keptEvent = await event(CUTOFF);
    const alert = (createdAt: number) =>
      db.checkAlert.create({
        data: {
          accountId: t.accountId,
          checkId: check.id,
          alertType: "ALERT_FAILURE",
          name: "Retained",
          checkType: "API",
          createdAt: at(createdAt),
        },
      });
    const notification = (checkAlertId: string, status: string, createdAt: number) =>
      db.alertNotification.create({
        data: { accountId: t.accountId, checkAlertId, type: "WEBHOOK", status, request: {}, createdAt: at(createdAt) },
      });
    const oldAlert = await alert(CUTOFF - DAY);
    await notification(oldAlert.id, "SUCCESS", CUTOFF - DAY);
    const busyAlert = await alert(CUTOFF - DAY);
    const inFlight = await notification(busyAlert.id, "IN_PROGRESS", CUTOFF - DAY);
    const recentAlert = await alert(CUTOFF + 1);
    const recentSent = await notification(recentAlert.id, "FAILURE", CUTOFF + 1);
    const rollup = (startHour: number) =>
      db.checkRollup.create({
        data: { accountId: t.accountId, checkId: check.id, location: "us-east-1", hours: 1, startHour, runs: 1 },
      });
    const hour = Math.floor(NOW.getTime() / 3_600_000);
    await rollup(hour - 401 * 24);
    await rollup(hour - 399 * 24);
    const runs = await db.checkRun.count({ where: { checkId: check.id } });
    expect(runs).toBe(4);

    const report = await sweepRetention({ ctx: { db }, now: NOW, options: { days: 30, batch: 4 } });
    expect(report).toMatchObject({
      checkResults: 27,
      checkRuns: 2,
      heartbeatEvents: 1,
      alertNotifications: 1,
      checkAlerts: 1,
      rollups: 1,
    });

    const left = await db.checkResult.findMany({ where: { checkId: check.id }, orderBy: { startedAt: "asc" } });
    expect(left.map((r) => r.startedAt.getTime())).toEqual([CUTOFF, CUTOFF + 1_000]);
    expect(await db.checkRun.count({ where: { checkId: check.id } })).toBe(2);
    expect((await db.heartbeatEvent.findMany({ where: { checkId: check.id } })).map((e) => e.id)).toEqual([
      keptEvent.id,
    ]);
    expect(
      (await db.checkAlert.findMany({ where: { checkId: check.id }, orderBy: { createdAt: "asc" } }))
        .map((a) => a.id)
        .sort(),
    ).toEqual([busyAlert.id, recentAlert.id].sort());
    expect(
      (await db.alertNotification.findMany({ where: { accountId: t.accountId } })).map((n) => n.id).sort(),
    ).toEqual([inFlight.id, recentSent.id].sort());
    expect(
      (await db.checkRollup.findMany({ where: { checkId: check.id, location: "us-east-1" } })).map((r) => r.startHour),
    ).toEqual([hour - 399 * 24]);
    // The deleted results still count in reporting: their rollups are kept.
    const [row] = await getReporting({
      ctx,
      query: { from: String((CUTOFF - 5 * DAY) / 1000), to: String(NOW.getTime() / 1000) },
    });
    expect(row!.aggregate).toMatchObject({ successRatio: 100, avg: 100 });
    // A second sweep finds nothing left.
    expect(
      Object.values(await sweepRetention({ ctx: { db }, now: NOW, options: { days: 30 } })).every((n) => n === 0),
    ).toBe(true);
  });

  it("hands each batch's result ids to beforeDeleteResults while the results still exist, and stops when it fails", async () => {
    const db = t.db;
    const check = await createCheck(t, { name: "With assets" });
    await createCheckResults(t, check, 12, (i) => ({ startedAt: at(CUTOFF - DAY - i * 60_000) }));
    await createCheckResults(t, check, 2, () => ({ startedAt: at(CUTOFF + 60_000) }));
    const old = await db.checkResult.findMany({ where: { checkId: check.id, startedAt: { lt: at(CUTOFF) } } });
    const batches: string[][] = [];
    const report = await sweepRetention({
      ctx: { db },
      now: NOW,
      options: {
        days: 30,
        batch: 5,
        budgetMs: Number.POSITIVE_INFINITY,
        beforeDeleteResults: async (ids) => {
          // Called before the delete: every id of the batch is still there.
          expect(await db.checkResult.count({ where: { id: { in: ids } } })).toBe(ids.length);
          batches.push(ids);
        },
      },
    });
    expect(report.checkResults).toBe(12);
    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(batches.flat().sort()).toEqual(old.map((r) => r.id).sort());
    expect(await db.checkResult.count({ where: { checkId: check.id } })).toBe(2);

    // A hook that fails leaves its batch in place (the next run tries again).
    await createCheckResults(t, check, 3, () => ({ startedAt: at(CUTOFF - DAY) }));
    await expect(
      sweepRetention({
        ctx: { db },
        now: NOW,
        options: {
          days: 30,
          beforeDeleteResults: async () => {
            throw new Error("asset store down");
          },
        },
      }),
    ).rejects.toThrow("asset store down");
    expect(await db.checkResult.count({ where: { checkId: check.id } })).toBe(5);
    await sweepRetention({ ctx: { db }, now: NOW, options: { days: 30, beforeDeleteResults: async () => {} } });
    expect(await db.checkResult.count({ where: { checkId: check.id } })).toBe(2);
  });

  it("gives SQLite's freed pages back to the file system (PostgreSQL: the rows are gone)", async () => {
    const db = t.db;
    const check = await createCheck(t, { name: "Bulky" });
    const body = "x".repeat(2_000);
    for (let i = 0; i < 10; i++)
      await createCheckResults(t, check, 200, () => ({
        startedAt: at(CUTOFF - DAY),
        apiCheckResult: { response: { body } },
      }));
    if (testProvider === "sqlite") {
      const path = sqlitePath(t.databaseUrl);
      const [mode] = await db.$queryRawUnsafe<{ auto_vacuum: number | bigint }[]>("PRAGMA auto_vacuum");
      expect(Number(mode!.auto_vacuum)).toBe(2);
      await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
      // The file's size with every page written so far: the checkpoint above may have left part
      // of the WAL (the app's checkpointer thread checkpointing at the same moment).
      const pages = async (pragma: string) =>
        Number(Object.values((await db.$queryRawUnsafe<Record<string, number | bigint>[]>(`PRAGMA ${pragma}`))[0]!)[0]);
      const before = Math.max(statSync(path).size, (await pages("page_count")) * (await pages("page_size")));
      const freePages = async () =>
        Number(
          (await db.$queryRawUnsafe<{ freelist_count: number | bigint }[]>("PRAGMA freelist_count"))[0]!.freelist_count,
        );
      // A run that leaves a backlog moves no pages (the vacuum holds the write lock): only once the backlog is gone.
      await sweepRetention({
        ctx: { db },
        now: NOW,
        options: { days: 30, maxBatches: 5, budgetMs: Number.POSITIVE_INFINITY, sqliteFile: path },
      });
      expect(await db.checkResult.count({ where: { checkId: check.id } })).toBe(1_500);
      expect(await freePages()).toBeGreaterThan(100);
      // Its checkpoints are the app's checkpointer thread's: none on this thread (0 ms each).
      const checkpointMs: number[] = [];
      const done = t.app.context.database.checkpoints!.done;
      await sweepRetention({
        ctx: { db },
        now: NOW,
        options: { days: 30, sqliteFile: path, onStatement: (_table, _rows, _ms, ck) => checkpointMs.push(ck) },
      });
      expect(checkpointMs.length).toBeGreaterThan(0);
      expect(checkpointMs.filter((ms) => ms !== 0)).toEqual([]);
      expect(t.app.context.database.checkpoints!.done).toBeGreaterThan(done);
      const after = statSync(path).size;
      // What the file kept, should it not shrink: the pages still free, and the checkpoints' counts.
      const kept = JSON.stringify({ before, after, free: await freePages(), ...t.app.context.database.checkpoints! });
      expect(before - after, kept).toBeGreaterThan(3_000_000);
      expect(await freePages()).toBe(0);
      // The thread's checkpoint is PASSIVE (it never locks writers out) and, alone, copied the whole WAL back.
      const [checkpoint] = await db.$queryRawUnsafe<
        { busy: number | bigint; log: number | bigint; checkpointed: number | bigint }[]
      >("PRAGMA wal_checkpoint(PASSIVE)");
      expect(Number(checkpoint!.busy)).toBe(0);
      expect(Number(checkpoint!.checkpointed)).toBe(Number(checkpoint!.log));
    } else await sweepRetention({ ctx: { db }, now: NOW, options: { days: 30 } });
    expect(await db.checkResult.count({ where: { checkId: check.id } })).toBe(0);
  });
});

import { isPostgres } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { SystemContext } from "../shared/context.js";
import { HOUR_MS } from "../rollups/index.js";
import { drainerOf, PAUSE_MS, pause } from "./pacing.js";
import { openSqliteMaintenance } from "./sqlite.js";

const DAY_MS = 86_400_000;
/** Rollups outlive raw results: reporting, uptime bars and badges read them (docs/decisions.md). */
export const ROLLUP_RETENTION_DAYS = 400;
const FINISHED_RUNS = ["DONE", "CANCELLED", "DROPPED"];

export type RetentionOptions = {
  /** RESULT_RETENTION_DAYS. */
  days: number;
  /** The most rows one statement deletes (default 100). */
  batch?: number;
  /**
   * The time one statement may take (default 4 ms on SQLite, Infinity on PostgreSQL, whose deletes
   * take row locks only and whose driver never blocks the event loop; Infinity: always `batch`
   * rows). On SQLite a statement
   * holds the database's write lock (SQLite) and, in the engine's process, the event loop
   * (better-sqlite3 is synchronous): one slower than this halves the next batch, one faster than
   * half of it doubles it again (up to `batch`). A statement that waited for the lock because the
   * engine was writing is slow too, so the sweep backs off when writers are busy.
   */
  budgetMs?: number;
  /** Statements per table and run (default 1,000): a backlog is worked off over several runs. */
  maxBatches?: number;
  /**
   * The least pause between two statements (default 20 ms), for the engine's claims and result
   * batches to take the write lock in between (on SQLite another process's writer polls for it).
   * The pause is also at least `idleShare` times the statement's time.
   */
  pauseMs?: number;
  /** The fewest rows a statement deletes however slow (default 10). */
  minBatch?: number;
  /**
   * The pause as a multiple of the statement before it (default 19 on SQLite: the sweep holds the
   * lock about 5% of the time at most; 0 on PostgreSQL), at most a second.
   */
  idleShare?: number;
  /** The SQLite file (none on PostgreSQL): compacted after a sweep that deleted anything. */
  sqliteFile?: string;
  /**
   * Called with each batch's check result ids before they are deleted (the results' assets go
   * first: a result is never deleted while something it owns is left). A failure stops the sweep
   * before the results are deleted; the next run retries them.
   */
  beforeDeleteResults?: (ids: string[]) => Promise<unknown>;
  /**
   * Told of every delete statement (the benchmark's figures). `checkpointMs` is the checkpoint's
   * time on this thread: 0 whenever the database's checkpointer thread runs in this process;
   * `quietly`: false when the delete went after `quiet` waited its longest (a busy engine).
   */
  onStatement?: (table: string, rows: number, ms: number, checkpointMs: number, quietly: boolean) => void;
  /**
   * Resolves true when the process's other writers will be quiet for a while (the engine: no claim
   * or result batch about to be written), or false after `maxWaitMs`: a batch's find and its
   * delete each wait for it, asking for `needMs` (the longest of the last few statements of its
   * kind), so that a claim or a result batch rarely lands on a statement. A busy engine makes the
   * sweep wait at most `maxWaitMs` (its last pause) a statement: it slows, never stops.
   */
  quiet?: (maxWaitMs: number, needMs: number) => Promise<boolean>;
};

export type RetentionReport = Record<string, number>;

/**
 * Deletes what is older than the retention: check results (by startedAt), finished runs (by
 * dueAt), heartbeat events, alert notifications that are done (never one still IN_PROGRESS), check
 * alerts without such a notification; and rollups older than 400 days. The rows of a statement are
 * found by a read through an index on the time (no lock held), then deleted by primary key in one
 * short statement whose size adapts to a time budget, with a pause proportional to it; then
 * SQLite's WAL is checkpointed (PASSIVE, by the checkpointer thread of src/db when one runs) and,
 * once no backlog is left, freed pages are returned to the file system (incremental vacuum).
 * Safe on several instances at once: deleting a row twice deletes nothing.
 */
export async function sweepRetention({
  ctx,
  now,
  options,
}: {
  ctx: Pick<SystemContext, "db">;
  now: Date;
  options: RetentionOptions;
}): Promise<RetentionReport> {
  const db = ctx.db;
  const sqlite = options.sqliteFile ? openSqliteMaintenance(options.sqliteFile) : null;
  try {
    return await sweep(db, now, options, sqlite);
  } finally {
    sqlite?.close();
  }
}

async function sweep(
  db: SystemContext["db"],
  now: Date,
  options: RetentionOptions,
  sqlite: ReturnType<typeof openSqliteMaintenance> | null,
): Promise<RetentionReport> {
  const cutoff = new Date(now.getTime() - options.days * DAY_MS);
  const report: RetentionReport = {};
  const defaults = isPostgres(db) ? { budgetMs: Number.POSITIVE_INFINITY, idleShare: 0 } : {};
  const drainer = drainerOf({ ...defaults, ...options }, sqlite ? (rows) => sqlite.checkpointAfter(rows) : undefined);

  await drainResults(drainer, report, db, cutoff, options);
  await drainRuns(drainer, report, db, cutoff);
  await drainEventsAndAlerts(drainer, report, db, cutoff);
  await drainRollups(drainer, report, db, now);
  if (sqlite && Object.values(report).some((n) => n > 0))
    await sqlite.compact(() => pause(options.pauseMs ?? PAUSE_MS), { vacuum: !drainer.backlog });
  return report;
}

const count = async (deleting: Promise<{ count: number }>) => (await deleting).count;

type Drainer = ReturnType<typeof drainerOf>;

/** Check results, the oldest first. */
async function drainResults(
  drainer: Drainer,
  report: RetentionReport,
  db: SystemContext["db"],
  cutoff: Date,
  options: RetentionOptions,
) {
  await drainer.drain(report, "checkResults", async (take) => {
    // The oldest first, in the order of the startedAt index: rows written together, on neighbouring
    // pages, so a batch's delete dirties few pages (a short write lock, a small WAL).
    const rows = await db.checkResult.findMany({
      where: { startedAt: { lt: cutoff } },
      orderBy: { startedAt: "asc" },
      select: { id: true },
      take,
    });
    const ids = rows.map((r) => r.id);
    if (ids.length && options.beforeDeleteResults) await options.beforeDeleteResults(ids);
    return {
      found: ids.length,
      remove: () => db.$executeRaw`DELETE FROM "CheckResult" WHERE "id" IN (${Prisma.join(ids)})`,
    };
  });
}

/** Finished runs, by status. */
async function drainRuns(drainer: Drainer, report: RetentionReport, db: SystemContext["db"], cutoff: Date) {
  // Every find below orders by the column of its index: without an order Prisma asks for the
  // primary key's, and SQLite then walked the primary key (heartbeat events: the whole table when
  // nothing is old enough) or sorted every row older than the cutoff (runs: millions in a backlog)
  // for each batch. Finished runs by status, each a range of the (status, dueAt) index.
  // Their delete re-checks the status without letting SQLite search by it: SQLite has no statistics
  // (no ANALYZE), takes "status = ?" on an index for about ten rows, and preferred it to the ids'
  // primary key, reading every DONE run's index entry (13 M in bench/reporting.ts) for each batch of
  // 20: a stall of the event loop of 1.5 s, 6 s with a cold page cache. A unary + keeps a term out of
  // SQLite's choice of index; PostgreSQL, whose planner has statistics, has no such operator for text.
  const unindexed = (column: string) => Prisma.raw(isPostgres(db) ? `"${column}"` : `+"${column}"`);
  for (const status of FINISHED_RUNS)
    await drainer.drain(report, "checkRuns", async (take) => {
      const rows = await db.checkRun.findMany({
        where: { status, dueAt: { lt: cutoff } },
        orderBy: { dueAt: "asc" },
        select: { id: true },
        take,
      });
      const ids = rows.map((r) => r.id);
      return {
        found: ids.length,
        remove: () =>
          db.$executeRaw`DELETE FROM "CheckRun" WHERE "id" IN (${Prisma.join(ids)}) AND ${unindexed("status")} = ${status}`,
      };
    });
}

/** Heartbeat events, settled alert notifications and alerts, and maintenance occurrences over. */
async function drainEventsAndAlerts(drainer: Drainer, report: RetentionReport, db: SystemContext["db"], cutoff: Date) {
  await drainer.drain(report, "heartbeatEvents", async (take) => {
    const rows = await db.heartbeatEvent.findMany({
      where: { timestamp: { lt: cutoff } },
      orderBy: { timestamp: "asc" },
      select: { id: true },
      take,
    });
    const ids = rows.map((r) => r.id);
    return { found: ids.length, remove: () => count(db.heartbeatEvent.deleteMany({ where: { id: { in: ids } } })) };
  });
  await drainer.drain(report, "alertNotifications", async (take) => {
    const done = { createdAt: { lt: cutoff }, status: { not: "IN_PROGRESS" } };
    const rows = await db.alertNotification.findMany({
      where: done,
      orderBy: { createdAt: "asc" },
      select: { id: true },
      take,
    });
    const ids = rows.map((r) => r.id);
    return {
      found: ids.length,
      remove: () => count(db.alertNotification.deleteMany({ where: { id: { in: ids }, ...done } })),
    };
  });
  await drainer.drain(report, "checkAlerts", async (take) => {
    // Deleting an alert cascades to its notifications: not while one is still being delivered.
    const settled = { createdAt: { lt: cutoff }, notifications: { none: { status: "IN_PROGRESS" } } };
    const rows = await db.checkAlert.findMany({
      where: settled,
      orderBy: { createdAt: "asc" },
      select: { id: true },
      take,
    });
    const ids = rows.map((r) => r.id);
    return {
      found: ids.length,
      remove: () => count(db.checkAlert.deleteMany({ where: { id: { in: ids }, ...settled } })),
    };
  });
  // Maintenance occurrences over before the cutoff (their updates go with them), kept as long as results.
  await drainer.drain(report, "maintenances", async (take) => {
    const rows = await db.maintenance.findMany({
      where: { endsAt: { lt: cutoff } },
      orderBy: { endsAt: "asc" },
      select: { id: true },
      take,
    });
    const ids = rows.map((r) => r.id);
    return { found: ids.length, remove: () => count(db.maintenance.deleteMany({ where: { id: { in: ids } } })) };
  });
}

/** Rollups older than ROLLUP_RETENTION_DAYS, hourly then daily. */
async function drainRollups(drainer: Drainer, report: RetentionReport, db: SystemContext["db"], now: Date) {
  // Rollups: up to a batch of one hour's (or day's) rows per statement, oldest first (about one row
  // per check and location an hour), hourly rows then daily ones, each through a search of the
  // (hours, startHour) index. One query over both kinds (startHour < cutoff ORDER BY hours,
  // startHour) scanned the whole index when nothing was that old: 160 ms of a blocked event loop a
  // minute on 2.25 M rollup rows, on every instance.
  const rollupCutoff = Math.floor((now.getTime() - ROLLUP_RETENTION_DAYS * DAY_MS) / HOUR_MS);
  for (const hours of [1, 24])
    await drainer.drain(report, "rollups", async (take) => {
      const rows = await db.checkRollup.findMany({
        where: { hours, startHour: { lt: rollupCutoff } },
        orderBy: { startHour: "asc" },
        select: { checkId: true, startHour: true, location: true },
        take,
      });
      return {
        found: rows.length,
        remove: () =>
          count(
            db.checkRollup.deleteMany({
              where: {
                OR: rows.map((r) => ({ checkId: r.checkId, hours, startHour: r.startHour, location: r.location })),
              },
            }),
          ),
      };
    });
}

import Database from "better-sqlite3";
import { Prisma } from "../../generated/sqlite/client.js";
import type { SystemContext } from "../context.js";
import { HOUR_MS } from "../rollups/index.js";

const DAY_MS = 86_400_000;
/** Rollups outlive raw results: reporting, uptime bars and badges read them (docs/decisions.md). */
export const ROLLUP_RETENTION_DAYS = 400;
const FINISHED_RUNS = ["DONE", "CANCELLED", "DROPPED"];

export type RetentionOptions = {
  /** RESULT_RETENTION_DAYS. */
  days: number;
  /** Rows per statement (default 100): short write transactions, so the engine's writers never wait long. */
  batch?: number;
  /** Statements per table and run (default 250: 25,000 rows a table a minute, 36 million a day, above the 14 million results a day of 10,000 checks a minute): a backlog is worked off over several runs. */
  maxBatches?: number;
  /** The pause between two statements (default 100 ms). */
  pauseMs?: number;
  /** Called with each batch of results before they are deleted: their assets' files and rows go first (src/domain/assets). */
  beforeDeletingResults?: (resultIds: string[]) => Promise<unknown>;
  /** The SQLite file (none on PostgreSQL): compacted after a sweep that deleted anything. */
  sqliteFile?: string;
};

export type RetentionReport = Record<string, number>;

/**
 * A pause between two statements, long enough for the engine's claims and result batches to take
 * the write lock in between (on SQLite another process's writer polls for it: an immediate next
 * delete would keep it waiting).
 */
const PAUSE_MS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes what is older than the retention: check results (by startedAt), finished runs (by
 * dueAt), heartbeat events, alert notifications that are done (never one still IN_PROGRESS), check
 * alerts without such a notification; and rollups older than 400 days. Each statement deletes at
 * most `batch` rows by id, found through an index on the time, so no lock is held for long; then
 * SQLite's WAL is checkpointed (PASSIVE) and, once no backlog is left, freed pages are returned to
 * the file system (incremental vacuum).
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
  const batch = options.batch ?? 100;
  const maxBatches = options.maxBatches ?? 250;
  const breathe = () => pause(options.pauseMs ?? PAUSE_MS);
  const cutoff = new Date(now.getTime() - options.days * DAY_MS);
  const report: RetentionReport = {};
  /** Some table has more to delete than this run's statements: the next run goes on, and no vacuum yet. */
  let backlog = false;

  /** Runs `next` (one statement's worth, returning what it deleted and whether more may be left) until done. */
  async function drain(name: string, next: () => Promise<{ deleted: number; more: boolean }>) {
    report[name] = 0;
    for (let i = 0; i < maxBatches; i++) {
      const { deleted, more } = await next();
      report[name] += deleted;
      if (!more) return;
      await breathe();
    }
    backlog = true;
  }
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const outcome = async (found: number, deleting: Promise<{ count: number }> | null) => ({
    deleted: deleting ? (await deleting).count : 0,
    more: found === batch,
  });

  await drain("checkResults", async () => {
    // The oldest first, in the order of the startedAt index: rows written together, on neighbouring
    // pages, so a batch's delete dirties few pages (a short write lock, a small WAL). The delete
    // itself is one plain statement by primary key (no transaction around a read).
    const rows = await db.checkResult.findMany({
      where: { startedAt: { lt: cutoff } },
      orderBy: { startedAt: "asc" },
      select: { id: true },
      take: batch,
    });
    if (rows.length) await options.beforeDeletingResults?.(ids(rows));
    return outcome(
      rows.length,
      rows.length
        ? db.$executeRaw`DELETE FROM "CheckResult" WHERE "id" IN (${Prisma.join(ids(rows))})`.then((count) => ({
            count,
          }))
        : null,
    );
  });
  await drain("checkRuns", async () => {
    const rows = await db.checkRun.findMany({
      where: { status: { in: FINISHED_RUNS }, dueAt: { lt: cutoff } },
      select: { id: true },
      take: batch,
    });
    const runIds = rows.map((r) => r.id);
    return outcome(
      rows.length,
      rows.length ? db.checkRun.deleteMany({ where: { id: { in: runIds }, status: { in: FINISHED_RUNS } } }) : null,
    );
  });
  await drain("heartbeatEvents", async () => {
    const rows = await db.heartbeatEvent.findMany({
      where: { timestamp: { lt: cutoff } },
      select: { id: true },
      take: batch,
    });
    return outcome(
      rows.length,
      rows.length ? db.heartbeatEvent.deleteMany({ where: { id: { in: ids(rows) } } }) : null,
    );
  });
  await drain("alertNotifications", async () => {
    const done = { createdAt: { lt: cutoff }, status: { not: "IN_PROGRESS" } };
    const rows = await db.alertNotification.findMany({ where: done, select: { id: true }, take: batch });
    return outcome(
      rows.length,
      rows.length ? db.alertNotification.deleteMany({ where: { id: { in: ids(rows) }, ...done } }) : null,
    );
  });
  await drain("checkAlerts", async () => {
    // Deleting an alert cascades to its notifications: not while one is still being delivered.
    const settled = { createdAt: { lt: cutoff }, notifications: { none: { status: "IN_PROGRESS" } } };
    const rows = await db.checkAlert.findMany({ where: settled, select: { id: true }, take: batch });
    return outcome(
      rows.length,
      rows.length ? db.checkAlert.deleteMany({ where: { id: { in: ids(rows) }, ...settled } }) : null,
    );
  });
  // Rollups: one hour (or day) of them per statement, oldest first (about one row per check and location).
  const rollupCutoff = Math.floor((now.getTime() - ROLLUP_RETENTION_DAYS * DAY_MS) / HOUR_MS);
  await drain("rollups", async () => {
    const oldest = await db.checkRollup.findFirst({
      where: { startHour: { lt: rollupCutoff } },
      orderBy: [{ hours: "asc" }, { startHour: "asc" }],
      select: { hours: true, startHour: true },
    });
    if (!oldest) return { deleted: 0, more: false };
    const { count } = await db.checkRollup.deleteMany({ where: { hours: oldest.hours, startHour: oldest.startHour } });
    return { deleted: count, more: true };
  });

  if (options.sqliteFile && Object.values(report).some((n) => n > 0))
    await compactSqlite(options.sqliteFile, breathe, { vacuum: !backlog });
  return report;
}

/**
 * Hands SQLite's freed pages back to the file system (when the file was created with
 * auto_vacuum=INCREMENTAL, as the migrator does for new databases), and checkpoints the WAL. While
 * the engine runs, neither may hold the write lock for long: a writer of the engine waiting for it
 * sleeps in SQLite's busy handler, and better-sqlite3 blocks its event loop meanwhile (every claim
 * and result of that instance waits). So:
 *   - the checkpoint is PASSIVE: it copies what it can without ever taking the write lock (TRUNCATE
 *     waits for and then excludes every writer while it copies a WAL a sweep has grown by tens of
 *     MB; the WAL file is bounded by journal_size_limit when a writer restarts it instead);
 *   - the incremental vacuum, which moves pages under the write lock, runs only once the backlog is
 *     gone (`vacuum`), 256 KB a step with a pause between steps, at most 16 MB a run: the next run
 *     goes on where this one stopped.
 * On a connection of its own: through Prisma's adapter a PRAGMA is stepped once, and
 * incremental_vacuum frees one page per step. Its busy timeout is 0, so it never blocks the event
 * loop waiting for the app's own writes: busy, it tries next time.
 */
async function compactSqlite(file: string, breathe: () => Promise<unknown>, { vacuum }: { vacuum: boolean }) {
  const connection = new Database(file, { timeout: 0 });
  try {
    if (vacuum && Number(connection.pragma("auto_vacuum", { simple: true })) === 2) {
      for (let i = 0; i < 64 && Number(connection.pragma("freelist_count", { simple: true })) > 0; i++) {
        connection.pragma("incremental_vacuum(64)");
        await breathe();
      }
    }
    connection.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
  } finally {
    connection.close();
  }
}

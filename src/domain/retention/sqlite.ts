import Database from "better-sqlite3";
import { nudgeCheckpointers } from "../../db/sqlite-checkpointer.js";
import { sleep } from "../../sleep.js";

/**
 * A checkpoint after the vacuum that a reader kept from copying the whole WAL is asked again, this
 * often at most, this long apart; a vacuum step that found another writer is tried again as often.
 */
const COMPLETE_ATTEMPTS = 20;
const COMPLETE_RETRY_MS = 50;

/**
 * Hands SQLite's freed pages back to the file system (when the file was created with
 * auto_vacuum=INCREMENTAL, as the migrator does for new databases), and has the WAL checkpointed:
 * by the database's checkpointer thread (src/db/sqlite-checkpointer.ts) when one runs for the file
 * in this process, which it nudges, else on its own connection as described here. While
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
 * incremental_vacuum frees one page per step. Busy, it tries next time.
 */
const CHECKPOINT_ROWS = 200;

export function openSqliteMaintenance(file: string) {
  // Its busy timeout is 0: it never blocks the event loop waiting for the app's own writes.
  const connection = new Database(file, { timeout: 0 });
  /** Runs a PRAGMA; false when another connection held the lock it needs (it never waits). */
  const unlessBusy = (pragma: string): boolean => {
    try {
      connection.pragma(pragma);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
      return false;
    }
  };
  let unsynced = 0;
  return {
    /**
     * A checkpoint once CHECKPOINT_ROWS rows were deleted since the last one (a few pages each in
     * the table and its indexes: below wal_autocheckpoint's 1,000 pages), else nothing. Returns the
     * time it took on this thread (ms): 0 when the checkpointer's thread was nudged.
     */
    checkpointAfter(rows: number): number {
      unsynced += rows;
      if (unsynced < CHECKPOINT_ROWS) return 0;
      unsynced = 0;
      return this.checkpoint();
    },
    /**
     * Copies the WAL's frames into the database file (PASSIVE: without the write lock, never
     * waiting for a reader or writer), so that the engine's next commit does not find the sweep's
     * pages past wal_autocheckpoint and copy them itself, synchronously, in its own event loop.
     * Returns its time on this thread (ms).
     */
    checkpoint(): number {
      if (nudgeCheckpointers(file)) return 0; // not awaited: the sweep goes on meanwhile
      const started = performance.now();
      unlessBusy("wal_checkpoint(PASSIVE)");
      return performance.now() - started;
    },
    async compact(breathe: () => Promise<unknown>, { vacuum }: { vacuum: boolean }) {
      // A step that finds another writer (busy timeout 0) pauses and tries again, a few times: one
      // busy moment must not leave the freed pages in the file until the next run.
      if (vacuum && Number(connection.pragma("auto_vacuum", { simple: true })) === 2) {
        let steps = 0;
        let busyLeft = COMPLETE_ATTEMPTS;
        while (steps < 64 && Number(connection.pragma("freelist_count", { simple: true })) > 0) {
          if (unlessBusy("incremental_vacuum(64)")) steps++;
          else if (--busyLeft <= 0) break;
          await breathe();
        }
      }
      // The thread's checkpoint is awaited (the file is only truncated by a checkpoint after the
      // vacuum), and asked again while a reader held part of the WAL: with no commit after the
      // sweep, nothing else would copy the rest back, and the file would keep its size.
      for (let attempt = 0; attempt < COMPLETE_ATTEMPTS; attempt++) {
        const checkpointed = nudgeCheckpointers(file);
        if (!checkpointed) {
          unlessBusy("wal_checkpoint(PASSIVE)");
          break;
        }
        if (await checkpointed) break;
        await sleep(COMPLETE_RETRY_MS);
      }
    },
    close: () => connection.close(),
  };
}

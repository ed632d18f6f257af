import type { RetentionOptions, RetentionReport } from "./sweep.js";

/** The least pause between two statements (ms). */
export const PAUSE_MS = 20;
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One table's batch: how many rows were found (at most `take`) and the statement deleting them. */
export type Batch = { found: number; remove: () => Promise<number> };

/**
 * The pacing of a sweep, shared by its tables: the batch size adapts to the time budget (halved by
 * a slow statement, doubled by a fast one) and the pause after a statement grows with it.
 * `afterStatement` (SQLite: once a few hundred rows are deleted, a nudge to the checkpointer thread,
 * or a PASSIVE checkpoint where none runs) runs after a statement, outside the write lock, with the
 * rows it deleted; it returns its time on this thread (ms). The
 * pause is proportional to the delete alone: only it holds the lock. A floor of `minBatch` rows
 * keeps the sweep ahead of the results coming in when every statement is slow (a loaded machine).
 */
export function drainerOf(options: RetentionOptions, afterStatement: (rows: number) => number = () => 0) {
  const most = options.batch ?? 100;
  const budget = options.budgetMs ?? 4;
  const idleShare = options.idleShare ?? 19;
  const maxBatches = options.maxBatches ?? 1_000;
  const least = Math.min(most, options.minBatch ?? 10);
  let size = most;
  /** The last pause: the longest a batch then waits for the other writers to be quiet. */
  let waited = options.pauseMs ?? PAUSE_MS;
  // The longest of the last few finds and deletes (ms): the quiet moment the next one asks for.
  const finds = recentTimes(budget);
  const deletes = recentTimes(budget);
  const quiet = async (needMs: number) => (options.quiet ? options.quiet(waited, needMs) : true);
  const state = {
    /** Some table has more to delete than this run's statements: the next run goes on, and no vacuum yet. */
    backlog: false,
    async drain(report: RetentionReport, table: string, next: (take: number) => Promise<Batch>) {
      // Added to: a table drained in parts (runs by status, rollups by kind) reports their sum.
      report[table] ??= 0;
      for (let i = 0; i < maxBatches; i++) {
        // The find (for results, their assets' too) and the delete each wait for a moment as long
        // as the longest of their recent kind: each blocks the event loop while it runs.
        await quiet(finds.longest());
        const take = size;
        const findStarted = performance.now();
        const { found, remove } = await next(take);
        finds.add(performance.now() - findStarted);
        if (found === 0) return;
        const quietly = await quiet(deletes.longest());
        const started = performance.now();
        const deleted = await remove();
        const ms = performance.now() - started;
        deletes.add(ms);
        const after = afterStatement(deleted);
        options.onStatement?.(table, deleted, ms, after, quietly);
        report[table] += deleted;
        if (ms > budget) size = Math.max(least, Math.floor(size / 2));
        else if (ms < budget / 2) size = Math.min(most, size * 2);
        if (found < take) return;
        waited = Math.max(options.pauseMs ?? PAUSE_MS, Math.min(1_000, ms * idleShare));
        await pause(waited);
      }
      state.backlog = true;
    },
  };
  return state;
}

/** The last 16 times of one kind of statement (ms); `longest` is `initial` until one was added. */
function recentTimes(initial: number) {
  const times: number[] = [];
  return {
    add(ms: number) {
      times.push(ms);
      if (times.length > 16) times.shift();
    },
    longest: () => (times.length ? Math.max(...times) : initial),
  };
}

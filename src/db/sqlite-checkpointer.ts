import { createRequire } from "node:module";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { checkpointerSource } from "./sqlite-checkpointer-thread.js";

/** What the checkpointer did since it started (read at scrape time by GET /metrics). */
export type CheckpointStats = {
  /** Checkpoints that ran (PASSIVE: they copy what no reader still needs). */
  done: number;
  /** Checkpoints that found another one running (or the file locked): retried at the next tick. */
  busy: number;
  /** WAL frames copied into the database file. */
  framesCopied: number;
  /** The WAL's frames after the last checkpoint (0 once a writer restarted it). */
  walFrames: number;
};

export type SqliteCheckpointer = {
  readonly stats: Readonly<CheckpointStats>;
  /**
   * Checkpoint now rather than at the next tick (the retention sweep, after its deletes); resolves
   * once that checkpoint ran: whether it copied the whole WAL back (false: a reader held some of
   * it, it was busy, or the thread ended).
   */
  nudge(): Promise<boolean>;
  /** Stops the worker and waits for its exit. */
  stop(): Promise<void>;
  /** The worker thread (tests end it to see the fallback). */
  readonly worker: Worker;
};

/**
 * Every TICK_MS the worker looks at `PRAGMA data_version` (no lock, no I/O when nothing changed)
 * and checkpoints if another connection committed since its last look. 250 ms bounds the WAL to
 * what the app writes in a quarter of a second (a few MB under the heaviest result batches, against
 * wal_autocheckpoint's 4 MB) while costing at most four fsyncs a second, all in the worker.
 */
export const TICK_MS = 250;
/**
 * A WAL longer than this after a checkpoint (64 MB of 4 KB pages, journal_size_limit) means the
 * thread is not catching up (a writer that never pauses, or a long reader): the app's commits then
 * checkpoint too, until a checkpoint finds it under a quarter of that.
 */
export const MAX_WAL_FRAMES = 16_384;

/** Checkpointers running per database file, for the retention sweep's nudge. */
const running = new Map<string, Set<SqliteCheckpointer>>();

/**
 * Nudges the checkpointers of `file`: a promise of their checkpoints, or null when none runs for
 * it in this process.
 */
export function nudgeCheckpointers(file: string): Promise<boolean> | null {
  const found = [...(running.get(resolve(file)) ?? [])];
  if (found.length === 0) return null;
  return Promise.all(found.map((checkpointer) => checkpointer.nudge())).then((all) => all.every(Boolean));
}

/**
 * SQLite's WAL checkpoints in a worker thread with a connection of its own, so that no commit of
 * the app (wal_autocheckpoint, synchronous in the event loop) and no sweep copies the WAL into the
 * database file on the main thread. The caller turns the app connection's wal_autocheckpoint off
 * once this runs; `appCheckpoints` turns it back on while the WAL stays long, and for good when the
 * thread dies (then `onFailure` is told, once).
 */
export function startSqliteCheckpointer(
  file: string,
  {
    appCheckpoints,
    onFailure,
    tickMs = TICK_MS,
  }: {
    /** Turns the app connection's own checkpoints on (wal_autocheckpoint 1000) or off (0). */
    appCheckpoints: (on: boolean) => void;
    /** Told once if the thread dies (the app's checkpoints are turned on before). */
    onFailure: (error: Error) => void;
    tickMs?: number;
  },
): SqliteCheckpointer {
  file = resolve(file);
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(checkpointerSource, { eval: true, workerData: { file, driver, tickMs } });
  // Never what keeps a process alive: close() stops it, and a forgotten one dies with the process.
  worker.unref();
  const stats: CheckpointStats = { done: 0, busy: 0, framesCopied: 0, walFrames: 0 };
  let stopping = false;
  let failure: Error | null = null;
  let behind = false;
  /** Nudges waiting for their checkpoint, by id: told whether it was complete. */
  const waiting = new Map<number, (complete: boolean) => void>();
  let nudges = 0;
  const exited = new Promise<void>((resolve) => {
    worker.on("error", (error) => {
      failure ??= error;
    });
    worker.on("exit", (code) => {
      forget();
      for (const done of waiting.values()) done(false);
      waiting.clear();
      resolve();
      if (stopping) return;
      if (!behind) appCheckpoints(true);
      onFailure(failure ?? new Error(`the SQLite checkpointer thread exited (code ${code})`));
    });
  });
  worker.on(
    "message",
    (result: { id: number | null; busy: boolean; copied: number; log: number; complete: boolean }) => {
      if (result.busy) stats.busy++;
      else stats.done++;
      stats.framesCopied += result.copied;
      stats.walFrames = result.log;
      if (behind ? result.log < MAX_WAL_FRAMES / 4 : result.log > MAX_WAL_FRAMES) {
        behind = !behind;
        appCheckpoints(behind);
      }
      if (result.id !== null) {
        waiting.get(result.id)?.(result.complete);
        waiting.delete(result.id);
      }
    },
  );

  const checkpointer: SqliteCheckpointer = {
    stats,
    worker,
    nudge: () => {
      if (stopping) return Promise.resolve(false);
      const id = ++nudges;
      worker.postMessage(id);
      return new Promise<boolean>((resolve) => waiting.set(id, resolve));
    },
    async stop() {
      if (!stopping) {
        stopping = true;
        forget();
        worker.postMessage("stop");
        // A worker stuck in a long checkpoint is ended after a while rather than holding up shutdown.
        const timer = setTimeout(() => void worker.terminate(), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    },
  };
  const forget = () => {
    running.get(file)?.delete(checkpointer);
    if (running.get(file)?.size === 0) running.delete(file);
  };
  running.set(file, (running.get(file) ?? new Set()).add(checkpointer));
  return checkpointer;
}

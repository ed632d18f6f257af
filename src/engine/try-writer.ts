import type { AppContext } from "../app-context.js";
import { recordHeldTries, type HeldTry } from "../domain/runs/index.js";
import type { RecordedResult } from "../domain/assets/index.js";

/** `write` answers the recorded result (its id places the try's assets), or null when the run was lost. */
export type TryWriter = {
  write(t: HeldTry): Promise<RecordedResult | null>;
  flushed(): Promise<void>;
  /** Tries wait for their batch, or a batch is being written. */
  busy(): boolean;
};

/**
 * Group commit for the engine's results: tries written within `maxDelayMs` of each other (or up
 * to `maxBatch` of them) go to the database in one transaction, one batch at a time. A runner
 * awaits its own try's answer (null: the run was lost). `now` is the engine's clock: the lease a
 * try renews must be on the clock its runs were claimed on.
 */
export function createTryWriter(
  app: AppContext,
  options: { maxBatch: number; maxDelayMs: number; now?: () => Date },
): TryWriter {
  const deps = { db: app.database.prisma, events: app.events, now: options.now ?? (() => new Date()) };
  const queue: { t: HeldTry; resolve: (result: RecordedResult | null) => void; reject: (error: Error) => void }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let batches = 0;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue.splice(0, options.maxBatch);
    if (batch.length === 0) return;
    batches++;
    writing = writing.then(async () => {
      try {
        const answers = await recordHeldTries({ ctx: deps, tries: batch.map((item) => item.t) });
        for (const [i, answer] of answers.entries()) {
          if (answer instanceof Error) batch[i]!.reject(answer);
          else batch[i]!.resolve(answer);
        }
      } catch (error) {
        for (const item of batch) item.reject(error as Error);
      }
      batches--;
      if (queue.length >= options.maxBatch) flush();
    });
  }

  return {
    write(t) {
      return new Promise((resolve, reject) => {
        queue.push({ t, resolve, reject });
        if (queue.length >= options.maxBatch) flush();
        else timer ??= setTimeout(flush, options.maxDelayMs);
      });
    },
    busy: () => queue.length > 0 || batches > 0,
    async flushed() {
      flush();
      await writing;
    },
  };
}

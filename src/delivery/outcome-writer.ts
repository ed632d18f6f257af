import type { Db } from "../db/client.js";
import { recordTries, type TryOutcome } from "../domain/alert-notifications/claim.js";

export type OutcomeWriter = { record(outcome: TryOutcome): Promise<boolean>; flushed(): Promise<void> };

/**
 * Group commit for the delivery workers' tries (src/engine/try-writer.ts does the same for results):
 * an outcome is written at once when no write is under way; outcomes that finish meanwhile wait and
 * go together in the next transaction (up to `maxBatch`), so SQLite's single writer commits once for
 * many tries instead of once per try. Each outcome is still a compare-and-set on its own lease; the
 * worker awaits its own answer (false: the lease was lost and the try not recorded).
 */
export function createOutcomeWriter(db: Db, options: { maxBatch: number }): OutcomeWriter {
  const queue: { outcome: TryOutcome; resolve: (ok: boolean) => void; reject: (error: Error) => void }[] = [];
  let writing: Promise<void> | null = null;

  function flush() {
    if (writing || queue.length === 0) return;
    const batch = queue.splice(0, options.maxBatch);
    writing = (async () => {
      try {
        const answers = await recordTries({ ctx: { db }, outcomes: batch.map((item) => item.outcome) });
        for (const [i, answer] of answers.entries()) batch[i]!.resolve(answer);
      } catch (error) {
        for (const item of batch) item.reject(error as Error);
      }
    })().finally(() => {
      writing = null;
      flush();
    });
  }

  return {
    record(outcome) {
      return new Promise((resolve, reject) => {
        queue.push({ outcome, resolve, reject });
        flush();
      });
    },
    async flushed() {
      while (writing || queue.length > 0) {
        flush();
        await writing;
      }
    },
  };
}

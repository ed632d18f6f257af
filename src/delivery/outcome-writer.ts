import type { Db } from "../db/client.js";
import { createGroupCommit } from "../db/group-commit.js";
import { recordTries, type DeliveryOutcome } from "../domain/alert-notifications/claim.js";

export type OutcomeWriter = { record(outcome: DeliveryOutcome): Promise<boolean>; flushed(): Promise<void> };

/**
 * Group commit for the delivery workers' tries (src/engine/try-writer.ts does the same for results):
 * an outcome is written at once when no write is under way; outcomes that finish meanwhile wait and
 * go together in the next transaction (up to `maxBatch`), so SQLite's single writer commits once for
 * many tries instead of once per try. Each outcome is still a compare-and-set on its own lease; the
 * worker awaits its own answer (false: the lease was lost and the try not recorded).
 */
export function createOutcomeWriter(db: Db, options: { maxBatch: number }): OutcomeWriter {
  const writer = createGroupCommit<DeliveryOutcome, boolean>(
    (outcomes) => recordTries({ ctx: { db }, outcomes }),
    options,
  );
  return { record: (outcome) => writer.write(outcome), flushed: () => writer.flushed() };
}

import type { Prisma } from "../generated/sqlite/client.js";
import type { DbOrTx } from "./client.js";

/** The rows a step's statement returned, as the driver gave them: ids, text and numbers only. */
export type StepRows = Record<string, unknown>[];

/**
 * Writes as a generator of statements, each resumed with its rows. The same steps run in a
 * Prisma transaction (runStepsInTx, awaiting each statement) or at once on SQLite's batch writer
 * (src/db/sqlite-writes.ts), where no await may split the transaction. Steps read back only
 * what their own statements return (RETURNING ids, counts), never dates or JSON, which the two
 * drivers give in different forms.
 */
export type SqlSteps<R> = Generator<Prisma.Sql, R, StepRows>;

/** Runs the steps statement by statement in the caller's transaction. */
export async function runStepsInTx<R>(tx: DbOrTx, steps: SqlSteps<R>): Promise<R> {
  for (let step = steps.next(); ; ) {
    if (step.done) return step.value;
    step = steps.next(await tx.$queryRaw<StepRows>(step.value));
  }
}

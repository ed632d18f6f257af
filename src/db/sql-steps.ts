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

/** The row counts of a writer's fixed shapes, largest first (see `inShapes`). */
const SHAPES = [16, 1];

/**
 * A multi-row statement's rows as statements of 16 rows and of one (the rest) when `fixed`, else
 * as one statement: SQLite's batch writer keeps its statements by SQL text, and a statement of
 * each batch's own size is compiled anew each time (about 0.1 ms each, 0.4 ms for 64 rows). Two
 * shapes: each is still compiled once per process, in the first chunk that needs it. Each
 * statement's rows, in order, are returned together.
 */
export function* inShapes<T>(
  rows: readonly T[],
  fixed: boolean,
  statement: (rows: readonly T[]) => Prisma.Sql,
): SqlSteps<StepRows> {
  if (!fixed) return rows.length > 0 ? yield statement(rows) : [];
  const returned: StepRows = [];
  let at = 0;
  for (const size of SHAPES)
    for (; rows.length - at >= size; at += size) returned.push(...(yield statement(rows.slice(at, at + size))));
  return returned;
}

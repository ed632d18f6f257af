import { DbNull, JsonNull } from "@prisma/client/runtime/client";
import { isPostgres, type DbOrTx } from "../../db/client.js";
import { type CheckResult, Prisma } from "../../generated/sqlite/client.js";

/** A result row as resultData makes it, with its id (JSON columns may hold Prisma's DbNull). */
export type ResultRow = { id: string; createdAt: Date } & Record<string, unknown>;

/** Every column of the model (both providers' clients are generated from the same models). */
const COLUMNS = Object.values(Prisma.CheckResultScalarFieldEnum);
const JSON_COLUMNS = new Set([
  "apiCheckResult",
  "browserCheckResult",
  "multiStepCheckResult",
  "agenticCheckResult",
  "errorGroupIds",
]);
/** The schema's defaults of the columns that have one (prisma/models.prisma). */
const DEFAULTS: Record<string, unknown> = {
  resultType: "FINAL",
  hasFailures: false,
  hasErrors: false,
  isCancelled: false,
  responseTime: 0,
  attempts: 0,
};
const ROWS_PER_STATEMENT = 200;

/**
 * Inserts a batch's results with one multi-row INSERT per 200 and answers them as Prisma would
 * read them back. Not `createManyAndReturn`: Prisma keeps no query plan for createMany (its plan
 * cache skips that action), so each batch went through its WebAssembly query compiler with every
 * row's data serialized into it: 5% of the engine's CPU at 2,000 checks a minute in the compiler
 * alone, and megabytes of short-lived strings per batch. Values are bound as Prisma's raw queries
 * bind them (dates through the driver adapter, as the scheduler's INSERT does); JSON is written as
 * text (cast to jsonb on PostgreSQL). Every column is written, so no database default is read back.
 */
export async function insertResults(tx: DbOrTx, rows: readonly ResultRow[]): Promise<CheckResult[]> {
  const postgres = isPostgres(tx);
  const results = rows.map(answer);
  for (let at = 0; at < results.length; at += ROWS_PER_STATEMENT) {
    const values = results.slice(at, at + ROWS_PER_STATEMENT).map(
      (result) =>
        Prisma.sql`(${Prisma.join(
          COLUMNS.map((column) => {
            const value = result[column];
            if (!JSON_COLUMNS.has(column)) return Prisma.sql`${value}`;
            const text = value === null ? null : JSON.stringify(value);
            return postgres ? Prisma.sql`${text}::jsonb` : Prisma.sql`${text}`;
          }),
        )})`,
    );
    await tx.$executeRaw`INSERT INTO "CheckResult" (${Prisma.raw(COLUMNS.map((c) => `"${c}"`).join(", "))}) VALUES ${Prisma.join(values)}`;
  }
  return results;
}

/** The row as Prisma reads it back: defaults filled in, SQL NULL for DbNull and for a missing value. */
function answer(row: ResultRow): CheckResult {
  const out: Record<string, unknown> = {};
  for (const column of COLUMNS) {
    const value = row[column];
    out[column] =
      value === undefined ? (DEFAULTS[column] ?? null) : value === DbNull || value === JsonNull ? null : value;
  }
  return out as CheckResult;
}

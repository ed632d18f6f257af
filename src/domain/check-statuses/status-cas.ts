import { Prisma } from "../../generated/sqlite/client.js";
import type { CheckStatusRow } from "./rows.js";

/** The CheckStatus columns a decision may move, with their PostgreSQL types (VALUES are untyped there). */
const COLUMNS = [
  ["condition", "TEXT"],
  ["since", "TIMESTAMP(3)"],
  ["runs", "INTEGER"],
  ["alerted", "TEXT"],
  ["failureAlerted", "BOOLEAN"],
  ["episodeSilenced", "BOOLEAN"],
  ["beganInWindow", "BOOLEAN"],
  ["remindersSent", "INTEGER"],
  ["nextReminderAt", "TIMESTAMP(3)"],
  ["dueAt", "TIMESTAMP(3)"],
  ["hasFailures", "BOOLEAN"],
  ["hasErrors", "BOOLEAN"],
  ["isDegraded", "BOOLEAN"],
  ["longestRun", "INTEGER"],
  ["shortestRun", "INTEGER"],
  ["lastRunLocation", "TEXT"],
  ["lastCheckRunId", "INTEGER"],
  ["lastResultId", "TEXT"],
  ["lastRunAt", "TIMESTAMP(3)"],
  ["incidentId", "TEXT"],
  ["recentChanges", "JSONB"],
  ["flapping", "BOOLEAN"],
  ["version", "INTEGER"],
  ["updatedAt", "TIMESTAMP(3)"],
] as const;
const NAMES = COLUMNS.map(([column]) => `"${column}"`).join(", ");
const SETS = COLUMNS.map(([column]) => `"${column}" = v."${column}"`).join(", ");

const typed = (v: unknown, type: string, pg: boolean) => {
  const bound = type === "JSONB" && v !== null ? JSON.stringify(v) : v;
  // A bare value is a parameter: no fragment of its own on SQLite.
  return pg ? Prisma.sql`CAST(${bound} AS ${Prisma.raw(type)})` : bound;
};
/** Every column a decision may move, as it is `after` it. */
const valuesOf = (after: CheckStatusRow, pg: boolean) =>
  COLUMNS.map(([column, type]) => typed((after as unknown as Record<string, unknown>)[column] ?? null, type, pg));

/**
 * A status's row of a compare-and-set of many (casSql): its checkId, the version it was read at and
 * every column a decision may move, as they are `after` it. Writing the unmoved columns with the
 * values read changes nothing (the version guarantees the row is the one read), and keeps one
 * statement shape whatever moved.
 */
export function casRow(read: CheckStatusRow, after: CheckStatusRow, pg: boolean): Prisma.Sql {
  return Prisma.sql`(${read.checkId}, ${typed(read.version, "INTEGER", pg)}, ${Prisma.join(valuesOf(after, pg))})`;
}

/** The compare-and-set of casRow's rows: each status moves only from the version it was read at. */
export const casSql = (rows: readonly Prisma.Sql[]) => Prisma.sql`
    WITH v ("checkId", "read", ${Prisma.raw(NAMES)}) AS (VALUES ${Prisma.join([...rows])})
    UPDATE "CheckStatus" SET ${Prisma.raw(SETS)} FROM v
    WHERE "CheckStatus"."checkId" = v."checkId" AND "CheckStatus"."version" = v."read"
    RETURNING "CheckStatus"."checkId"`;

/**
 * The compare-and-set of one status, as casSql's of one row but without its VALUES: one statement
 * shape whatever moved (SQLite's statement cache keeps it), through Prisma's raw path, which skips
 * the query compiler that an updateMany goes through.
 */
export function casOneSql(read: CheckStatusRow, after: CheckStatusRow, pg: boolean): Prisma.Sql {
  const sets = valuesOf(after, pg).map((value, i) => Prisma.sql`${Prisma.raw(`"${COLUMNS[i]![0]}"`)} = ${value}`);
  return Prisma.sql`UPDATE "CheckStatus" SET ${Prisma.join(sets)} WHERE "checkId" = ${read.checkId} AND "version" = ${read.version} RETURNING "checkId"`;
}

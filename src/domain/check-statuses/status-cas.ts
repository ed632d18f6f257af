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

/**
 * A status's row of a compare-and-set (casSql): its checkId, the version it was read at and every
 * column a decision may move, as they are `after` it. Writing the unmoved columns with the values
 * read changes nothing (the version guarantees the row is the one read), and keeps one statement
 * shape whatever moved: SQLite's statement cache keeps it, and Prisma's raw path skips the query
 * compiler that an updateMany goes through.
 */
export function casRow(read: CheckStatusRow, after: CheckStatusRow, pg: boolean): Prisma.Sql {
  const value = (v: unknown, type: string) => {
    const bound = type === "JSONB" && v !== null ? JSON.stringify(v) : v;
    // A bare value is a parameter of the row: no fragment of its own on SQLite.
    return pg ? Prisma.sql`CAST(${bound} AS ${Prisma.raw(type)})` : bound;
  };
  const moved = after as unknown as Record<string, unknown>;
  const values = COLUMNS.map(([column, type]) => value(moved[column] ?? null, type));
  return Prisma.sql`(${read.checkId}, ${value(read.version, "INTEGER")}, ${Prisma.join(values)})`;
}

/** The compare-and-set of casRow's rows: each status moves only from the version it was read at. */
export const casSql = (rows: readonly Prisma.Sql[]) => Prisma.sql`
    WITH v ("checkId", "read", ${Prisma.raw(NAMES)}) AS (VALUES ${Prisma.join([...rows])})
    UPDATE "CheckStatus" SET ${Prisma.raw(SETS)} FROM v
    WHERE "CheckStatus"."checkId" = v."checkId" AND "CheckStatus"."version" = v."read"
    RETURNING "CheckStatus"."checkId"`;

import Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
import { BoundedMemo } from "../bounded-memo.js";
import type { Prisma } from "../generated/sqlite/client.js";

/** A read statement's rows, decoded as Prisma's `$queryRaw` decodes them (dates, booleans, JSON). */
export type RawRead = <T>(sql: Prisma.Sql) => Promise<T[]>;

/**
 * A read statement's rows for an answer written as JSON text: dates as ISO 8601 UTC text
 * (`2026-11-27T13:46:35.123Z`), JSON columns as the JSON text they were stored as (not parsed),
 * booleans decoded. A page of check results is written without making its 300 dates and 600
 * JSON values only to serialize them again.
 */
export type JsonRead = <T>(sql: Prisma.Sql) => Promise<T[]>;

/**
 * Its page cache (KiB): the hot lists' index and row pages, below the app connection's. At 16 MB
 * it filled with the whole check table, which the scheduler's stamps read scans every tick
 * (src/domain/runs/plan-rows.ts); a page not kept is copied back from the OS's file cache, a
 * few milliseconds a tick at 10,000 checks.
 */
export const SQLITE_READS_CACHE_KIB = 4_096;

type Decode = (value: unknown) => unknown;
type Build = (values: unknown[]) => Record<string, unknown>;
type Prepared = { statement: Database.Statement; build: Build; buildJson?: Build };

/**
 * The hottest reads on SQLite (check-result pages) through a read-only connection of their own
 * with prepared statements kept by SQL text: Prisma's `$queryRaw` prepares each statement anew
 * and decodes each value through its engine, about twice the CPU of the whole statement here
 * (bench/check-results.ts). A connection of its own, not the app's: that one may be inside an
 * interactive transaction, whose uncommitted rows must not be read. In WAL mode each statement
 * reads the last committed state, as a Prisma read outside a transaction does. `onQuery` is told
 * each statement, as Prisma's query event is (tests count them).
 */
export function openSqliteReads(file: string, onQuery?: (sql: string) => void) {
  const connection = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  connection.pragma(`cache_size = -${SQLITE_READS_CACHE_KIB}`);
  const prepared = new LRUCache<string, Prepared>({ max: 200 });
  const prepare = (sql: string): Prepared => {
    let entry = prepared.get(sql);
    if (!entry) {
      // Rows as arrays: better-sqlite3 builds row objects in C++ at twice the cost of `rowBuilder`'s.
      const statement = connection.prepare(sql).raw(true);
      entry = { statement, build: rowBuilder(statement.columns()) };
      prepared.set(sql, entry);
    }
    return entry;
  };
  const read: RawRead = async <T>(sql: Prisma.Sql) => {
    onQuery?.(sql.sql);
    const { statement, build } = prepare(sql.sql);
    return (statement.all(...sql.values.map(bindable)) as unknown[][]).map(build) as T[];
  };
  const readJson: JsonRead = async <T>(sql: Prisma.Sql) => {
    onQuery?.(sql.sql);
    const entry = prepare(sql.sql);
    entry.buildJson ??= rowBuilder(entry.statement.columns(), jsonDecoderOf);
    return (entry.statement.all(...sql.values.map(bindable)) as unknown[][]).map(entry.buildJson) as T[];
  };
  return { read, readJson, close: () => connection.close() };
}

/**
 * A function that makes a statement's row object from its array of values, decoded, written as
 * one object literal: a third of the CPU of setting the properties one by one in a loop (every
 * row gets the same hidden class at once). Column names are quoted by JSON.stringify.
 */
function rowBuilder(columns: Database.ColumnDefinition[], decoderBy = decoderOf): Build {
  const decoders = columns.map((column) => decoderBy(column.type));
  const fields = columns.map(({ name }, i) =>
    decoders[i]
      ? `${JSON.stringify(name)}: v[${i}] === null ? null : d[${i}](v[${i}])`
      : `${JSON.stringify(name)}: v[${i}]`,
  );
  const build = new Function("d", "v", `return { ${fields.join(", ")} };`);
  return (values) => build(decoders, values);
}

/** A value bound as Prisma's better-sqlite3 adapter binds it (dates in its ISO format, booleans 0/1). */
function bindable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** By declared column type, as Prisma maps them; null: the value is used as read. */
function decoderOf(declared: string | null): Decode | null {
  switch (declared?.toUpperCase()) {
    case "DATETIME":
    case "TIMESTAMP":
      return sqliteDate;
    case "BOOLEAN":
      return (value) => (typeof value === "number" || typeof value === "bigint" ? Number(value) !== 0 : value);
    case "JSONB":
      return (value) => (typeof value === "string" ? JSON.parse(value) : value);
    default:
      return null;
  }
}

/** By declared column type, for JsonRead's rows. */
function jsonDecoderOf(declared: string | null): Decode | null {
  switch (declared?.toUpperCase()) {
    case "DATETIME":
    case "TIMESTAMP":
      return isoText;
    case "JSONB":
      // Stored by Prisma or by our inserts as JSON.stringify wrote it; a value that is not text
      // (a number SQLite typed on its own) is written as JSON here.
      return (value) => (typeof value === "string" ? value : JSON.stringify(value));
    default:
      return decoderOf(declared);
  }
}

/**
 * A stored date as ISO 8601 UTC text. The form Prisma writes only changes its zone's spelling
 * (`+00:00` for `Z`); any other goes through the Date it is read as.
 */
export function isoText(value: unknown): string {
  if (typeof value === "string" && prismaForm.test(value)) return `${value.slice(0, 23)}Z`;
  return sqliteDate(value).toISOString();
}

const zoned = /(Z|[+-]\d\d(:?\d\d)?)$/i;
const prismaForm = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;
const digits = (text: string, at: number) => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;

/**
 * Prisma's reading of a stored date: epoch ms, or ISO text (a space for `T`, UTC when no zone is
 * written). The form Prisma writes (`2026-11-27T13:46:35.123+00:00`) is read field by field:
 * half the cost of `new Date(text)`, and a page holds 300 of them.
 */
export function sqliteDate(value: unknown): Date {
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  const text = String(value);
  // The same dates are read again and again (a nested status-page answer's 2,400, every time).
  const ms = instants.get(text);
  if (ms !== undefined) return new Date(ms);
  const date = parseSqliteDate(text);
  instants.set(text, date.getTime());
  return date;
}

/** The instants of the date texts read last. */
const instants = new BoundedMemo<string, number>(10_000);

function parseSqliteDate(text: string): Date {
  if (prismaForm.test(text)) {
    const year = digits(text, 0) * 100 + digits(text, 2);
    const month = digits(text, 5) - 1;
    const day = digits(text, 8);
    const [hours, minutes, seconds] = [digits(text, 11), digits(text, 14), digits(text, 17)];
    const ms = (text.charCodeAt(20) - 48) * 100 + digits(text, 21);
    const date = new Date(Date.UTC(year, month, day, hours, minutes, seconds, ms));
    // Date.UTC reads years 0 to 99 as 1900 to 1999 and rolls over a 31st of February or a 25th
    // hour, where the parser refuses them: those go the slow way.
    if (
      year >= 100 &&
      date.getUTCDate() === day &&
      date.getUTCMonth() === month &&
      hours < 24 &&
      minutes < 60 &&
      seconds < 60
    )
      return date;
  }
  const iso = text.length === 10 ? `${text}T00:00:00Z` : text.replace(" ", "T");
  return new Date(zoned.test(iso) ? iso : `${iso}Z`);
}

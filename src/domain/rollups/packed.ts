import { Prisma } from "../../generated/sqlite/client.js";
import type { RollupRow } from "./aggregate.js";

/**
 * A check's rollup rows packed into one text by the database: "span runs failed degraded errors
 * responseTimeSum min max sketch" lines joined by ";" (a sketch holds digits, "z", ":", "-", "!"
 * and spaces, so it goes last; a subtracted hour has no extremes: empty fields). A 90-day
 * local-day report of 1,000 checks is then 1,000 rows of two values instead of 34,000 of ten:
 * the driver's and Prisma's work per value and the garbage of those rows cost more than parsing
 * the text (bench:reporting-read). An aggregate over one check's rows (aggregateRollups).
 */
export function packedRows(postgres: boolean): Prisma.Sql {
  const { format, join } = dialect(postgres);
  // One formatting call a row instead of nine casts joined by || (the 90-day local-day read of
  // 1,000 checks: 46 ms instead of 53 in SQLite); both write a number as its cast to text does,
  // and NULL as an empty text.
  const line = Prisma.raw(
    `${format}('%s %s %s %s %s %s %s %s %s', "span", "runs", "failed", "degraded", "errors", "responseTimeSum", "responseTimeMin", "responseTimeMax", "sketch")`,
  );
  return Prisma.sql`${Prisma.raw(join)}(${line}, ';')`;
}

/** The formatting function and the text aggregate of each database (same arguments, same text). */
const dialect = (postgres: boolean) =>
  postgres ? { format: "format", join: "string_agg" } : { format: "printf", join: "group_concat" };

/**
 * The rows of one span summed by the database into one packed line (span 0): counts and sums added
 * (a subtracted hour's are negative), extremes by MIN and MAX (a subtracted hour has none: NULL),
 * and the sketches joined by spaces (still one valid encoding; empty ones left out). A window
 * report of 1,000 checks over 90 days then sends a line per check instead of 92, and the client
 * parses the counts once. NULL when the check has no row.
 */
export function packedSum(postgres: boolean): Prisma.Sql {
  const { format, join } = dialect(postgres);
  const line = Prisma.raw(
    `${format}('0 %s %s %s %s %s %s %s ', SUM("runs"), SUM("failed"), SUM("degraded"), SUM("errors"), SUM("responseTimeSum"), MIN("responseTimeMin"), MAX("responseTimeMax"))`,
  );
  const sketches = Prisma.raw(`${join}(CASE WHEN "sketch" <> '' AND "sketch" <> '!' THEN "sketch" END, ' ')`);
  return Prisma.sql`CASE WHEN COUNT(*) > 0 THEN ${line} || COALESCE(${sketches}, '') END`;
}

/** The number in text[start, end): integers (and SQLite's "12.0") by hand, anything else by Number. */
function numberAt(text: string, start: number, end: number): number {
  let i = start;
  const negative = text.charCodeAt(i) === 45; /* - */
  if (negative) i++;
  let value = 0;
  let c = text.charCodeAt(i);
  for (; i < end && c >= 48 && c <= 57; c = text.charCodeAt(++i)) value = value * 10 + (c - 48);
  if (i < end && c === 46 /* . */) for (c = text.charCodeAt(++i); i < end && c === 48; c = text.charCodeAt(++i));
  // Past 2^53 a digit-by-digit sum may round differently from Number's parse.
  if (i < end || value > Number.MAX_SAFE_INTEGER) return Number(text.slice(start, end));
  return negative ? -value : value;
}

/** Calls `onRow` with each line of a packed text and its span (one row object, reused: keep only its sketch). */
export function unpack(text: string, onRow: (span: number, row: RollupRow) => void): void {
  const row: RollupRow = {
    checkId: "",
    runs: 0,
    failed: 0,
    degraded: 0,
    errors: 0,
    responseTimeSum: 0,
    responseTimeMin: 0,
    responseTimeMax: 0,
    sketch: "",
  };
  const fields = new Array<number>(8);
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf(";", start);
    if (end < 0) end = text.length;
    let at = start;
    for (let f = 0; f < 8; f++) {
      const space = text.indexOf(" ", at);
      // Only the extremes are ever empty (a subtracted hour's): neither lowers nor raises them.
      fields[f] = space > at ? numberAt(text, at, space) : f === 6 ? Number.POSITIVE_INFINITY : 0;
      at = space + 1;
    }
    row.runs = fields[1]!;
    row.failed = fields[2]!;
    row.degraded = fields[3]!;
    row.errors = fields[4]!;
    row.responseTimeSum = fields[5]!;
    row.responseTimeMin = fields[6]!;
    row.responseTimeMax = fields[7]!;
    row.sketch = text.slice(at, end);
    onRow(fields[0]!, row);
    start = end + 1;
  }
}

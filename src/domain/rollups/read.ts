import { type DbOrTx, isPostgres } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { Aggregate } from "./aggregate.js";
import { packedRows, unpack } from "./packed.js";
import { type Minus, plan, planWithDays, type Range, type Span, spanOf } from "./plan.js";

/** Above this many checks a rollup read goes through the account's index (see aggregateRollups). */
const MANY_CHECKS = 50;

/**
 * Aggregates of an account's checks over spans, from rollups alone (never raw results): for each
 * check with runs, one Aggregate per span (undefined where it had none). `checkIds` null: every
 * check of the account. One statement, summing in the database.
 * `extremes: false` (a caller that shows no minimum or maximum, like reporting) lets spans not
 * aligned on UTC days (a local day in Berlin) be read as whole days plus and minus a few hours
 * (planWithDays): their minimum and maximum are then those of the whole days.
 */
export async function aggregateRollups({
  db,
  accountId,
  checkIds,
  spans,
  extremes = true,
}: {
  db: DbOrTx;
  accountId: string;
  checkIds: readonly string[] | null;
  spans: readonly Span[];
  extremes?: boolean;
}): Promise<Map<string, (Aggregate | undefined)[]>> {
  const out = new Map<string, (Aggregate | undefined)[]>();
  if (spans.length === 0 || checkIds?.length === 0) return out;
  const planned = extremes ? { ...plan(spans), dayStarts: null, minus: [] as Minus[] } : planWithDays(spans);
  const { bounds, ranges, minus, dayStarts } = planned;
  if (ranges.length === 0) return out;
  // Each range a term of its own that an index's prefix answers (SQLite reads an OR of such terms
  // as one index range per term; with the key outside the OR it scanned every row of the account):
  // the primary key (checkId, hours, startHour) for given checks, (accountId, hours, startHour) for
  // all. For given checks SQLite must not take the account's index, which reaches every check's
  // rows of the range (90 days at 1,000 checks: 90,000 rows for one check's series): its unary +
  // leaves "accountId" a filter only. PostgreSQL's planner chooses from its statistics. Many checks
  // (a tag's hundreds) share the account's ranges: their list once, the account's index.
  const postgres = isPostgres(db);
  const range = (r: Range) => Prisma.sql`"hours" = ${r.hours} AND "startHour" >= ${r.from} AND "startHour" < ${r.to}`;
  const where = (of: Range[]) =>
    !checkIds
      ? Prisma.join(
          of.map((r) => Prisma.sql`("accountId" = ${accountId} AND ${range(r)})`),
          " OR ",
        )
      : checkIds.length > MANY_CHECKS
        ? Prisma.sql`"checkId" IN (${Prisma.join(checkIds)}) AND (${Prisma.join(
            of.map((r) => Prisma.sql`("accountId" = ${accountId} AND ${range(r)})`),
            " OR ",
          )})`
        : Prisma.sql`${postgres ? Prisma.sql`"accountId"` : Prisma.sql`+"accountId"`} = ${accountId} AND (${Prisma.join(
            of.map((r) => Prisma.sql`("checkId" IN (${Prisma.join(checkIds)}) AND ${range(r)})`),
            " OR ",
          )})`;
  // The span of a row: the last span starting at or before its hour (rows past a span's end are
  // not selected); a daily row's by the spans' rounded starts.
  const identity = bounds.map((_, i) => i);
  const hourly =
    bounds.length === 1
      ? Prisma.sql`0`
      : spanOf(
          bounds.map((b) => b.s),
          identity,
        );
  const span =
    dayStarts && bounds.length > 1
      ? Prisma.sql`CASE WHEN "hours" = 24 THEN ${spanOf(dayStarts, identity)} ELSE ${hourly} END`
      : hourly;
  const columns = Prisma.sql`"runs", "failed", "degraded", "errors", "responseTimeSum", "responseTimeMin", "responseTimeMax", "sketch"`;
  // The hours subtracted: negative counts and sums, no extremes, a sketch marked "!" (mergeEncoded
  // subtracts its counts).
  const subtracted = minus.length
    ? Prisma.sql` UNION ALL SELECT "checkId", ${spanOf(
        minus.map((m) => m.from),
        minus.map((m) => m.span),
      )} AS "span", -"runs", -"failed", -"degraded", -"errors", -"responseTimeSum", NULL, NULL, '!' || "sketch"
        FROM "CheckRollup" WHERE ${where(minus.map((m) => ({ hours: 1, from: m.from, to: m.to })))}`
    : Prisma.empty;
  // One row per check, its rollup rows packed into one text (packedRows), summed here: the client
  // receives a few rows, not one per hour or day (the decoding of tens of thousands of rows costs
  // more than the sums).
  const rows = await db.$queryRaw<{ checkId: string; packed: string }[]>`
    SELECT "checkId", ${packedRows(postgres)} AS "packed"
    FROM (SELECT "checkId", ${span} AS "span", ${columns} FROM "CheckRollup" WHERE ${where(ranges)}${subtracted}) AS "rows"
    GROUP BY "checkId"`;
  for (const { checkId, packed } of rows) {
    const sums: Aggregate[] = [];
    unpack(packed, (index, row) => {
      if (index < 0) return;
      sums[index] ??= new Aggregate();
      sums[index].add(row);
    });
    // A span whose hours were all subtracted again had no runs.
    sums.forEach((a, i) => {
      if (a.runs <= 0) return;
      let aggregates = out.get(checkId);
      if (!aggregates) {
        aggregates = new Array(spans.length);
        out.set(checkId, aggregates);
      }
      aggregates[i] = a;
    });
  }
  return out;
}

import { type DbOrTx, isPostgres } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { Aggregate } from "./aggregate.js";
import { packedRows, packedSum, unpack } from "./packed.js";
import { type Minus, plan, planWithDays, type Range, type Span, spanOf, spansOfShared } from "./plan.js";

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
  if (spans.length === 0 || checkIds?.length === 0) return new Map();
  const planned = extremes ? { ...plan(spans), dayStarts: null, minus: [] as Minus[] } : planWithDays(spans);
  if (planned.ranges.length === 0) return new Map();
  const rows = await db.$queryRaw<PackedRow[]>(rollupSql(planned, accountId, checkIds, isPostgres(db)));
  return summed(rows, spans.length);
}

type PackedRow = { checkId: string; packed: string | null };
type Planned = Omit<ReturnType<typeof planWithDays>, "dayStarts"> & { dayStarts: number[] | null };

/** The statement: one row per check of the account (of `checkIds`), its rollup rows in the spans packed into one text. */
function rollupSql(planned: Planned, accountId: string, checkIds: readonly string[] | null, postgres: boolean) {
  const { bounds, ranges, minus, dayStarts, hourLabels } = planned;
  // The rows of a check: one term per range, each a search of the primary key (checkId, hours,
  // startHour, location) for the check of the outer row. The account's checks are the outer loop
  // and each reads its own rows in a correlated subquery: on SQLite CheckRollup is clustered by that
  // key (WITHOUT ROWID), so a check's 90 daily rows lie on a page or two, where an index by
  // account (accountId, hours, startHour; dropped since) reached each row on a page of its own (a
  // 90-day report of 1,000 checks read 90,000 pages), and rows arrive grouped by check (no sort for
  // a GROUP BY).
  const where = (of: Range[]) =>
    Prisma.join(
      of.map(
        (r) =>
          Prisma.sql`("checkId" = c."id" AND "hours" = ${r.hours} AND "startHour" >= ${r.from} AND "startHour" < ${r.to})`,
      ),
      " OR ",
    );
  const checks = checkIds
    ? Prisma.sql`c."accountId" = ${accountId} AND c."id" IN (${Prisma.join(checkIds)})`
    : Prisma.sql`c."accountId" = ${accountId}`;
  // The span of a row: the last span starting at or before its hour (rows past a span's end are
  // not selected), or for an hour two neighbouring local days share, a label of both (sharedLabel);
  // a daily row's by the spans' rounded starts.
  const identity = bounds.map((_, i) => i);
  const hourly = bounds.length === 1 ? Prisma.sql`0` : spanOf(hourLabels.starts, hourLabels.labels);
  const span =
    dayStarts && bounds.length > 1
      ? Prisma.sql`CASE WHEN "hours" = 24 THEN ${spanOf(dayStarts, identity)} ELSE ${hourly} END`
      : hourly;
  const columns = Prisma.sql`"runs", "failed", "degraded", "errors", "responseTimeSum", "responseTimeMin", "responseTimeMax", "sketch"`;
  // The hours subtracted: negative counts and sums, no extremes, a sketch marked "!" (mergeEncoded
  // subtracts its counts).
  const subtracted = minus.length
    ? Prisma.sql` UNION ALL SELECT ${spanOf(
        minus.map((m) => m.from),
        minus.map((m) => m.span),
      )} AS "span", -"runs", -"failed", -"degraded", -"errors", -"responseTimeSum", NULL, NULL, '!' || "sketch"
        FROM "CheckRollup" WHERE ${where(minus.map((m) => ({ hours: 1, from: m.from, to: m.to })))}`
    : Prisma.empty;
  // A few ranges (a window: the hours before its first day, its days, the hours after) are read by
  // a select each, joined by UNION ALL; many (local days: an hour at each end of every day) by one
  // select of OR terms. Measured on SQLite, 1,000 checks over 90 days: a window's three selects
  // about 60-100 ms against 100-110 ms for its OR; 90 local days' 180 ranges 0.9 s as one OR, 7.5 s
  // as a UNION ALL of selects.
  const selects = ranges.length <= 4 ? ranges.map((r) => [r]) : [ranges];
  // One row per check, its rollup rows packed into one text (packedRows), summed here: the client
  // receives a few rows, not one per hour or day (the decoding of tens of thousands of rows costs
  // more than the sums); one span's rows are summed by the database (packedSum). A check without
  // rows in the spans gets NULL.
  return Prisma.sql`
    SELECT c."id" AS "checkId", (
      SELECT ${bounds.length === 1 ? packedSum(postgres) : packedRows(postgres)}
      FROM (${Prisma.join(
        selects.map((of) => Prisma.sql`SELECT ${span} AS "span", ${columns} FROM "CheckRollup" WHERE ${where(of)}`),
        " UNION ALL ",
      )}${subtracted}) AS "rows"
    ) AS "packed"
    FROM "Check" AS c WHERE ${checks}`;
}

/** Each check's Aggregates by span, summed from its packed rows (a span without runs stays undefined). */
function summed(rows: readonly PackedRow[], spanCount: number) {
  const out = new Map<string, (Aggregate | undefined)[]>();
  for (const { checkId, packed } of rows) {
    if (packed === null) continue;
    const sums: Aggregate[] = [];
    const sum = (index: number) => {
      sums[index] ??= new Aggregate();
      return sums[index];
    };
    unpack(packed, (index, row) => {
      if (index >= 0) sum(index).add(row);
      else if (index < -1) {
        // An hour added to one local day and subtracted from its neighbour.
        const { add, subtract } = spansOfShared(index);
        sum(add).add(row);
        sum(subtract).subtract(row);
      }
    });
    // A span whose hours were all subtracted again had no runs.
    sums.forEach((a, i) => {
      if (a.runs <= 0) return;
      let aggregates = out.get(checkId);
      if (!aggregates) {
        aggregates = new Array(spanCount);
        out.set(checkId, aggregates);
      }
      aggregates[i] = a;
    });
  }
  return out;
}

import { type DbOrTx, isPostgres } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { Aggregate, type RollupRow } from "./aggregate.js";
import { HOUR_MS } from "./fold.js";

export type Span = { from: number; to: number };
/** Above this many checks a rollup read goes through the account's index (see aggregateRollups). */
const MANY_CHECKS = 50;
type Range = { hours: 1 | 24; from: number; to: number };

/**
 * The hour ranges of sorted, non-overlapping spans (ms), each covered by the fewest rows: the UTC
 * days wholly inside a span from daily rollups, the hours left at its ends from hourly ones. The
 * resolution is the hour: a span's partial first and last hours count whole (a boundary between
 * two spans goes to the later one).
 */
export function plan(spans: readonly Span[]): { bounds: { s: number; e: number }[]; ranges: Range[] } {
  const bounds = spans.map((span) => ({ s: Math.floor(span.from / HOUR_MS), e: Math.ceil(span.to / HOUR_MS) }));
  for (let i = 0; i + 1 < bounds.length; i++) bounds[i]!.e = Math.min(bounds[i]!.e, bounds[i + 1]!.s);
  const ranges: Range[] = [];
  const push = (hours: 1 | 24, from: number, to: number) => {
    if (from >= to) return;
    const last = ranges.findLast((r) => r.hours === hours);
    if (last && last.to === from) last.to = to;
    else ranges.push({ hours, from, to });
  };
  for (const { s, e } of bounds) {
    const firstDay = Math.ceil(s / 24) * 24;
    const lastDay = Math.floor(e / 24) * 24;
    if (firstDay < lastDay) {
      push(1, s, firstDay);
      push(24, firstDay, lastDay);
      push(1, lastDay, e);
    } else push(1, s, e);
  }
  return { bounds, ranges };
}

/**
 * The index of the last span in bounds[lo..hi) starting at or before a row's hour, lo - 1 when none
 * does: nested CASEs halving the range (a 90-day series tests 7 bounds a row, not 90), literal
 * indexes (integers of our own).
 */
function spanOf(bounds: readonly { s: number }[], lo: number, hi: number): Prisma.Sql {
  if (hi - lo <= 4) {
    const whens = [];
    for (let i = hi - 1; i >= lo; i--)
      whens.push(Prisma.sql`WHEN "startHour" >= ${bounds[i]!.s} THEN ${Prisma.raw(String(i))}`);
    return Prisma.sql`CASE ${Prisma.join(whens, " ")} ELSE ${Prisma.raw(String(lo - 1))} END`;
  }
  const mid = (lo + hi) >> 1;
  return Prisma.sql`CASE WHEN "startHour" >= ${bounds[mid]!.s} THEN ${spanOf(bounds, mid, hi)} ELSE ${spanOf(bounds, lo, mid)} END`;
}

/**
 * Aggregates of an account's checks over spans, from rollups alone (never raw results): for each
 * check with runs, one Aggregate per span (undefined where it had none). `checkIds` null: every
 * check of the account. One statement, summing in the database.
 */
export async function aggregateRollups({
  db,
  accountId,
  checkIds,
  spans,
}: {
  db: DbOrTx;
  accountId: string;
  checkIds: readonly string[] | null;
  spans: readonly Span[];
}): Promise<Map<string, (Aggregate | undefined)[]>> {
  const out = new Map<string, (Aggregate | undefined)[]>();
  if (spans.length === 0 || checkIds?.length === 0) return out;
  const { bounds, ranges } = plan(spans);
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
  const where = !checkIds
    ? Prisma.join(
        ranges.map((r) => Prisma.sql`("accountId" = ${accountId} AND ${range(r)})`),
        " OR ",
      )
    : checkIds.length > MANY_CHECKS
      ? Prisma.sql`"checkId" IN (${Prisma.join(checkIds)}) AND (${Prisma.join(
          ranges.map((r) => Prisma.sql`("accountId" = ${accountId} AND ${range(r)})`),
          " OR ",
        )})`
      : Prisma.sql`${postgres ? Prisma.sql`"accountId"` : Prisma.sql`+"accountId"`} = ${accountId} AND (${Prisma.join(
          ranges.map((r) => Prisma.sql`("checkId" IN (${Prisma.join(checkIds)}) AND ${range(r)})`),
          " OR ",
        )})`;
  // The span of a row: the last span starting at or before its hour (rows past a span's end are not selected).
  const span = bounds.length === 1 ? Prisma.sql`0` : spanOf(bounds, 0, bounds.length);
  // Summed in the database, one row per check and span: the client receives a few rows, not one per
  // hour or day (the decoding of tens of thousands of rows costs more than the sums). The sketches
  // are concatenated: "z:.. k:c .." strings joined by spaces are still one valid encoding.
  const joined = postgres ? Prisma.sql`string_agg("sketch", ' ')` : Prisma.sql`group_concat("sketch", ' ')`;
  const rows = await db.$queryRaw<(RollupRow & { span: number | bigint })[]>`
    SELECT "checkId", ${span} AS "span", SUM("runs") AS "runs", SUM("failed") AS "failed",
           SUM("degraded") AS "degraded", SUM("errors") AS "errors", SUM("responseTimeSum") AS "responseTimeSum",
           MIN("responseTimeMin") AS "responseTimeMin", MAX("responseTimeMax") AS "responseTimeMax", ${joined} AS "sketch"
    FROM "CheckRollup" WHERE ${where}
    GROUP BY "checkId", "span"`;
  for (const row of rows) {
    const index = Number(row.span);
    if (index < 0) continue;
    let aggregates = out.get(row.checkId);
    if (!aggregates) {
      aggregates = new Array(spans.length);
      out.set(row.checkId, aggregates);
    }
    aggregates[index] ??= new Aggregate();
    aggregates[index].add(row);
  }
  return out;
}

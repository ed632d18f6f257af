import type { DbOrTx } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { Aggregate, type RollupRow } from "./aggregate.js";
import { HOUR_MS } from "./fold.js";

export type Span = { from: number; to: number };
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
 * Aggregates of an account's checks over spans, from rollups alone (never raw results): for each
 * check with runs, one Aggregate per span (undefined where it had none). `checkIds` null: every
 * check of the account. One statement.
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
  const which = ranges.map(
    (r) => Prisma.sql`("hours" = ${r.hours} AND "startHour" >= ${r.from} AND "startHour" < ${r.to})`,
  );
  const checks = checkIds ? Prisma.sql`AND "checkId" IN (${Prisma.join(checkIds)})` : Prisma.empty;
  const rows = await db.$queryRaw<RollupRow[]>`
    SELECT "checkId", "hours", "startHour", "runs", "failed", "degraded", "errors", "responseTimeSum",
           "responseTimeMin", "responseTimeMax", "sketch"
    FROM "CheckRollup" WHERE "accountId" = ${accountId} ${checks} AND (${Prisma.join(which, " OR ")})`;
  const starts = bounds.map((b) => b.s);
  for (const row of rows) {
    const hour = Number(row.startHour);
    const index = spanOf(starts, hour);
    if (index < 0 || hour >= bounds[index]!.e) continue;
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

/** The last index whose start is <= hour (binary search), -1 if none. */
function spanOf(starts: readonly number[], hour: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= hour) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

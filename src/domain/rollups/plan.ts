import { Prisma } from "../../generated/sqlite/client.js";
import { HOUR_MS } from "./fold.js";

export type Span = { from: number; to: number };
export type Range = { hours: 1 | 24; from: number; to: number };
/** A span's bounds in hours. */
export type Bound = { s: number; e: number };

/** The hour bounds of sorted, non-overlapping spans: partial hours count whole, a shared hour goes to the later span. */
function boundsOf(spans: readonly Span[]): Bound[] {
  const bounds = spans.map((span) => ({ s: Math.floor(span.from / HOUR_MS), e: Math.ceil(span.to / HOUR_MS) }));
  for (let i = 0; i + 1 < bounds.length; i++) bounds[i]!.e = Math.min(bounds[i]!.e, bounds[i + 1]!.s);
  return bounds;
}

/** Appends a range, merged into the last one of the same kind when they touch. */
function pusher(ranges: Range[]) {
  return (hours: 1 | 24, from: number, to: number) => {
    if (from >= to) return;
    const last = ranges.findLast((r) => r.hours === hours);
    if (last && last.to === from) last.to = to;
    else ranges.push({ hours, from, to });
  };
}

/**
 * The hour ranges of sorted, non-overlapping spans (ms), each covered by the fewest rows: the UTC
 * days wholly inside a span from daily rollups, the hours left at its ends from hourly ones. The
 * resolution is the hour: a span's partial first and last hours count whole (a boundary between
 * two spans goes to the later one).
 */
export function plan(spans: readonly Span[]): { bounds: Bound[]; ranges: Range[]; hourLabels: HourLabels } {
  const bounds = boundsOf(spans);
  const ranges: Range[] = [];
  const push = pusher(ranges);
  for (const { s, e } of bounds) {
    const firstDay = Math.ceil(s / 24) * 24;
    const lastDay = Math.floor(e / 24) * 24;
    if (firstDay < lastDay) {
      push(1, s, firstDay);
      push(24, firstDay, lastDay);
      push(1, lastDay, e);
    } else push(1, s, e);
  }
  // Each hourly row goes to the span it falls in.
  return { bounds, ranges, hourLabels: { starts: bounds.map((b) => b.s), labels: bounds.map((_, k) => k) } };
}

/** An hour range counted negatively, for the span `span`. */
export type Minus = { from: number; to: number; span: number };

/**
 * Like `plan`, but each span's ends are rounded to the nearest UTC midnight, and the hours that
 * rounding added are subtracted again (`minus`): a local day of a zone a whole number of hours
 * from UTC (Berlin's 23:00 to 23:00 UTC) is one daily row, plus the hour before it, minus its last
 * hour: 3 rows instead of 24. Exact for counts, sums and sketches (a day's rollup is the exact sum
 * of its hours); minimum and maximum come from the whole UTC days. `dayStarts` are the rounded
 * starts, for the span of a daily row.
 */
export function planWithDays(spans: readonly Span[]): {
  bounds: Bound[];
  dayStarts: number[];
  ranges: Range[];
  minus: Minus[];
  hourLabels: HourLabels;
} {
  const bounds = boundsOf(spans);
  const ranges: Range[] = [];
  const push = pusher(ranges);
  const minus: Minus[] = [];
  const dayStarts: number[] = [];
  for (const [span, { s, e }] of bounds.entries()) {
    const first = Math.round(s / 24) * 24;
    const last = Math.round(e / 24) * 24;
    dayStarts.push(first);
    if (first >= last) {
      push(1, s, e);
      continue;
    }
    push(1, s, first);
    push(24, first, last);
    push(1, last, e);
    if (first < s) minus.push({ from: first, to: s, span });
    if (e < last) minus.push({ from: e, to: last, span });
  }
  // Where two spans touch, the hours one subtracts are the hours the other adds (Berlin: the UTC
  // day's last hour, subtracted from one local day and added to the next): their rows are read
  // once, labelled with both spans (sharedLabel), instead of once for each.
  const labels = new Map<number, number>(bounds.map((b, i) => [b.s, i]));
  const labelAt = (hour: number) => bounds.findLastIndex((b) => b.s <= hour);
  const subtracted: Minus[] = [];
  const shared: { from: number; label: number }[] = [];
  for (const m of minus) {
    // Shared when every hour of it is read as an hourly row of one neighbouring span.
    const add = labelAt(m.from);
    const read = ranges.some((r) => r.hours === 1 && r.from <= m.from && m.to <= r.to);
    if (read && labelAt(m.to - 1) === add && Math.abs(add - m.span) === 1) {
      shared.push({ from: m.from, label: sharedLabel(add, m.span) });
      if (!labels.has(m.to)) labels.set(m.to, labelAt(m.to));
    } else subtracted.push(m);
  }
  // After the ends: a shared range starting where another ends labels its hours.
  for (const { from, label } of shared) labels.set(from, label);
  const starts = [...labels.keys()].sort((a, b) => a - b);
  return {
    bounds,
    dayStarts,
    ranges,
    minus: subtracted,
    hourLabels: { starts, labels: starts.map((start) => labels.get(start)!) },
  };
}

/** The label of an hourly row by its hour: that of the last of `starts` at or before it. */
export type HourLabels = { starts: number[]; labels: number[] };

/** The label of an hourly row added to span `add` and subtracted from span `subtract` (its neighbour). */
export function sharedLabel(add: number, subtract: number): number {
  return -2 - (add * 2 + (subtract === add + 1 ? 1 : 0));
}

/** The spans of a label below -1 (sharedLabel): the one it is added to, the one it is subtracted from. */
export function spansOfShared(label: number): { add: number; subtract: number } {
  const v = -label - 2;
  const add = v >> 1;
  return { add, subtract: v & 1 ? add + 1 : add - 1 };
}

/**
 * The label of the last of `starts[lo..hi)` at or before a row's hour (`lo - 1`'s label, or -1,
 * when none is): nested CASEs halving the range (a 90-day series tests 7 bounds a row, not 90),
 * literal labels (integers of our own).
 */
export function spanOf(starts: readonly number[], labels: readonly number[], lo = 0, hi = starts.length): Prisma.Sql {
  const label = (i: number) => Prisma.raw(String(i < 0 ? -1 : labels[i]!));
  if (hi - lo <= 4) {
    const whens = [];
    for (let i = hi - 1; i >= lo; i--) whens.push(Prisma.sql`WHEN "startHour" >= ${starts[i]!} THEN ${label(i)}`);
    return Prisma.sql`CASE ${Prisma.join(whens, " ")} ELSE ${label(lo - 1)} END`;
  }
  const mid = (lo + hi) >> 1;
  return Prisma.sql`CASE WHEN "startHour" >= ${starts[mid]!} THEN ${spanOf(starts, labels, mid, hi)} ELSE ${spanOf(starts, labels, lo, mid)} END`;
}

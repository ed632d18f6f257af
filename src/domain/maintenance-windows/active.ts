import { changesOf } from "./changes.js";
import { instantOf, wallTimeOf } from "./zoned.js";

/**
 * When a maintenance window is on. A window lasts endsAt - startsAt from each occurrence; a
 * repeating one occurs every `repeatInterval` (default 1) days, weeks or months counted from the
 * first occurrence, and an occurrence may start up to the end of the `repeatEndsAt` day.
 *
 * Recurrence follows the window's `timezone` (UTC when null): each occurrence starts at the first
 * occurrence's local wall time on its local day, across daylight-saving changes (a window at 02:00
 * Europe/Berlin daily stays at 02:00 local time after the switch), and lasts the same absolute
 * duration. A start in the spring gap (02:30 on the day clocks jump from 02:00 to 03:00) is
 * shifted forward by the gap (03:30); in the autumn overlap the earlier instant is taken
 * (zoned.ts). Months keep the local day of the month, clamped to the month's last day (a window on
 * the 31st runs on Feb 28/29), always counted from the first occurrence so that a clamp never
 * drifts into later months. `repeatEndsAt` is a calendar date (its UTC date) in the window's zone.
 */
export type WindowTimes = {
  startsAt: Date;
  endsAt: Date;
  repeatUnit: string;
  repeatInterval: number | null;
  repeatEndsAt: Date | null;
  timezone?: string | null;
  /** Moved and skipped occurrences (changes.ts). */
  occurrenceChanges?: unknown;
};

const DAY_MS = 86_400_000;

/** The start of occurrence `n` (0 is the first). */
export function occurrenceStart(window: WindowTimes, n: number): Date {
  if (n === 0) return window.startsAt;
  const zone = window.timezone ?? null;
  const first = wallTimeOf(window.startsAt.getTime(), zone);
  const every = window.repeatInterval ?? 1;
  let date: Date;
  if (window.repeatUnit === "MONTH") {
    const month = first.month - 1 + n * every;
    const lastDay = new Date(Date.UTC(first.year, month + 1, 0)).getUTCDate();
    date = new Date(Date.UTC(first.year, month, Math.min(first.day, lastDay)));
  } else {
    const days = n * every * (window.repeatUnit === "WEEK" ? 7 : 1);
    date = new Date(Date.UTC(first.year, first.month - 1, first.day + days));
  }
  const wall = { ...first, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  return new Date(instantOf(wall, zone));
}

/** A window repeats when it has a repeatInterval; without one it is a single occurrence. */
const repeats = (window: WindowTimes) => window.repeatInterval !== null;

/** The last moment an occurrence may start: the end of the repeatEndsAt day in the window's zone. */
function lastStart(window: WindowTimes): number {
  if (!window.repeatEndsAt) return Infinity;
  const day = new Date(Math.floor(window.repeatEndsAt.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  const midnight = {
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
    ms: 0,
  };
  return instantOf(midnight, window.timezone ?? null) - 1;
}

/** The index of the latest occurrence starting at or before `t` (ignoring repeatEndsAt), or -1. */
function latestIndex(window: WindowTimes, t: number): number {
  if (t < window.startsAt.getTime()) return -1;
  if (!repeats(window)) return 0;
  // Found from an estimate and corrected (months vary in length, days by daylight saving).
  const every = window.repeatInterval ?? 1;
  const unitMs =
    window.repeatUnit === "MONTH" ? 30.436875 * DAY_MS : window.repeatUnit === "WEEK" ? 7 * DAY_MS : DAY_MS;
  let n = Math.max(0, Math.floor((t - window.startsAt.getTime()) / (every * unitMs)));
  while (n > 0 && occurrenceStart(window, n).getTime() > t) n--;
  while (occurrenceStart(window, n + 1).getTime() <= t) n++;
  return n;
}

export type Occurrence = { start: Date; end: Date };

const durationOf = (window: WindowTimes) => window.endsAt.getTime() - window.startsAt.getTime();
const occurrence = (window: WindowTimes, n: number): Occurrence | null => {
  const start = occurrenceStart(window, n);
  return start.getTime() <= lastStart(window) ? { start, end: new Date(start.getTime() + durationOf(window)) } : null;
};

/** The moved occurrences (not skipped) as occurrences. */
const movedOf = (window: WindowTimes): Occurrence[] =>
  [...changesOf(window).values()].flatMap((c) =>
    c.cancelled ? [] : [{ start: new Date(c.start), end: new Date(c.end) }],
  );

const later = (a: Occurrence | null, b: Occurrence | null, by: "start" | "end") =>
  !a ? b : !b ? a : b[by].getTime() > a[by].getTime() ? b : a;

/** The rule's latest occurrence starting at or before `t` that was neither moved nor skipped, or null. */
function ruleLatest(window: WindowTimes, t: number): Occurrence | null {
  const last = lastStart(window);
  const changes = changesOf(window);
  let n = Math.min(latestIndex(window, t), last === Infinity ? Infinity : latestIndex(window, last));
  // Each changed slot passed over is one step back: at most as many as there are changes.
  for (let steps = 0; n >= 0 && steps <= changes.size; n--, steps++) {
    const found = occurrence(window, n);
    if (found && !changes.has(found.start.getTime())) return found;
    if (!repeats(window)) break;
  }
  return null;
}

/** The latest occurrence that started at or before `at` (running or over), or null. Moves and skips applied. */
export function latestStart(window: WindowTimes, at: Date): Occurrence | null {
  const moved = movedOf(window).filter((o) => o.start.getTime() <= at.getTime());
  return moved.reduce<Occurrence | null>((a, b) => later(a, b, "start"), ruleLatest(window, at.getTime()));
}

/** The latest occurrence that ended at or before `at`, or null. Moves and skips applied. */
export function latestEnd(window: WindowTimes, at: Date): Occurrence | null {
  const rule = durationOf(window) > 0 ? ruleLatest(window, at.getTime() - durationOf(window)) : null;
  const moved = movedOf(window).filter((o) => o.end.getTime() <= at.getTime());
  return moved.reduce<Occurrence | null>((a, b) => later(a, b, "end"), rule);
}

/** The occurrence running at `at` ({ start, end }), or null: a skipped one does not run, a moved one runs at its new time. */
export function activeOccurrence(window: WindowTimes, at: Date): Occurrence | null {
  const duration = durationOf(window);
  const t = at.getTime();
  const changes = changesOf(window);
  if (duration > 0) {
    const n = latestIndex(window, t);
    // An earlier occurrence can still be running when occurrences overlap (duration longer than the interval).
    for (let k = n; k >= 0; k--) {
      const start = occurrenceStart(window, k);
      if (start.getTime() + duration <= t) break;
      if (start.getTime() <= lastStart(window) && !changes.has(start.getTime()))
        return { start, end: new Date(start.getTime() + duration) };
    }
  }
  if (changes.size === 0) return null;
  return movedOf(window).find((o) => o.start.getTime() <= t && t < o.end.getTime()) ?? null;
}

/** The rule's occurrences (neither moved nor skipped left out) that end after `from` and start before `to`. */
export function ruleOccurrences(window: WindowTimes, from: Date, to: Date, most = 1_000): Occurrence[] {
  const found: Occurrence[] = [];
  if (durationOf(window) <= 0) return found;
  let n = Math.max(0, latestIndex(window, from.getTime()));
  // Back to the earliest one still running at `from` (overlapping occurrences).
  while (n > 0 && occurrenceStart(window, n - 1).getTime() + durationOf(window) > from.getTime()) n--;
  for (; found.length < most; n++) {
    const next = occurrence(window, n);
    if (!next || next.start.getTime() >= to.getTime()) break;
    if (next.end.getTime() > from.getTime()) found.push(next);
    if (!repeats(window)) break;
  }
  return found;
}

/** The occurrence running at `at`, else the next one to start after it, else null (the window is over). */
export function currentOrNextOccurrence(window: WindowTimes, at: Date): Occurrence | null {
  const running = activeOccurrence(window, at);
  if (running) return running;
  const changes = changesOf(window);
  let rule: Occurrence | null = null;
  if (durationOf(window) > 0) {
    let n = latestIndex(window, at.getTime()) + 1;
    for (let steps = 0; steps <= changes.size && (n === 0 || repeats(window)); n++, steps++) {
      const next = occurrence(window, n);
      if (!next) break;
      if (!changes.has(next.start.getTime())) {
        rule = next;
        break;
      }
    }
  }
  const moved = movedOf(window).filter((o) => o.start.getTime() > at.getTime());
  return [rule, ...moved].reduce<Occurrence | null>(
    (a, b) => (!b ? a : !a || b.start.getTime() < a.start.getTime() ? b : a),
    null,
  );
}

export function isWindowActive(window: WindowTimes, at: Date): boolean {
  return activeOccurrence(window, at) !== null;
}

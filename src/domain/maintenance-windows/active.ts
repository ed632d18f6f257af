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

/** The latest occurrence that started at or before `at` (running or over), or null. */
export function latestStart(window: WindowTimes, at: Date): Occurrence | null {
  // Past repeatEndsAt: the last occurrence that may start (found directly, not by walking back).
  const last = lastStart(window);
  const n = Math.min(latestIndex(window, at.getTime()), last === Infinity ? Infinity : latestIndex(window, last));
  return n < 0 ? null : occurrence(window, n);
}

/** The latest occurrence that ended at or before `at`, or null. */
export function latestEnd(window: WindowTimes, at: Date): Occurrence | null {
  return durationOf(window) > 0 ? latestStart(window, new Date(at.getTime() - durationOf(window))) : null;
}

/** The occurrence running at `at` ({ start, end }), or null. */
export function activeOccurrence(window: WindowTimes, at: Date): Occurrence | null {
  const duration = durationOf(window);
  const t = at.getTime();
  if (duration <= 0) return null;
  const n = latestIndex(window, t);
  // An earlier occurrence can still be running when occurrences overlap (duration longer than the interval).
  for (let k = n; k >= 0; k--) {
    const start = occurrenceStart(window, k);
    if (start.getTime() + duration <= t) break;
    if (start.getTime() <= lastStart(window)) return { start, end: new Date(start.getTime() + duration) };
  }
  return null;
}

/** The occurrence running at `at`, else the next one to start after it, else null (the window is over). */
export function currentOrNextOccurrence(window: WindowTimes, at: Date): Occurrence | null {
  const running = activeOccurrence(window, at);
  if (running || durationOf(window) <= 0) return running;
  const next = latestIndex(window, at.getTime()) + 1;
  if (next > 0 && !repeats(window)) return null;
  return occurrence(window, next);
}

export function isWindowActive(window: WindowTimes, at: Date): boolean {
  return activeOccurrence(window, at) !== null;
}

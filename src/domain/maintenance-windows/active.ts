/**
 * When a maintenance window is on. A window lasts endsAt - startsAt from each occurrence; a
 * repeating one occurs every `repeatInterval` (default 1) days, weeks or months counted from the
 * first occurrence, and an occurrence may start up to the end of the `repeatEndsAt` day (UTC:
 * the spec's dates are calendar dates). Months keep the day of the month, clamped to the month's
 * last day (a window on the 31st runs on Feb 28/29), always counted from the first occurrence so
 * that a clamp never drifts into later months. All arithmetic is UTC (no daylight-saving shifts).
 */
export type WindowTimes = {
  startsAt: Date;
  endsAt: Date;
  repeatUnit: string;
  repeatInterval: number | null;
  repeatEndsAt: Date | null;
};

const DAY_MS = 86_400_000;

/** The start of occurrence `n` (0 is the first). */
export function occurrenceStart(window: WindowTimes, n: number): Date {
  const first = window.startsAt;
  const every = window.repeatInterval ?? 1;
  if (window.repeatUnit === "MONTH") {
    const month = first.getUTCMonth() + n * every;
    const year = first.getUTCFullYear() + Math.floor(month / 12);
    const monthOfYear = ((month % 12) + 12) % 12;
    const lastDay = new Date(Date.UTC(year, monthOfYear + 1, 0)).getUTCDate();
    const day = Math.min(first.getUTCDate(), lastDay);
    return new Date(
      Date.UTC(
        year,
        monthOfYear,
        day,
        first.getUTCHours(),
        first.getUTCMinutes(),
        first.getUTCSeconds(),
        first.getUTCMilliseconds(),
      ),
    );
  }
  const unitMs = window.repeatUnit === "WEEK" ? 7 * DAY_MS : DAY_MS;
  return new Date(first.getTime() + n * every * unitMs);
}

/** A window repeats when it has a repeatInterval; without one it is a single occurrence. */
const repeats = (window: WindowTimes) => window.repeatInterval !== null;

/** The last moment an occurrence may start: the end of the repeatEndsAt day. */
const lastStart = (window: WindowTimes) =>
  window.repeatEndsAt ? Math.floor(window.repeatEndsAt.getTime() / DAY_MS) * DAY_MS + DAY_MS - 1 : Infinity;

/** The occurrence running at `at` ({ start, end }), or null. */
export function activeOccurrence(window: WindowTimes, at: Date): { start: Date; end: Date } | null {
  const duration = window.endsAt.getTime() - window.startsAt.getTime();
  const t = at.getTime();
  if (t < window.startsAt.getTime() || duration <= 0) return null;
  if (!repeats(window)) return t < window.endsAt.getTime() ? { start: window.startsAt, end: window.endsAt } : null;
  // The latest occurrence starting at or before `at`, found from an estimate and corrected (months vary in length).
  const every = window.repeatInterval ?? 1;
  const unitMs =
    window.repeatUnit === "MONTH" ? 30.436875 * DAY_MS : window.repeatUnit === "WEEK" ? 7 * DAY_MS : DAY_MS;
  let n = Math.max(0, Math.floor((t - window.startsAt.getTime()) / (every * unitMs)));
  while (n > 0 && occurrenceStart(window, n).getTime() > t) n--;
  while (occurrenceStart(window, n + 1).getTime() <= t) n++;
  // An earlier occurrence can still be running when occurrences overlap (duration longer than the interval).
  for (let k = n; k >= 0; k--) {
    const start = occurrenceStart(window, k);
    if (start.getTime() + duration <= t) break;
    if (start.getTime() <= lastStart(window)) return { start, end: new Date(start.getTime() + duration) };
  }
  return null;
}

export function isWindowActive(window: WindowTimes, at: Date): boolean {
  return activeOccurrence(window, at) !== null;
}

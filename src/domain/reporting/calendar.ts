/**
 * Calendar arithmetic in a named IANA time zone with the Intl API alone: local dates and their
 * instants across daylight-saving changes (a local day is 23, 24 or 25 hours long).
 */
export type Unit = "day" | "week" | "month";
type Local = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formats.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Whether `timeZone` is a named zone Intl knows ("+05:00" offsets are refused, as the reference says). */
export function isNamedTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z]/.test(timeZone)) return false;
  try {
    format(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function localOf(instant: number, timeZone: string): Local {
  const parts: Record<string, string> = {};
  for (const p of format(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const l = localOf(instant, timeZone);
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant of a local midnight (Date.UTC normalises day and month overflow). */
export function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** The start of the calendar unit holding `instant` (weeks start on Monday, as ISO 8601). */
export function startOf(instant: number, unit: Unit, timeZone: string): number {
  const l = localOf(instant, timeZone);
  if (unit === "month") return localMidnight(l.year, l.month, 1, timeZone);
  if (unit === "week") return localMidnight(l.year, l.month, l.day - ((l.weekday + 6) % 7), timeZone);
  return localMidnight(l.year, l.month, l.day, timeZone);
}

/** The start of the unit `n` units after the one starting at `start` (a unit start itself). */
export function addUnits(start: number, unit: Unit, n: number, timeZone: string): number {
  // Read the date at noon of the first day: clear of a transition at local midnight.
  const l = localOf(start + 12 * 3_600_000, timeZone);
  if (unit === "month") return localMidnight(l.year, l.month + n, 1, timeZone);
  return localMidnight(l.year, l.month, l.day + n * (unit === "week" ? 7 : 1), timeZone);
}

/** The calendar buckets of [from, to), clamped to it. */
export function buckets(from: number, to: number, unit: Unit, timeZone: string): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  let start = startOf(from, unit, timeZone);
  while (start < to) {
    const end = addUnits(start, unit, 1, timeZone);
    out.push({ from: Math.max(start, from), to: Math.min(end, to) });
    start = end;
  }
  return out;
}

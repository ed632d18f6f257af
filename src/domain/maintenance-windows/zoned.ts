/**
 * Wall-clock time in an IANA time zone with Intl only (no time-zone package): an instant's local
 * fields, and the instant of a local wall time. A wall time that does not exist (the spring gap)
 * is shifted forward by the gap's length (02:30 on the day Berlin moves to summer time is 03:30
 * CEST); one that exists twice (the autumn overlap) is the earlier instant. This is Temporal's
 * "compatible" disambiguation.
 */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
};

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, format);
  }
  return format;
}

/** Whether `zone` is a named IANA zone Intl knows (offsets such as "+05:00" are not names). */
export function isTimeZoneName(zone: string): boolean {
  if (/^[+-]/.test(zone) || zone.trim() === "") return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The local fields of `instant` in `zone` (null: UTC). */
export function wallTimeOf(instant: number, zone: string | null): WallTime {
  const d = new Date(instant);
  const ms = d.getUTCMilliseconds();
  if (!zone || zone === "UTC") {
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      ms,
    };
  }
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(d))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    ms,
  };
}

/** The wall time's fields read as if they were UTC (days past the month's end roll over, as Date.UTC). */
const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);

/** The zone's offset from UTC at `instant`, in ms. */
const offsetAt = (instant: number, zone: string) => asUtc(wallTimeOf(instant, zone)) - instant;

/** The instant of the wall time `wall` in `zone` (null: UTC); see the file's note for gaps and overlaps. */
export function instantOf(wall: WallTime, zone: string | null): number {
  const local = asUtc(wall);
  if (!zone || zone === "UTC") return local;
  // Transitions are months apart: the offsets a day either side are the two that can apply.
  const before = offsetAt(local - DAY_MS, zone);
  const after = offsetAt(local + DAY_MS, zone);
  const valid = [local - before, local - after].filter((t) => asUtc(wallTimeOf(t, zone)) === local);
  return valid.length ? Math.min(...valid) : local - before;
}

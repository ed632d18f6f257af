// Wall times in a window's time zone: the domain's own rule (Intl only, the spring gap shifted
// forward, the autumn overlap the earlier instant), so the app and the API agree on every instant.
import { instantOf, wallTimeOf } from "../../../../src/domain/maintenance-windows/zoned";

/** The zone this browser shows times in (an IANA name such as America/New_York). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (n: number) => String(n).padStart(2, "0");

/** A datetime-local value ("2027-03-28T09:00") read in `zone` as an ISO instant; null when not a time. */
export function localToIso(local: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(instantOf({ year, month, day, hour, minute, second: 0, ms: 0 }, zone)).toISOString();
}

/** An instant as a datetime-local value in `zone` (for editing a window). */
export function isoToLocal(iso: string, zone: string): string {
  const w = wallTimeOf(new Date(iso).getTime(), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant as the person reads it in `zone`: "Sun, Mar 28, 2027, 09:00 GMT+2" (24-hour, unambiguous). */
export function timeIn(iso: string, zone: string): string {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      timeZone: zone,
      weekday: "short",
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    formats.set(zone, format);
  }
  return format.format(new Date(iso));
}

/** The zones a person picks from: the browser's own, the common ones, and every name Intl knows. */
export function zoneChoices(current: string): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return [...new Set([current, browserZone(), "UTC", ...all].filter(Boolean))];
}

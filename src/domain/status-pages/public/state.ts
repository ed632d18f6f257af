import type { IncidentView } from "../../incidents/view.js";

/**
 * What a visitor's page derives from incidents (docs/decisions.md "Status pages on the web"), as
 * pure functions: a service's state is the worst severity of its open incidents, a day's bar the
 * worst severity of the incidents open that day, uptime the share of time with no open MAJOR or
 * CRITICAL incident.
 */
export const SEVERITY_RANK = { MINOR: 1, MEDIUM: 2, MAJOR: 3, CRITICAL: 4 } as const;
export type Severity = keyof typeof SEVERITY_RANK;
/** null: operational. */
export type State = Severity | null;

export const DAY_MS = 86_400_000;
export const BAR_DAYS = 90;

export type Interval = { start: number; end: number | null };

/** From its first update (or creation) to its resolving update; open (end null) while not resolved. */
export function openInterval(incident: Pick<IncidentView, "createdAt" | "updates" | "lastUpdateStatus">): Interval {
  const first = incident.updates.at(-1)?.publicIncidentUpdateDate ?? incident.createdAt;
  const latest = incident.updates[0]?.publicIncidentUpdateDate;
  const resolved = incident.lastUpdateStatus === "RESOLVED" && latest !== undefined;
  return { start: first.getTime(), end: resolved ? Math.max(latest.getTime(), first.getTime()) : null };
}

export function worst(states: Iterable<State>): State {
  let result: State = null;
  for (const state of states) if (state && (!result || SEVERITY_RANK[state] > SEVERITY_RANK[result])) result = state;
  return result;
}

export type TimedIncident = { severity: Severity; interval: Interval; open: boolean };

export function serviceState(incidents: readonly TimedIncident[]): State {
  return worst(incidents.filter((incident) => incident.open).map((incident) => incident.severity));
}

export type Bar = { date: string; state: State };

/** The UTC midnight starting the day of `now`. */
export function dayStart(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS) * DAY_MS;
}

/** The last 90 UTC days, oldest first, today included. */
export function dailyBars(incidents: readonly TimedIncident[], now: Date): Bar[] {
  const today = dayStart(now);
  return Array.from({ length: BAR_DAYS }, (_, i) => {
    const from = today - (BAR_DAYS - 1 - i) * DAY_MS;
    const to = from + DAY_MS;
    const open = incidents.filter(({ interval }) => interval.start < to && (interval.end ?? Infinity) >= from);
    return { date: new Date(from).toISOString().slice(0, 10), state: worst(open.map((incident) => incident.severity)) };
  });
}

/** Percent (0 to 100) of the last 90 days with no open MAJOR or CRITICAL incident. */
export function uptime(incidents: readonly TimedIncident[], now: Date): number {
  const to = now.getTime();
  const from = to - BAR_DAYS * DAY_MS;
  const down = incidents
    .filter((incident) => SEVERITY_RANK[incident.severity] >= SEVERITY_RANK.MAJOR)
    .map(({ interval }) => [Math.max(interval.start, from), Math.min(interval.end ?? to, to)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reach = from;
  for (const [start, end] of down) {
    if (end <= reach) continue;
    covered += end - Math.max(start, reach);
    reach = end;
  }
  return Math.round(((to - from - covered) / (to - from)) * 100_000) / 1000;
}

import { createHash } from "node:crypto";

/**
 * When a check runs, as pure arithmetic on its settings (the scheduler's effects are elsewhere).
 *
 * Period: `frequency` minutes; frequency 0 runs every `frequencyOffset` (10, 20 or 30) seconds.
 * Phase: the spec bounds the offset by floor(frequency * 10) up to 60 minutes and by
 * ceil(frequency / 60) above: we read these as slots that tile the period (6-second slots up to
 * an hour, one-hour slots above), so offset k starts the check k slots into its period. Without
 * an offset a check gets a stable phase from its id, so that checks of one frequency spread over
 * the period instead of all starting at :00.
 */
export type Schedulable = {
  id: string;
  frequency: number;
  frequencyOffset: number | null;
  locations: string[];
  runParallel: boolean;
};

export function periodMs(check: Pick<Schedulable, "frequency" | "frequencyOffset">): number {
  if (check.frequency === 0) return (check.frequencyOffset ?? 30) * 1000;
  return check.frequency * 60_000;
}

export function phaseMs(check: Pick<Schedulable, "id" | "frequency" | "frequencyOffset">): number {
  const period = periodMs(check);
  if (check.frequency === 0) return stableSpread(check.id, period, SPREAD_GRAIN_MS);
  if (check.frequencyOffset == null) return stableSpread(check.id, period, SPREAD_GRAIN_MS);
  const slot = check.frequency <= 60 ? 6_000 : 3_600_000;
  return (check.frequencyOffset * slot) % period;
}

/**
 * Checks without an offset start at whole tenths of a second: fine enough that thousands of checks
 * of one frequency fall due a few at a time rather than in one burst each second.
 */
const SPREAD_GRAIN_MS = 100;

/** A deterministic position in [0, period), in whole `grain`s: the same check always gets the same one. */
function stableSpread(id: string, period: number, grain: number): number {
  const hash = createHash("sha1").update(id).digest().readUInt32BE(0);
  return (hash % Math.max(1, Math.floor(period / grain))) * grain;
}

/** The run index at or before `t` (run n is due at phase + n * period, counted from the epoch). */
export function runIndexAt(check: Schedulable, t: number): number {
  return Math.floor((t - phaseMs(check)) / periodMs(check));
}

export function dueAt(check: Schedulable, index: number): number {
  return phaseMs(check) + index * periodMs(check);
}

/**
 * The runs due in (from, to]: their index and due time, oldest first. `phase`: the check's
 * phaseMs when already known (the scheduler keeps it with the check's plan row: a SHA-1 of the
 * id per check per tick was 30 ms of a tick at 10,000 checks).
 */
export function dueRuns(
  check: Schedulable,
  from: number,
  to: number,
  phase = phaseMs(check),
): { index: number; dueAt: number }[] {
  const period = periodMs(check);
  const runs = [];
  for (let index = Math.floor((from - phase) / period) + 1; phase + index * period <= to; index++)
    runs.push({ index, dueAt: phase + index * period });
  return runs;
}

/** Where run `index` goes: every location when runParallel, else one, round-robin over the locations. */
export function runLocations(check: Pick<Schedulable, "locations" | "runParallel">, index: number): string[] {
  if (check.locations.length === 0) return [];
  if (check.runParallel) return [...check.locations];
  return [check.locations[((index % check.locations.length) + check.locations.length) % check.locations.length]!];
}

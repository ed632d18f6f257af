/**
 * The occurrences of a window that were moved or skipped, as the window row carries them
 * (`occurrenceChanges`): `slot` is the start the window's rule gave the occurrence, `start`/`end`
 * where it is now, `cancelled` for a skipped one. The Maintenance rows hold the same facts (they
 * are written together, maintenances/write.ts); the window keeps its copy so that every reader of
 * windows (the engine's runs, alerting, heartbeats, status pages) applies them with the statement
 * that reads the window, not one more.
 */
export type OccurrenceChange = { slot: number; start: number; end: number; cancelled: boolean };

type Stored = { slot: string; startsAt: string; endsAt: string; cancelled: boolean };

const parsed = new WeakMap<object, Map<number, OccurrenceChange>>();
const NONE: Map<number, OccurrenceChange> = new Map();

/** The window's changes by slot (ms); parsed once per row read. */
export function changesOf(window: { occurrenceChanges?: unknown }): ReadonlyMap<number, OccurrenceChange> {
  const stored = window.occurrenceChanges;
  if (!Array.isArray(stored) || stored.length === 0) return NONE;
  let map = parsed.get(stored);
  if (!map) {
    map = new Map();
    for (const item of stored as Stored[]) {
      const change = {
        slot: Date.parse(item.slot),
        start: Date.parse(item.startsAt),
        end: Date.parse(item.endsAt),
        cancelled: item.cancelled === true,
      };
      if (Number.isFinite(change.slot) && Number.isFinite(change.start) && Number.isFinite(change.end))
        map.set(change.slot, change);
    }
    parsed.set(stored, map);
  }
  return map;
}

/** How long a change is kept after both its slot and its own end are over (notices look back 1 hour). */
const KEEP_MS = 86_400_000;

/** The stored form of the window's changes with `change` set, older ones (over for a day) dropped. */
export function withChange(
  window: { occurrenceChanges?: unknown },
  change: OccurrenceChange,
  durationMs: number,
  now: Date,
) {
  const all = new Map(changesOf(window));
  all.set(change.slot, change);
  const kept = [...all.values()].filter(
    (c) => Math.max(c.slot + durationMs, c.end) > now.getTime() - KEEP_MS || c.slot === change.slot,
  );
  return kept
    .sort((a, b) => a.slot - b.slot)
    .map((c) => ({
      slot: new Date(c.slot).toISOString(),
      startsAt: new Date(c.start).toISOString(),
      endsAt: new Date(c.end).toISOString(),
      cancelled: c.cancelled,
    }));
}

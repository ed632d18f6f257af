// Moved and skipped occurrences as every reader of windows applies them (active.ts with the
// window's occurrenceChanges): running, latest start and end (notices), the next one (pages).
import { describe, expect, it } from "vitest";
import {
  activeOccurrence,
  currentOrNextOccurrence,
  latestEnd,
  latestStart,
  ruleOccurrences,
} from "../../../../src/domain/maintenance-windows/active.js";
import { changesOf, withChange } from "../../../../src/domain/maintenance-windows/changes.js";

const d = (iso: string) => new Date(iso);
const HOUR = 3_600_000;
// Daily 10:00-11:00 UTC from Jan 1.
const base = {
  startsAt: d("2030-01-01T10:00:00Z"),
  endsAt: d("2030-01-01T11:00:00Z"),
  repeatUnit: "DAY",
  repeatInterval: 1,
  repeatEndsAt: null,
};
const jan = (day: number, hour: number, minute = 0) =>
  d(`2030-01-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`);
const NOW = jan(1, 0);
const change = (slot: Date, start: Date, end: Date, cancelled = false) => ({
  slot: slot.getTime(),
  start: start.getTime(),
  end: end.getTime(),
  cancelled,
});
// Jan 2's occurrence skipped, Jan 3's moved to 15:00-15:30.
let stored = withChange({}, change(jan(2, 10), jan(2, 10), jan(2, 11), true), HOUR, NOW);
stored = withChange({ occurrenceChanges: stored }, change(jan(3, 10), jan(3, 15), jan(3, 15, 30)), HOUR, NOW);
const window = { ...base, occurrenceChanges: stored };

describe("moved and skipped occurrences", () => {
  it("a skipped one does not run; a moved one runs at its new time only", () => {
    expect(activeOccurrence(window, jan(1, 10, 30))).toEqual({ start: jan(1, 10), end: jan(1, 11) });
    expect(activeOccurrence(window, jan(2, 10, 30))).toBeNull();
    expect(activeOccurrence(window, jan(3, 10, 30))).toBeNull();
    expect(activeOccurrence(window, jan(3, 15, 10))).toEqual({ start: jan(3, 15), end: jan(3, 15, 30) });
    expect(activeOccurrence(window, jan(3, 15, 30))).toBeNull();
    expect(activeOccurrence(window, jan(4, 10, 0))).toEqual({ start: jan(4, 10), end: jan(4, 11) });
  });

  it("latest start and end skip the skipped and count the moved at their new times", () => {
    expect(latestStart(window, jan(2, 12))).toEqual({ start: jan(1, 10), end: jan(1, 11) });
    expect(latestStart(window, jan(3, 14))).toEqual({ start: jan(1, 10), end: jan(1, 11) });
    expect(latestStart(window, jan(3, 16))).toEqual({ start: jan(3, 15), end: jan(3, 15, 30) });
    expect(latestEnd(window, jan(3, 15, 45))).toEqual({ start: jan(3, 15), end: jan(3, 15, 30) });
    expect(latestEnd(window, jan(3, 12))).toEqual({ start: jan(1, 10), end: jan(1, 11) });
  });

  it("the next occurrence passes over the skipped one and finds the moved one", () => {
    expect(currentOrNextOccurrence(window, jan(1, 12))).toEqual({ start: jan(3, 15), end: jan(3, 15, 30) });
    expect(currentOrNextOccurrence(window, jan(3, 16))).toEqual({ start: jan(4, 10), end: jan(4, 11) });
  });

  it("the rule's occurrences are unchanged (rows for changed slots exist already); old changes are dropped", () => {
    expect(ruleOccurrences(window, jan(1, 0), jan(4, 0)).map((o) => o.start)).toEqual([
      jan(1, 10),
      jan(2, 10),
      jan(3, 10),
    ]);
    const later = withChange(
      window,
      change(jan(20, 10), jan(20, 10), jan(20, 11), true),
      HOUR,
      new Date(jan(20, 0).getTime()),
    );
    expect([...changesOf({ occurrenceChanges: later }).keys()]).toEqual([jan(20, 10).getTime()]);
    expect(changesOf({ occurrenceChanges: null }).size).toBe(0);
  });
});

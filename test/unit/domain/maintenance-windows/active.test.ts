import { describe, expect, it } from "vitest";
import {
  activeOccurrence,
  isWindowActive,
  occurrenceStart,
} from "../../../../src/domain/maintenance-windows/active.js";
import { maintenanceStatus, type MaintenanceWindowLike } from "../../../../src/domain/maintenance-windows/status.js";

const d = (iso: string) => new Date(iso);
const window = (over: Partial<MaintenanceWindowLike> = {}): MaintenanceWindowLike => ({
  id: 1,
  name: "w",
  startsAt: d("2026-01-31T22:00:00Z"),
  endsAt: d("2026-02-01T01:00:00Z"),
  repeatUnit: "MONTH",
  repeatInterval: null,
  repeatEndsAt: null,
  tags: [],
  pauseAllChecks: false,
  silenceAlertsTags: [],
  silenceAllAlerts: false,
  ...over,
});

describe("maintenance window occurrences (UTC)", () => {
  it("a window without repeatInterval occurs once: start inclusive, end exclusive", () => {
    const w = window();
    expect(isWindowActive(w, d("2026-01-31T21:59:59.999Z"))).toBe(false);
    expect(isWindowActive(w, d("2026-01-31T22:00:00Z"))).toBe(true);
    expect(isWindowActive(w, d("2026-02-01T00:59:59.999Z"))).toBe(true);
    expect(isWindowActive(w, d("2026-02-01T01:00:00Z"))).toBe(false);
    expect(isWindowActive(w, d("2026-02-28T23:00:00Z"))).toBe(false);
  });

  it("monthly on the 31st clamps to each month's last day, never drifting", () => {
    const w = window({ repeatInterval: 1 });
    expect([1, 2, 3, 4, 12, 25].map((n) => occurrenceStart(w, n).toISOString())).toEqual([
      "2026-02-28T22:00:00.000Z",
      "2026-03-31T22:00:00.000Z",
      "2026-04-30T22:00:00.000Z",
      "2026-05-31T22:00:00.000Z",
      "2027-01-31T22:00:00.000Z",
      "2028-02-29T22:00:00.000Z",
    ]);
    // The February occurrence runs across the month end into March.
    expect(activeOccurrence(w, d("2026-03-01T00:30:00Z"))).toEqual({
      start: d("2026-02-28T22:00:00Z"),
      end: d("2026-03-01T01:00:00Z"),
    });
    expect(isWindowActive(w, d("2026-03-01T01:00:00Z"))).toBe(false);
    expect(isWindowActive(w, d("2028-02-29T23:00:00Z"))).toBe(true);
    expect(isWindowActive(w, d("2028-03-29T23:00:00Z"))).toBe(false);
  });

  it("every 2 weeks, until the end of the repeatEndsAt day", () => {
    const w = window({
      startsAt: d("2026-01-05T02:00:00Z"),
      endsAt: d("2026-01-05T04:00:00Z"),
      repeatUnit: "WEEK",
      repeatInterval: 2,
      repeatEndsAt: d("2026-02-02T00:00:00Z"),
    });
    expect(isWindowActive(w, d("2026-01-12T03:00:00Z"))).toBe(false); // odd week
    expect(isWindowActive(w, d("2026-01-19T03:00:00Z"))).toBe(true);
    expect(isWindowActive(w, d("2026-02-02T03:00:00Z"))).toBe(true); // starts on the repeatEndsAt day
    expect(isWindowActive(w, d("2026-02-16T03:00:00Z"))).toBe(false); // after repetition ended
  });

  it("daily, with occurrences that overlap when the window is longer than the interval", () => {
    const w = window({
      startsAt: d("2026-03-01T00:00:00Z"),
      endsAt: d("2026-03-02T12:00:00Z"),
      repeatUnit: "DAY",
      repeatInterval: 1,
    });
    expect(activeOccurrence(w, d("2026-03-03T06:00:00Z"))?.start).toEqual(d("2026-03-03T00:00:00Z"));
    const limited = { ...w, repeatEndsAt: d("2026-03-02T00:00:00Z") };
    // The occurrence of Mar 2 is the last; it still runs on Mar 3 morning, none starts on Mar 3.
    expect(activeOccurrence(limited, d("2026-03-03T06:00:00Z"))?.start).toEqual(d("2026-03-02T00:00:00Z"));
    expect(isWindowActive(limited, d("2026-03-04T06:00:00Z"))).toBe(false);
  });

  it("nothing before the first occurrence, and far in the future still exact", () => {
    const w = window({
      startsAt: d("2026-01-01T00:00:00Z"),
      endsAt: d("2026-01-01T01:00:00Z"),
      repeatUnit: "DAY",
      repeatInterval: 3,
    });
    expect(isWindowActive(w, d("2025-12-31T00:30:00Z"))).toBe(false);
    expect(isWindowActive(w, d("2036-01-01T00:30:00Z"))).toBe(
      ((Date.UTC(2036, 0, 1) - Date.UTC(2026, 0, 1)) / 86_400_000) % 3 === 0,
    );
  });
});

describe("maintenance status of a check", () => {
  const at = d("2026-01-31T23:00:00Z");
  it("pauses by pauseAllChecks over any tag scope, or by a tag of the check or its group", () => {
    expect(maintenanceStatus([window({ pauseAllChecks: true, tags: ["db"] })], { tags: [] }, at)).toMatchObject({
      paused: true,
      silenced: false,
      reasons: [{ effect: "PAUSE", scope: "ALL" }],
    });
    expect(maintenanceStatus([window({ tags: ["db", "x"] })], { tags: ["web"], groupTags: ["db"] }, at)).toMatchObject({
      paused: true,
      reasons: [{ scope: "TAGS", tags: ["db"] }],
    });
    expect(maintenanceStatus([window({ tags: ["db"] })], { tags: ["web"] }, at)).toEqual({
      paused: false,
      silenced: false,
      reasons: [],
    });
  });

  it("silences by silenceAllAlerts over silenceAlertsTags, or by a matching tag, without pausing", () => {
    expect(
      maintenanceStatus([window({ silenceAllAlerts: true, silenceAlertsTags: ["x"] })], { tags: [] }, at),
    ).toMatchObject({ paused: false, silenced: true, reasons: [{ effect: "SILENCE", scope: "ALL" }] });
    expect(maintenanceStatus([window({ silenceAlertsTags: ["web"] })], { tags: ["web"] }, at)).toMatchObject({
      paused: false,
      silenced: true,
      reasons: [{ scope: "TAGS", tags: ["web"], until: d("2026-02-01T01:00:00Z") }],
    });
    expect(maintenanceStatus([window({ silenceAllAlerts: true })], { tags: [] }, d("2026-02-02T00:00:00Z"))).toEqual({
      paused: false,
      silenced: false,
      reasons: [],
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  activeOccurrence,
  currentOrNextOccurrence,
  latestEnd,
  latestStart,
  occurrenceStart,
} from "../../../../src/domain/maintenance-windows/active.js";
import { maintenanceStatus } from "../../../../src/domain/maintenance-windows/status.js";
import { instantOf, isTimeZoneName, wallTimeOf } from "../../../../src/domain/maintenance-windows/zoned.js";

const at = (iso: string) => new Date(iso);
/** The occurrence's start as local wall time "YYYY-MM-DD HH:MM" in the zone. */
function local(date: Date, zone: string) {
  const w = wallTimeOf(date.getTime(), zone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}
const window = (startsAt: string, endsAt: string, repeatUnit: string, timezone: string | null, extra = {}) => ({
  startsAt: at(startsAt),
  endsAt: at(endsAt),
  repeatUnit,
  repeatInterval: 1,
  repeatEndsAt: null,
  timezone,
  ...extra,
});

describe("recurrence in the window's time zone", () => {
  it("a daily 02:00-03:00 Europe/Berlin window stays at 02:00 local across the spring switch", () => {
    // 2026-03-27 02:00 CET = 01:00Z; Berlin switches on 2026-03-29 (02:00 -> 03:00).
    const w = window("2026-03-27T01:00:00Z", "2026-03-27T02:00:00Z", "DAY", "Europe/Berlin");
    expect(local(occurrenceStart(w, 1), "Europe/Berlin")).toBe("2026-03-28 02:00");
    // 02:00 does not exist on the 29th: shifted forward by the gap, to 03:00 CEST (01:00Z).
    expect(occurrenceStart(w, 2).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(local(occurrenceStart(w, 3), "Europe/Berlin")).toBe("2026-03-30 02:00");
    expect(occurrenceStart(w, 3).toISOString()).toBe("2026-03-30T00:00:00.000Z");
    expect(activeOccurrence(w, at("2026-03-30T00:30:00Z"))?.start.toISOString()).toBe("2026-03-30T00:00:00.000Z");
    // 01:30Z on the 30th is 03:30 CEST: after the window; in UTC arithmetic it would still be on.
    expect(activeOccurrence(w, at("2026-03-30T01:30:00Z"))).toBeNull();
  });

  it("a daily Europe/Berlin window stays at local time across the autumn switch (earlier instant in the overlap)", () => {
    const w = window("2026-10-23T23:30:00Z", "2026-10-24T00:30:00Z", "DAY", "Europe/Berlin"); // 01:30 CEST
    expect(occurrenceStart(w, 1).toISOString()).toBe("2026-10-24T23:30:00.000Z"); // 01:30 CEST on the 25th
    expect(occurrenceStart(w, 2).toISOString()).toBe("2026-10-26T00:30:00.000Z"); // 01:30 CET
    const overlap = window("2026-10-24T00:30:00Z", "2026-10-24T01:00:00Z", "DAY", "Europe/Berlin"); // 02:30 CEST
    // 02:30 happens twice on the 25th: the first (CEST, 00:30Z).
    expect(occurrenceStart(overlap, 1).toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("weekly America/New_York keeps 09:00 local across both switches", () => {
    const w = window("2026-03-02T14:00:00Z", "2026-03-02T15:00:00Z", "WEEK", "America/New_York"); // Monday 09:00 EST
    expect(local(occurrenceStart(w, 1), "America/New_York")).toBe("2026-03-09 09:00");
    expect(occurrenceStart(w, 1).toISOString()).toBe("2026-03-09T13:00:00.000Z"); // EDT
    const autumn = window("2026-10-26T13:00:00Z", "2026-10-26T14:00:00Z", "WEEK", "America/New_York"); // 09:00 EDT
    expect(occurrenceStart(autumn, 1).toISOString()).toBe("2026-11-02T14:00:00.000Z"); // 09:00 EST
    expect(activeOccurrence(autumn, at("2026-11-02T14:30:00Z"))?.end.toISOString()).toBe("2026-11-02T15:00:00.000Z");
    expect(activeOccurrence(autumn, at("2026-11-02T13:30:00Z"))).toBeNull();
  });

  it("daily America/New_York and weekly Europe/Berlin keep local time too", () => {
    // New York springs forward on 2026-03-08 at 02:00: daily 02:30 does not exist that day.
    const ny = window("2026-03-06T07:30:00Z", "2026-03-06T08:00:00Z", "DAY", "America/New_York"); // 02:30 EST
    expect(occurrenceStart(ny, 1).toISOString()).toBe("2026-03-07T07:30:00.000Z");
    expect(local(occurrenceStart(ny, 2), "America/New_York")).toBe("2026-03-08 03:30"); // shifted forward
    expect(occurrenceStart(ny, 3).toISOString()).toBe("2026-03-09T06:30:00.000Z"); // 02:30 EDT
    // New York falls back on 2026-11-01: 01:30 happens twice, the first (EDT) is taken.
    const fall = window("2026-10-30T05:30:00Z", "2026-10-30T06:00:00Z", "DAY", "America/New_York"); // 01:30 EDT
    expect(occurrenceStart(fall, 2).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(occurrenceStart(fall, 3).toISOString()).toBe("2026-11-02T06:30:00.000Z"); // 01:30 EST
    const berlin = window("2026-03-23T07:00:00Z", "2026-03-23T08:00:00Z", "WEEK", "Europe/Berlin"); // Monday 08:00 CET
    expect(occurrenceStart(berlin, 1).toISOString()).toBe("2026-03-30T06:00:00.000Z"); // 08:00 CEST
    const autumn = window("2026-10-19T06:00:00Z", "2026-10-19T07:00:00Z", "WEEK", "Europe/Berlin"); // 08:00 CEST
    expect(occurrenceStart(autumn, 1).toISOString()).toBe("2026-10-26T07:00:00.000Z"); // 08:00 CET
  });

  it("monthly keeps local time and the clamped day of the month", () => {
    const w = window("2026-01-31T23:00:00Z", "2026-02-01T01:00:00Z", "MONTH", "America/New_York"); // Jan 31 18:00 EST
    expect(local(occurrenceStart(w, 1), "America/New_York")).toBe("2026-02-28 18:00");
    expect(local(occurrenceStart(w, 2), "America/New_York")).toBe("2026-03-31 18:00");
    expect(occurrenceStart(w, 2).toISOString()).toBe("2026-03-31T22:00:00.000Z"); // EDT
    const berlin = window("2026-02-15T01:30:00Z", "2026-02-15T02:30:00Z", "MONTH", "Europe/Berlin"); // 02:30 CET
    expect(local(occurrenceStart(berlin, 1), "Europe/Berlin")).toBe("2026-03-15 02:30");
    expect(local(occurrenceStart(berlin, 2), "Europe/Berlin")).toBe("2026-04-15 02:30");
    expect(occurrenceStart(berlin, 2).toISOString()).toBe("2026-04-15T00:30:00.000Z");
  });

  it("a local time that is not on a switch day is the same in any month (the local day, not the UTC day)", () => {
    // 00:30 Berlin on the 1st is 23:30Z on the last day of the previous month.
    const w = window("2026-01-31T23:30:00Z", "2026-02-01T00:30:00Z", "MONTH", "Europe/Berlin");
    expect(local(occurrenceStart(w, 5), "Europe/Berlin")).toBe("2026-07-01 00:30");
    expect(occurrenceStart(w, 5).toISOString()).toBe("2026-06-30T22:30:00.000Z");
  });

  it("null and UTC keep UTC arithmetic", () => {
    const w = window("2026-03-27T01:00:00Z", "2026-03-27T02:00:00Z", "DAY", null);
    expect(occurrenceStart(w, 3).toISOString()).toBe("2026-03-30T01:00:00.000Z");
    expect(occurrenceStart({ ...w, timezone: "UTC" }, 3).toISOString()).toBe("2026-03-30T01:00:00.000Z");
  });

  it("repeatEndsAt is a calendar date in the window's zone", () => {
    // Daily 23:30 New York (04:30Z next day); repeatEndsAt 2026-06-03: the 3rd's 23:30 local still starts.
    const w = window("2026-06-01T03:30:00Z", "2026-06-01T04:00:00Z", "DAY", "America/New_York", {
      repeatEndsAt: at("2026-06-03T00:00:00Z"),
    });
    expect(activeOccurrence(w, at("2026-06-04T03:40:00Z"))?.start.toISOString()).toBe("2026-06-04T03:30:00.000Z");
    expect(activeOccurrence(w, at("2026-06-05T03:40:00Z"))).toBeNull();
    expect(latestStart(w, at("2026-06-10T00:00:00Z"))?.start.toISOString()).toBe("2026-06-04T03:30:00.000Z");
    expect(currentOrNextOccurrence(w, at("2026-06-10T00:00:00Z"))).toBeNull();
  });

  it("current or next occurrence, latest start and latest end", () => {
    const w = window("2026-03-27T01:00:00Z", "2026-03-27T02:00:00Z", "DAY", "Europe/Berlin");
    expect(currentOrNextOccurrence(w, at("2026-03-26T00:00:00Z"))?.start.toISOString()).toBe(
      "2026-03-27T01:00:00.000Z",
    );
    expect(currentOrNextOccurrence(w, at("2026-03-27T01:30:00Z"))?.start.toISOString()).toBe(
      "2026-03-27T01:00:00.000Z",
    );
    expect(currentOrNextOccurrence(w, at("2026-03-27T03:00:00Z"))?.start.toISOString()).toBe(
      "2026-03-28T01:00:00.000Z",
    );
    expect(latestStart(w, at("2026-03-28T01:30:00Z"))?.start.toISOString()).toBe("2026-03-28T01:00:00.000Z");
    expect(latestEnd(w, at("2026-03-28T01:30:00Z"))?.end.toISOString()).toBe("2026-03-27T02:00:00.000Z");
    expect(latestEnd(w, at("2026-03-27T01:30:00Z"))).toBeNull();
    const once = { ...w, repeatInterval: null };
    expect(currentOrNextOccurrence(once, at("2026-03-27T03:00:00Z"))).toBeNull();
  });

  it("zone names: IANA names only", () => {
    expect(isTimeZoneName("Europe/Berlin")).toBe(true);
    expect(isTimeZoneName("Mars/Olympus")).toBe(false);
    expect(isTimeZoneName("+05:00")).toBe(false);
    expect(instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0, ms: 0 }, "Europe/Berlin")).toBe(
      Date.parse("2026-03-29T01:30:00Z"),
    );
  });

  it("the engine's pause and silence decision uses the same zoned occurrences", () => {
    const w = {
      ...window("2026-03-27T01:00:00Z", "2026-03-27T02:00:00Z", "DAY", "Europe/Berlin"),
      id: 1,
      name: "nightly",
      tags: [],
      pauseAllChecks: true,
      silenceAlertsTags: [],
      silenceAllAlerts: true,
    };
    // 00:30Z on March 30 is 02:30 CEST: inside the local 02:00-03:00 window.
    expect(maintenanceStatus([w], { tags: [] }, at("2026-03-30T00:30:00Z"))).toMatchObject({
      paused: true,
      silenced: true,
    });
    // 01:30Z is 03:30 CEST: outside (UTC arithmetic would still pause).
    expect(maintenanceStatus([w], { tags: [] }, at("2026-03-30T01:30:00Z"))).toMatchObject({
      paused: false,
      silenced: false,
    });
  });
});

import { describe, expect, it } from "vitest";
import { fromWindow, type StoredWindow, toInput } from "../src/screens/maintenance/values";

// A window made through the API with what the app's form does not show: both effects at once and
// the status-page options. The update replaces the whole window, so an edit must send them back.
const stored: StoredWindow = {
  name: "Database upgrade",
  description: null,
  timezone: "Europe/Berlin",
  startsAt: "2027-03-26T08:00:00.000Z",
  endsAt: "2027-03-26T09:00:00.000Z",
  repeatUnit: "DAY",
  repeatInterval: null,
  repeatEndsAt: null,
  tags: ["db"],
  pauseAllChecks: false,
  silenceAlertsTags: ["edge"],
  silenceAllAlerts: false,
  statusPageVisibility: {
    enabled: true,
    statusPageIds: ["page-1"],
    notifyOnStart: true,
    notifyOnEnd: false,
    affectAllServices: false,
    serviceIds: ["service-1"],
    severity: "MAJOR",
    reminderMinutesBefore: [60],
    autoStart: true,
    autoEnd: false,
    showAffectedServices: true,
    suppressAutoIncidents: true,
  },
};

describe("editing a maintenance window", () => {
  it("sends back what the form does not show: the other effect's tags and the page options", () => {
    const values = { ...fromWindow(stored), name: "Database upgrade (moved)" };
    expect(values.effect).toBe("PAUSE");
    const input = toInput(values, stored);
    expect(input.name).toBe("Database upgrade (moved)");
    expect(input.tags).toEqual(["db"]);
    expect(input.silenceAlertsTags).toEqual(["edge"]);
    // Every option goes back as it was stored: the form changed none of them.
    expect(input.statusPageVisibility).toEqual(stored.statusPageVisibility);
  });

  it("replaces the targets of the effect the form shows, and a new window affects every service", () => {
    const changed = toInput({ ...fromWindow(stored), tags: "db, cache" }, stored);
    expect(changed.tags).toEqual(["db", "cache"]);
    const created = toInput({ ...fromWindow(stored), statusPageIds: ["page-2"] });
    expect(created.silenceAlertsTags).toEqual([]);
    expect(created.statusPageVisibility).toEqual({
      enabled: true,
      statusPageIds: ["page-2"],
      affectAllServices: true,
      notifyOnStart: true,
      notifyOnEnd: false,
    });
  });
});

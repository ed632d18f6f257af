import { describe, expect, it } from "vitest";
import { withoutPage } from "../src/screens/maintenance/pageOptions";
import { emptyWindow, fieldOf, fromWindow, type StoredWindow, toInput } from "../src/screens/maintenance/values";

// A window made through the API with what the app's form does not show (both effects at once) and
// every status-page option. The update replaces the whole window, so an edit must send them back.
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
    const created = toInput({ ...emptyWindow(), statusPageIds: ["page-2"] });
    expect(created.silenceAlertsTags).toEqual([]);
    // The API's defaults, but for the services: all of the page's until some are named.
    expect(created.statusPageVisibility).toEqual({
      enabled: true,
      statusPageIds: ["page-2"],
      affectAllServices: true,
      serviceIds: [],
      severity: null,
      notifyOnStart: false,
      notifyOnEnd: false,
      reminderMinutesBefore: [],
      autoStart: true,
      autoEnd: true,
      showAffectedServices: true,
      suppressAutoIncidents: false,
    });
  });

  it("keeps a hidden window's pages while none is chosen, and names no service with all of them", () => {
    const hidden = { ...stored, statusPageVisibility: { ...stored.statusPageVisibility!, enabled: false } };
    const values = fromWindow(hidden);
    expect(values.statusPageIds).toEqual([]);
    expect(toInput(values, hidden).statusPageVisibility).toEqual(hidden.statusPageVisibility);
    const all = toInput({ ...fromWindow(stored), affectAllServices: true }, stored).statusPageVisibility;
    expect(all).toMatchObject({ affectAllServices: true, serviceIds: [] });
  });

  it("drops the services only an unticked page showed", () => {
    const a = { services: [{ databaseId: "s1" }, { databaseId: "s2" }] };
    const b = { services: [{ databaseId: "s2" }, { databaseId: "s3" }] };
    expect(withoutPage(["s1", "s2", "s3", "s9"], a, [b])).toEqual(["s2", "s3", "s9"]);
  });

  it("puts the API's errors on the option they name", () => {
    expect(fieldOf("statusPageVisibility.reminderMinutesBefore.0")).toBe("reminderMinutesBefore");
    expect(fieldOf("statusPageVisibility.serviceIds.1")).toBe("serviceIds");
    expect(fieldOf("statusPageVisibility.affectAllServices")).toBe("serviceIds");
    expect(fieldOf("statusPageVisibility.severity")).toBe("severity");
    expect(fieldOf("statusPageVisibility.statusPageIds.0")).toBe("statusPageIds");
    expect(fieldOf("statusPageVisibility")).toBe("statusPageIds");
  });
});

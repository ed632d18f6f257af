// The stored occurrences of maintenance windows (issue 29, section 3): made in the window's time zone
// across a daylight-saving change, remade on edit except those moved, skipped or past, topped up
// to 90 days ahead by the periodic sweep, and deleted with the results' retention. The clock is
// the domain context's, so the test chooses "now".
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { createMaintenanceWindow, updateMaintenanceWindow } from "../../../src/domain/maintenance-windows/index.js";
import { topUpOccurrences } from "../../../src/domain/maintenance-windows/occurrence-rows.js";
import { moveMaintenance, skipMaintenance } from "../../../src/domain/maintenances/index.js";
import { sweepRetention } from "../../../src/domain/retention/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describe(`maintenance occurrences on ${testProvider}`, () => {
  const t = useTestApp();
  const at = (ms: number) => ({ ...domainContext(t.app.context, t.accountId), now: () => new Date(ms) });
  const rows = (windowId: number) =>
    t.db.maintenance.findMany({ where: { windowId }, orderBy: { startsAt: "asc" }, include: { updates: true } });

  it("a daily window at 09:00 Europe/Berlin stays at 09:00 local across both changes: 08:00Z in winter, 07:00Z in summer", async () => {
    const now = Date.parse("2027-03-20T00:00:00Z");
    const window = await createMaintenanceWindow({
      ctx: at(now),
      input: {
        name: "Berlin",
        startsAt: "2027-03-21T08:00:00Z",
        endsAt: "2027-03-21T09:30:00Z",
        repeatUnit: "DAY",
        repeatInterval: 1,
        timezone: "Europe/Berlin",
      },
    });
    const made = await rows(window.id);
    const starts = made.map((m) => iso(m.startsAt.getTime()));
    // 2027-03-28 02:00 CET -> 03:00 CEST.
    expect(starts.slice(0, 9)).toEqual([
      "2027-03-21T08:00:00.000Z",
      "2027-03-22T08:00:00.000Z",
      "2027-03-23T08:00:00.000Z",
      "2027-03-24T08:00:00.000Z",
      "2027-03-25T08:00:00.000Z",
      "2027-03-26T08:00:00.000Z",
      "2027-03-27T08:00:00.000Z",
      "2027-03-28T07:00:00.000Z",
      "2027-03-29T07:00:00.000Z",
    ]);
    // Every occurrence lasts 90 minutes; the last starts before now + 90 days.
    expect(made.every((m) => m.endsAt.getTime() - m.startsAt.getTime() === 90 * 60_000)).toBe(true);
    expect(made.at(-1)!.startsAt.getTime()).toBeLessThan(now + 90 * DAY);
    expect(made.length).toBe(89);
    // The periodic top-up half a year later carries on past the autumn change (2027-10-31 03:00 CEST -> 02:00 CET).
    const later = Date.parse("2027-10-20T00:00:00Z");
    await topUpOccurrences({ db: t.db, now: new Date(later) });
    const autumn = (await rows(window.id)).map((m) => iso(m.startsAt.getTime()));
    expect(autumn).toContain("2027-10-30T07:00:00.000Z");
    expect(autumn).toContain("2027-10-31T08:00:00.000Z");
    expect(new Set(autumn).size).toBe(autumn.length);
    // Topping up again the same day makes nothing.
    const count = autumn.length;
    await topUpOccurrences({ db: t.db, now: new Date(later + HOUR) });
    expect(await t.db.maintenance.count({ where: { windowId: window.id } })).toBe(count);
  });

  it("an edit remakes the untouched occurrences and keeps the moved, skipped and past ones", async () => {
    const t0 = Date.parse("2031-01-01T00:00:00Z");
    const start = t0 + 10 * HOUR; // daily 10:00-11:00 UTC from 2031-01-01
    const window = await createMaintenanceWindow({
      ctx: at(t0),
      input: { name: "Daily", startsAt: iso(start), endsAt: iso(start + HOUR), repeatUnit: "DAY", repeatInterval: 1 },
    });
    const first = await rows(window.id);
    const [jan1, jan2, jan3, jan4, jan5, jan6] = first;
    // Jan 3 at 09:00: Jan 1's and Jan 2's occurrences are over and can be neither moved nor skipped.
    const now = t0 + 2 * DAY + 9 * HOUR;
    await expect(
      moveMaintenance({ ctx: at(now), id: jan2!.id, input: { startsAt: iso(start + 3 * DAY) } }),
    ).rejects.toThrow(/over/);
    await expect(skipMaintenance({ ctx: at(now), id: jan1!.id })).rejects.toThrow(/over/);
    // Jan 3's moved to 15:00, Jan 4's skipped, Jan 5's untouched but with an update, Jan 6's untouched.
    await moveMaintenance({ ctx: at(now), id: jan3!.id, input: { startsAt: iso(start + 2 * DAY + 5 * HOUR) } });
    await skipMaintenance({ ctx: at(now), id: jan4!.id });
    await t.db.maintenanceUpdate.create({
      data: { accountId: t.accountId, maintenanceId: jan5!.id, status: "SCHEDULED", description: "kept with its row" },
    });
    // A rename keeps every occurrence and its id (the rule's times did not change).
    await updateMaintenanceWindow({
      ctx: at(now),
      id: window.id,
      input: { name: "Renamed", startsAt: iso(start), endsAt: iso(start + HOUR), repeatUnit: "DAY" },
    });
    const renamed = await rows(window.id);
    // The same rows, plus the days the horizon moved on by.
    expect(renamed.map((m) => m.id).slice(0, first.length)).toEqual(first.map((m) => m.id));
    expect(renamed.find((m) => m.id === jan5!.id)!.updates).toHaveLength(1);

    // Moving the rule to 12:00: past, moved and skipped ones stay; the untouched future ones are remade.
    await updateMaintenanceWindow({
      ctx: at(now),
      id: window.id,
      input: { name: "Noon", startsAt: iso(start + 2 * HOUR), endsAt: iso(start + 3 * HOUR), repeatUnit: "DAY" },
    });
    const after = await rows(window.id);
    const byId = new Map(after.map((m) => [m.id, m]));
    expect(byId.get(jan1!.id)?.startsAt).toEqual(new Date(start));
    expect(byId.get(jan2!.id)?.startsAt).toEqual(new Date(start + DAY));
    expect(byId.get(jan3!.id)).toMatchObject({ moved: true, startsAt: new Date(start + 2 * DAY + 5 * HOUR) });
    expect(byId.get(jan4!.id)).toMatchObject({ cancelled: true, startsAt: new Date(start + 3 * DAY) });
    expect(byId.has(jan5!.id)).toBe(false);
    expect(byId.has(jan6!.id)).toBe(false);
    // The new rule's untouched occurrences are at 12:00 from Jan 3 on (not over at `now`); none at 10:00 any more.
    const untouched = after.filter((m) => !m.moved && !m.cancelled && m.endsAt.getTime() > now);
    expect(untouched.slice(0, 3).map((m) => iso(m.startsAt.getTime()))).toEqual([
      "2031-01-03T12:00:00.000Z",
      "2031-01-04T12:00:00.000Z",
      "2031-01-05T12:00:00.000Z",
    ]);
    expect(untouched.every((m) => new Date(m.startsAt).getUTCHours() === 12)).toBe(true);
    expect(new Set(after.map((m) => m.slotStartsAt.getTime())).size).toBe(after.length);
  });
  it("retention deletes the occurrences over before the cutoff, with their updates", async () => {
    const t0 = Date.parse("2032-01-01T00:00:00Z");
    const window = await createMaintenanceWindow({
      ctx: at(t0),
      input: {
        name: "Old",
        startsAt: iso(t0 + HOUR),
        endsAt: iso(t0 + 2 * HOUR),
        repeatUnit: "DAY",
        repeatInterval: 1,
      },
    });
    const made = await rows(window.id);
    await t.db.maintenanceUpdate.create({
      data: { accountId: t.accountId, maintenanceId: made[0]!.id, status: "COMPLETED", description: "done" },
    });
    // 40 days later with 30 days of retention: the first 10 days' occurrences go.
    const report = await sweepRetention({ ctx: { db: t.db }, now: new Date(t0 + 40 * DAY), options: { days: 30 } });
    expect(report.maintenances).toBeGreaterThanOrEqual(9);
    const left = await rows(window.id);
    expect(left[0]!.startsAt.getTime()).toBeGreaterThanOrEqual(t0 + 9 * DAY);
    expect(await t.db.maintenanceUpdate.count({ where: { maintenanceId: made[0]!.id } })).toBe(0);
  });
});

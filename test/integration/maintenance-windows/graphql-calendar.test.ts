import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const CALENDAR = `query ($from: DateTime, $to: DateTime) { maintenances(from: $from, to: $to) {
  startsAt status window { name timezone } } }`;

const DAY_MS = 86_400_000;
const day = (n: number, hour = 9) => {
  const d = new Date(Date.now() + n * DAY_MS);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/** The app's calendar: every window's coming occurrences in one list, in time order, the caller's only. */
describe(`GraphQL Query.maintenances on ${testProvider}`, () => {
  const t = useTestApp();

  it("lists the account's occurrences of all windows over a range, in time order", async () => {
    const daily = await t.api.post("/v1/maintenance-windows", {
      name: "Nightly backup",
      startsAt: day(2, 2),
      endsAt: day(2, 3),
      repeatUnit: "DAY",
      repeatInterval: 1,
      timezone: "Europe/Berlin",
      tags: ["db"],
    });
    expect(daily.status).toBe(201);
    await t.api.post("/v1/maintenance-windows", {
      name: "Upgrade",
      startsAt: day(3, 12),
      endsAt: day(3, 13),
      repeatUnit: "DAY",
      pauseAllChecks: true,
    });
    const other = await t.newAccount();
    await restClient(t.url, other.apiKey).post("/v1/maintenance-windows", {
      name: "Theirs",
      startsAt: day(3, 1),
      endsAt: day(3, 4),
      repeatUnit: "DAY",
    });

    const { body } = await t.gql(CALENDAR, { from: day(1, 0), to: day(5, 0) });
    expect(body.data.maintenances).toEqual([
      { startsAt: day(2, 2), status: "SCHEDULED", window: { name: "Nightly backup", timezone: "Europe/Berlin" } },
      { startsAt: day(3, 2), status: "SCHEDULED", window: { name: "Nightly backup", timezone: "Europe/Berlin" } },
      { startsAt: day(3, 12), status: "SCHEDULED", window: { name: "Upgrade", timezone: null } },
      { startsAt: day(4, 2), status: "SCHEDULED", window: { name: "Nightly backup", timezone: "Europe/Berlin" } },
    ]);
    const byDefault = await t.gql(CALENDAR, {});
    expect(byDefault.body.data.maintenances.length).toBeGreaterThan(4);
    expect(
      byDefault.body.data.maintenances.every((m: { window: { name: string } }) => m.window.name !== "Theirs"),
    ).toBe(true);
    const backwards = await t.gql(CALENDAR, { from: day(5), to: day(1) });
    expect(backwards.body.errors?.[0]?.message).toBe("to must be after from");
    expect(backwards.body.data).toBeNull();
  });
});

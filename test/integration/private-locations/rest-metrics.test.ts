import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck, createPrivateLocation } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const MINUTE = 60_000;
const unix = (ms: number) => String(ms / 1000);

describe(`REST private location metrics on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  /** A whole minute half an hour ago: the window [base, base + 10 min) has ten 1-minute buckets. */
  const base = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;
  const at = (seconds: number) => new Date(base + seconds * 1000);
  type Run = { due: number; claimed?: number; finished?: number; status: string };
  const runs = async (locationId: string, list: Run[], accountId = t.accountId) => {
    const check = await createCheck(t, {}, accountId);
    for (const run of list)
      await t.db.checkRun.create({
        data: {
          accountId,
          checkId: check.id,
          privateLocationId: locationId,
          sequenceId: randomUUID(),
          status: run.status,
          dueAt: at(run.due),
          claimedAt: run.claimed === undefined ? null : at(run.claimed),
          finishedAt: run.finished === undefined ? null : at(run.finished),
        },
      });
  };

  it("answers the most runs waiting at once and the oldest wait per bucket, from the location's runs only", async () => {
    const location = await createPrivateLocation(t);
    await runs(location.id, [
      { due: -100, claimed: -50, finished: -40, status: "DONE" }, // before the window: not counted
      { due: -30, claimed: 10, finished: 20, status: "DONE" }, // waiting at the start, 40 s old when claimed
      { due: 30, claimed: 90, finished: 95, status: "DONE" },
      { due: 120, finished: 300, status: "DROPPED" }, // never claimed: waits until dropped
      { due: 150, claimed: 170, status: "RUNNING" },
      { due: 200, status: "PENDING" }, // waiting for its group's concurrency, not in the queue
    ]);
    // Another location of the account, and another account's location, change nothing.
    await runs((await createPrivateLocation(t)).id, [{ due: 0, status: "QUEUED" }]);
    const other = await t.newAccount();
    await runs(
      (await createPrivateLocation(t, {}, other.accountId)).id,
      [{ due: 0, status: "QUEUED" }],
      other.accountId,
    );

    const response = await api.get(
      `/v1/private-locations/${location.id}/metrics?from=${unix(base)}&to=${unix(base + 10 * MINUTE)}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      timestamps: Array.from({ length: 10 }, (_, i) => new Date(base + i * MINUTE).toISOString()),
      queueSize: [1, 1, 2, 1, 1, 0, 0, 0, 0, 0],
      oldestScheduledCheckRun: [40, 60, 60, 120, 180, 0, 0, 0, 0, 0],
    });
    // ISO dates are accepted as well as UNIX seconds.
    const iso = await api.get(
      `/v1/private-locations/${location.id}/metrics?from=${at(0).toISOString()}&to=${at(600).toISOString()}`,
    );
    expect(iso.body).toEqual(response.body);
  });

  it("widens the buckets with the window (10 minutes up to 3 days, then 1 hour) and ends a window to come at now", async () => {
    const location = await createPrivateLocation(t);
    const day = await api.get(
      `/v1/private-locations/${location.id}/metrics?from=${unix(base - 24 * 60 * MINUTE)}&to=${unix(base)}`,
    );
    expect(day.status).toBe(200);
    expect(day.body.timestamps).toHaveLength(144);
    expect(Date.parse(day.body.timestamps[1]) - Date.parse(day.body.timestamps[0])).toBe(10 * MINUTE);
    expect(day.body.queueSize).toEqual(Array(144).fill(0));
    const tenDays = await api.get(
      `/v1/private-locations/${location.id}/metrics?from=${unix(base - 10 * 24 * 60 * MINUTE)}&to=${unix(base)}`,
    );
    expect(tenDays.body.timestamps).toHaveLength(240);
    const future = await api.get(
      `/v1/private-locations/${location.id}/metrics?from=${unix(base)}&to=${unix(base + 365 * 24 * 60 * MINUTE)}`,
    );
    expect(future.status).toBe(200);
    // Half an hour (and the seconds of the current minute) at 1-minute buckets: the window stops at now.
    expect(future.body.timestamps.length).toBeGreaterThanOrEqual(30);
    expect(future.body.timestamps.length).toBeLessThanOrEqual(32);
  });

  it.each([
    ["", ["from", "to"]],
    ["from=1", ["to"]],
    ["to=1", ["from"]],
    ["from=yesterday&to=1", ["from"]],
    ["from=FROM&to=nope", ["to"]],
    ["from=OLD&to=FROM", ["from"]],
    ["from=FROM&to=FROM", ["to"]],
    ["from=FROM&to=BEFORE", ["to"]],
    ["from=FROM&to=TO&page=2", ["page"]],
  ])("refuses the query %s naming %o", async (query, keys) => {
    const location = await createPrivateLocation(t);
    const values = {
      FROM: unix(base),
      TO: unix(base + MINUTE),
      BEFORE: unix(base - MINUTE),
      OLD: unix(base - 16 * 24 * 60 * MINUTE),
    };
    const filled = query.replace(/FROM|TO|BEFORE|OLD/g, (name) => values[name as keyof typeof values]);
    const response = await api.get(`/v1/private-locations/${location.id}/metrics?${filled}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, validation: { source: "query", keys } });
  });

  it("keeps accounts apart: another account's location, a missing one and a malformed id are 404", async () => {
    const location = await createPrivateLocation(t);
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    const window = `from=${unix(base)}&to=${unix(base + MINUTE)}`;
    expect((await api.get(`/v1/private-locations/${location.id}/metrics?${window}`)).status).toBe(200);
    expect((await stranger.get(`/v1/private-locations/${location.id}/metrics?${window}`)).status).toBe(404);
    // The 404 comes before the query's validation: a stranger learns nothing from a bad window either.
    expect((await stranger.get(`/v1/private-locations/${location.id}/metrics`)).status).toBe(404);
    expect((await api.get(`/v1/private-locations/${randomUUID()}/metrics?${window}`)).status).toBe(404);
    expect((await api.get(`/v1/private-locations/nope/metrics?${window}`)).status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const defaults = {
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold: 1 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
};

describe(`REST account alert settings on ${testProvider}`, () => {
  const t = useTestApp();

  it("shows the defaults until set, then what was set completed with the defaults", async () => {
    const api = restClient(t.url, (await t.newAccount()).apiKey);
    const initial = await api.get("/v1/alert-settings");
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual(defaults);

    const timeBased = await api.put("/v1/alert-settings", {
      escalationType: "TIME_BASED",
      timeBasedEscalation: { minutesFailingThreshold: 10 },
      reminders: { amount: 2, interval: 15 },
    });
    expect(timeBased.status).toBe(200);
    expect(timeBased.body).toEqual({
      ...defaults,
      escalationType: "TIME_BASED",
      timeBasedEscalation: { minutesFailingThreshold: 10 },
      reminders: { amount: 2, interval: 15 },
    });
    expect((await api.get("/v1/alert-settings")).body).toEqual(timeBased.body);

    // A PUT replaces the settings as a whole.
    const parallel = await api.put("/v1/alert-settings", {
      parallelRunFailureThreshold: { enabled: true, percentage: 50 },
    });
    expect(parallel.body).toEqual({ ...defaults, parallelRunFailureThreshold: { enabled: true, percentage: 50 } });
    expect((await api.get("/v1/alert-settings")).body).toEqual(parallel.body);
    // Another account still sees its own (the defaults).
    expect((await t.api.get("/v1/alert-settings")).body).toEqual(defaults);
  });

  it("refuses invalid settings with a 400 naming the field, and changes nothing", async () => {
    const api = restClient(t.url, (await t.newAccount()).apiKey);
    await api.put("/v1/alert-settings", { runBasedEscalation: { failedRunThreshold: 3 } });
    const stored = (await api.get("/v1/alert-settings")).body;
    const cases: [unknown, string[]][] = [
      [{ escalationType: "SOMETIMES" }, ["escalationType"]],
      [{ runBasedEscalation: { failedRunThreshold: 6 } }, ["runBasedEscalation.failedRunThreshold"]],
      [{ timeBasedEscalation: { minutesFailingThreshold: 7 } }, ["timeBasedEscalation.minutesFailingThreshold"]],
      [{ reminders: { amount: 9, interval: 5 } }, ["reminders.amount"]],
      [{ parallelRunFailureThreshold: { enabled: true, percentage: 15 } }, ["parallelRunFailureThreshold.percentage"]],
      [{ colour: "red" }, ["colour"]],
    ];
    for (const [body, keys] of cases) {
      const response = await api.put("/v1/alert-settings", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.validation).toEqual({ source: "payload", keys });
    }
    expect((await api.put("/v1/alert-settings", [])).status).toBe(400);
    expect((await api.get("/v1/alert-settings")).body).toEqual(stored);
    expect((await api.get("/v1/alert-settings?x=1")).status).toBe(400);
  });
});

import { describe, expect, it } from "vitest";
import { INITIAL_ALERT_STATE, type Decision } from "../../../../src/domain/alert-rules/decide.js";
import {
  applyFlapping,
  flappingSettlesAt,
  INITIAL_FLAP_STATE,
  stateAfter,
  type FlapState,
} from "../../../../src/domain/alert-rules/flapping.js";
import { alertRulesInForce, resultOutcome, runNeedsSettings } from "../../../../src/domain/alert-rules/in-force.js";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const failure: Decision = { state: INITIAL_ALERT_STATE, alert: { type: "ALERT_FAILURE", silenced: false } };
const none: Decision = { state: INITIAL_ALERT_STATE, alert: null };

describe("flapping", () => {
  it("passes alerts through up to 5 changes in 30 minutes, then raises one FLAPPING note", () => {
    let flap: FlapState = INITIAL_FLAP_STATE;
    const alerts = [];
    for (let minute = 0; minute < 8; minute++) {
      const result = applyFlapping(flap, failure, { changed: true, silenced: false, now: at(minute) });
      flap = result.flap;
      alerts.push(result.alert?.type ?? null);
    }
    expect(alerts).toEqual([
      "ALERT_FAILURE",
      "ALERT_FAILURE",
      "ALERT_FAILURE",
      "ALERT_FAILURE",
      "ALERT_FAILURE",
      "ALERT_FLAPPING",
      null,
      null,
    ]);
    expect(flappingSettlesAt(flap)).toEqual(at(37));
  });

  it("forgets changes older than 30 minutes", () => {
    let flap: FlapState = INITIAL_FLAP_STATE;
    for (const minute of [0, 10, 20, 30, 40, 50, 60]) {
      const result = applyFlapping(flap, failure, { changed: true, silenced: false, now: at(minute) });
      expect(result.alert?.type).toBe("ALERT_FAILURE");
      flap = result.flap;
    }
  });

  it("settles after 30 minutes without a change: the next alert decides normally", () => {
    const flapping: FlapState = { recentChanges: [at(0), at(1)], flapping: true };
    expect(applyFlapping(flapping, failure, { changed: false, silenced: false, now: at(20) }).alert).toBeNull();
    const settled = applyFlapping(flapping, failure, { changed: false, silenced: false, now: at(32) });
    expect(settled).toEqual({ flap: INITIAL_FLAP_STATE, alert: failure.alert });
  });

  it("keeps the episode as it was when the alert is withheld, the decided state when it goes out", () => {
    const before = { ...INITIAL_ALERT_STATE, condition: "FAILING" as const, since: at(0), runs: 1 };
    const decided: Decision = {
      state: { ...before, runs: 2, alerted: "FAILURE", failureAlerted: true, nextReminderAt: at(5) },
      alert: { type: "ALERT_FAILURE", silenced: false },
    };
    expect(stateAfter(before, decided, decided.alert)).toBe(decided.state);
    expect(stateAfter(before, decided, null)).toEqual({ ...before, runs: 2 });
    expect(stateAfter(before, decided, { type: "ALERT_FLAPPING", silenced: false })).toEqual({ ...before, runs: 2 });
    expect(stateAfter(before, none, null)).toBe(none.state);
  });

  it("silences the note as the alert would be", () => {
    const flap: FlapState = { recentChanges: [at(0), at(1), at(2), at(3), at(4)], flapping: false };
    expect(applyFlapping(flap, none, { changed: true, silenced: true, now: at(5) }).alert).toEqual({
      type: "ALERT_FLAPPING",
      silenced: true,
    });
  });
});

describe("settings in force", () => {
  const own = { escalationType: "TIME_BASED", timeBasedEscalation: { minutesFailingThreshold: 10 } };
  const group = { reminders: { amount: 2, interval: 10 } };
  const account = { runBasedEscalation: { failedRunThreshold: 3 } };

  it("a check outside groups: its own, or the account's", () => {
    const check = { alertSettings: own, useGlobalAlertSettings: false };
    expect(alertRulesInForce({ check, group: null, account }).timeBasedEscalation).toEqual({
      minutesFailingThreshold: 10,
    });
    const global = alertRulesInForce({ check: { ...check, useGlobalAlertSettings: true }, group: null, account });
    expect(global.runBasedEscalation).toEqual({ failedRunThreshold: 3 });
    expect(global.reminders).toEqual({ amount: 0, interval: 5 });
  });

  it("a check in a group: the group's, or the account's, never its own", () => {
    const check = { alertSettings: own, useGlobalAlertSettings: false };
    expect(
      alertRulesInForce({ check, group: { alertSettings: group, useGlobalAlertSettings: false }, account }).reminders,
    ).toEqual({ amount: 2, interval: 10 });
    const global = alertRulesInForce({ check, group: { alertSettings: group, useGlobalAlertSettings: true }, account });
    expect(global).toMatchObject({ escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 3 } });
  });

  it("an account without settings: the defaults", () => {
    const check = { alertSettings: null, useGlobalAlertSettings: true };
    expect(alertRulesInForce({ check, group: null, account: null })).toEqual({
      escalationType: "RUN_BASED",
      runBasedEscalation: { failedRunThreshold: 1 },
      timeBasedEscalation: undefined,
      reminders: { amount: 0, interval: 5 },
      parallelRunFailureThreshold: { enabled: false, percentage: 10 },
    });
  });
});

describe("outcomes", () => {
  it("FAIL with failures or errors, DEGRADED when degraded, else PASS", () => {
    expect(resultOutcome({ hasFailures: false, hasErrors: true, isDegraded: true })).toBe("FAIL");
    expect(resultOutcome({ hasFailures: false, hasErrors: false, isDegraded: true })).toBe("DEGRADED");
    expect(resultOutcome({ hasFailures: false, hasErrors: false, isDegraded: null })).toBe("PASS");
  });

  it("reads settings only when a run may change something", () => {
    const passing = { ...INITIAL_ALERT_STATE, since: at(0) };
    expect(runNeedsSettings(passing, "PASS")).toBe(false);
    expect(runNeedsSettings(INITIAL_ALERT_STATE, "PASS")).toBe(true);
    expect(runNeedsSettings(passing, "FAIL")).toBe(true);
    const failing = { ...passing, condition: "FAILING" as const, runs: 1 };
    expect(runNeedsSettings(failing, "FAIL")).toBe(true);
    expect(runNeedsSettings({ ...failing, alerted: "FAILURE" }, "FAIL")).toBe(false);
    // An alert out that the condition no longer matches (withheld while flapping): this run announces it.
    expect(runNeedsSettings({ ...passing, alerted: "FAILURE" }, "PASS")).toBe(true);
    expect(runNeedsSettings({ ...failing, alerted: "DEGRADED" }, "FAIL")).toBe(true);
  });
});

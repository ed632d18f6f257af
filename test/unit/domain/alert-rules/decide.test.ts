// The alert decision rules of docs/decisions.md (Alerting), driven event by event on a fake clock.
import { describe, expect, it } from "vitest";
import {
  type AlertRules,
  type AlertState,
  decideAlert,
  INITIAL_ALERT_STATE,
  nextAlertDueAt,
  parallelRunOutcome,
  type RunVerdict,
  type Silence,
} from "../../../../src/domain/alert-rules/decide.js";

const RUN_BASED: AlertRules = {
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold: 1 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
};
const rules = (over: Partial<AlertRules> = {}): AlertRules => ({ ...RUN_BASED, ...over });
const t0 = Date.parse("2026-11-24T12:00:00Z");
const minute = (m: number) => new Date(t0 + m * 60_000);
const LOUD: Silence = { muted: false, maintenance: false };

type Step =
  | [minute: number, outcome: RunVerdict, silence?: Partial<Silence>]
  | [minute: number, "tick", silence?: Partial<Silence>];

/** Plays the steps from the initial state; returns each raised alert as "TYPE@minute" (+ " silenced"). */
function play(r: AlertRules, steps: Step[], start: AlertState = INITIAL_ALERT_STATE) {
  let state = start;
  const alerts: string[] = [];
  for (const [m, what, silence] of steps) {
    const event =
      what === "tick" ? ({ kind: "tick" } as const) : ({ kind: "run", outcome: what, at: minute(m) } as const);
    const decision = decideAlert(r, state, event, { ...LOUD, ...silence }, minute(m));
    state = decision.state;
    if (decision.alert) alerts.push(`${decision.alert.type}@${m}${decision.alert.silenced ? " silenced" : ""}`);
  }
  return { alerts, state };
}

describe("run-based escalation", () => {
  it("alerts FAILURE at the first failed run with the default threshold 1, RECOVERY at the next pass", () => {
    expect(
      play(rules(), [
        [0, "PASS"],
        [1, "FAIL"],
        [2, "FAIL"],
        [3, "PASS"],
        [4, "PASS"],
      ]).alerts,
    ).toEqual(["ALERT_FAILURE@1", "ALERT_RECOVERY@3"]);
  });

  it("waits for failedRunThreshold consecutive failed runs; a pass in between starts over", () => {
    const r = rules({ runBasedEscalation: { failedRunThreshold: 3 } });
    expect(
      play(r, [
        [0, "FAIL"],
        [1, "FAIL"],
        [2, "PASS"],
        [3, "FAIL"],
        [4, "FAIL"],
      ]).alerts,
    ).toEqual([]);
    expect(
      play(r, [
        [0, "FAIL"],
        [1, "FAIL"],
        [2, "FAIL"],
        [3, "FAIL"],
      ]).alerts,
    ).toEqual(["ALERT_FAILURE@2"]);
  });

  it("does not alert a recovery that no alert preceded", () => {
    const r = rules({ runBasedEscalation: { failedRunThreshold: 2 } });
    expect(
      play(r, [
        [0, "FAIL"],
        [1, "PASS"],
      ]).alerts,
    ).toEqual([]);
  });

  it("alerts DEGRADED the same way, and DEGRADED_RECOVERY after it", () => {
    const r = rules({ runBasedEscalation: { failedRunThreshold: 2 } });
    expect(
      play(r, [
        [0, "DEGRADED"],
        [1, "DEGRADED"],
        [2, "DEGRADED"],
        [3, "PASS"],
      ]).alerts,
    ).toEqual(["ALERT_DEGRADED@1", "ALERT_DEGRADED_RECOVERY@3"]);
  });

  it("counts failed and degraded runs apart", () => {
    const r = rules({ runBasedEscalation: { failedRunThreshold: 2 } });
    expect(
      play(r, [
        [0, "FAIL"],
        [1, "DEGRADED"],
        [2, "FAIL"],
      ]).alerts,
    ).toEqual([]);
  });
});

describe("escalation and de-escalation between degraded and failing", () => {
  it("alerts DEGRADED_FAILURE at once when a degraded check fails, then RECOVERY", () => {
    const r = rules({ runBasedEscalation: { failedRunThreshold: 3 } });
    const steps: Step[] = [
      [0, "DEGRADED"],
      [1, "DEGRADED"],
      [2, "DEGRADED"],
      [3, "FAIL"],
      [4, "PASS"],
    ];
    expect(play(r, steps).alerts).toEqual(["ALERT_DEGRADED@2", "ALERT_DEGRADED_FAILURE@3", "ALERT_RECOVERY@4"]);
  });

  it("alerts FAILURE_DEGRADED at once when a failing check is only degraded; the recovery is RECOVERY since a failure was alerted", () => {
    const steps: Step[] = [
      [0, "FAIL"],
      [1, "DEGRADED"],
      [2, "DEGRADED"],
      [3, "PASS"],
    ];
    expect(play(rules(), steps).alerts).toEqual(["ALERT_FAILURE@0", "ALERT_FAILURE_DEGRADED@1", "ALERT_RECOVERY@3"]);
  });
});

describe("time-based escalation", () => {
  const r = rules({ escalationType: "TIME_BASED", timeBasedEscalation: { minutesFailingThreshold: 10 } });

  it("alerts once the check has failed for the threshold's minutes, judged on runs", () => {
    expect(
      play(r, [
        [0, "FAIL"],
        [5, "FAIL"],
        [9, "FAIL"],
        [10, "FAIL"],
        [11, "FAIL"],
      ]).alerts,
    ).toEqual(["ALERT_FAILURE@10"]);
  });

  it("alerts on a tick when no run comes (a rarely-run check, a silent heartbeat)", () => {
    const { state } = play(r, [[0, "FAIL"]]);
    expect(nextAlertDueAt(r, state)).toEqual(minute(10));
    expect(
      play(
        r,
        [
          [9, "tick"],
          [10, "tick"],
          [11, "tick"],
        ],
        state,
      ).alerts,
    ).toEqual(["ALERT_FAILURE@10"]);
  });

  it("starts the clock over after a pass", () => {
    expect(
      play(r, [
        [0, "FAIL"],
        [6, "PASS"],
        [7, "FAIL"],
        [15, "FAIL"],
        [17, "FAIL"],
      ]).alerts,
    ).toEqual(["ALERT_FAILURE@17"]);
  });

  it("a tick with run-based escalation alerts only what runs met and nothing announced", () => {
    const { state } = play(rules({ runBasedEscalation: { failedRunThreshold: 2 } }), [[0, "FAIL"]]);
    expect(nextAlertDueAt(RUN_BASED, state)).toBeNull();
    expect(play(rules({ runBasedEscalation: { failedRunThreshold: 2 } }), [[60, "tick"]], state).alerts).toEqual([]);
    // A flapping check settles with its alerts withheld (flapping.ts, stateAfter): the tick announces its condition.
    const failing: AlertState = { ...INITIAL_ALERT_STATE, condition: "FAILING", since: minute(0), runs: 3 };
    expect(play(rules(), [[40, "tick"]], failing).alerts).toEqual(["ALERT_FAILURE@40"]);
    const recovered: AlertState = { ...failing, condition: "PASSING", alerted: "FAILURE", failureAlerted: true };
    const ended = play(rules(), [[40, "tick"]], recovered);
    expect(ended.alerts).toEqual(["ALERT_RECOVERY@40"]);
    expect(ended.state).toMatchObject({ condition: "PASSING", alerted: "NONE", failureAlerted: false });
    const degraded: AlertState = { ...failing, condition: "DEGRADED", alerted: "FAILURE", failureAlerted: true };
    expect(play(rules(), [[40, "tick"]], degraded).alerts).toEqual(["ALERT_FAILURE_DEGRADED@40"]);
  });
});

describe("reminders", () => {
  it("reminds reminders.amount times every reminders.interval minutes while the check stays failing", () => {
    const r = rules({ reminders: { amount: 2, interval: 5 } });
    const steps: Step[] = [
      [0, "FAIL"],
      [4, "tick"],
      [5, "tick"],
      [6, "tick"],
      [10, "tick"],
      [15, "tick"],
      [20, "tick"],
    ];
    expect(play(r, steps).alerts).toEqual(["ALERT_FAILURE@0", "ALERT_FAILURE_REMAIN@5", "ALERT_FAILURE_REMAIN@10"]);
  });

  it("reminds of a degraded check with DEGRADED_REMAIN, and starts over after an escalation", () => {
    const r = rules({ reminders: { amount: 1, interval: 10 } });
    const steps: Step[] = [
      [0, "DEGRADED"],
      [10, "tick"],
      [12, "FAIL"],
      [20, "tick"],
      [22, "tick"],
      [40, "tick"],
    ];
    expect(play(r, steps).alerts).toEqual([
      "ALERT_DEGRADED@0",
      "ALERT_DEGRADED_REMAIN@10",
      "ALERT_DEGRADED_FAILURE@12",
      "ALERT_FAILURE_REMAIN@22",
    ]);
  });

  it("stops reminding at recovery", () => {
    const r = rules({ reminders: { amount: 100000, interval: 1 } });
    const { alerts, state } = play(r, [
      [0, "FAIL"],
      [1, "tick"],
      [2, "PASS"],
      [3, "tick"],
      [4, "tick"],
    ]);
    expect(alerts).toEqual(["ALERT_FAILURE@0", "ALERT_FAILURE_REMAIN@1", "ALERT_RECOVERY@2"]);
    expect(nextAlertDueAt(r, state)).toBeNull();
  });

  it("says when the next reminder is due, and nothing once they are all sent", () => {
    const r = rules({ reminders: { amount: 1, interval: 15 } });
    const first = play(r, [[0, "FAIL"]]).state;
    expect(nextAlertDueAt(r, first)).toEqual(minute(15));
    expect(nextAlertDueAt(r, play(r, [[15, "tick"]], first).state)).toBeNull();
  });
});

describe("silence", () => {
  it("records a muted check's alerts as silenced, to the end of the episode", () => {
    const steps: Step[] = [
      [0, "FAIL", { muted: true }],
      [1, "DEGRADED"],
      [2, "PASS"],
    ];
    expect(play(rules(), steps).alerts).toEqual([
      "ALERT_FAILURE@0 silenced",
      "ALERT_FAILURE_DEGRADED@1 silenced",
      "ALERT_RECOVERY@2 silenced",
    ]);
  });

  it("silences alerts raised during a silencing maintenance window", () => {
    expect(
      play(rules(), [
        [0, "FAIL", { maintenance: true }],
        [1, "PASS", { maintenance: true }],
      ]).alerts,
    ).toEqual(["ALERT_FAILURE@0 silenced", "ALERT_RECOVERY@1 silenced"]);
  });

  it("does not alert after the window a failure that began inside it", () => {
    const r = rules({ runBasedEscalation: { failedRunThreshold: 3 } });
    const steps: Step[] = [
      [0, "FAIL", { maintenance: true }],
      [1, "FAIL", { maintenance: true }],
      [2, "FAIL"],
      [3, "FAIL"],
    ];
    expect(play(r, steps).alerts).toEqual([]);
    // A new failure after a pass is alerted as usual.
    expect(play(r, [...steps, [4, "PASS"], [5, "FAIL"], [6, "FAIL"], [7, "FAIL"]]).alerts).toEqual(["ALERT_FAILURE@7"]);
  });

  it("sends the alerts of an episode that began loud even if a later event is silenced only by mute", () => {
    const steps: Step[] = [
      [0, "FAIL"],
      [1, "DEGRADED", { muted: true }],
      [2, "PASS"],
    ];
    expect(play(rules(), steps).alerts).toEqual([
      "ALERT_FAILURE@0",
      "ALERT_FAILURE_DEGRADED@1 silenced",
      "ALERT_RECOVERY@2",
    ]);
  });
});

describe("parallel runs", () => {
  const threshold = (percentage: number) => rules({ parallelRunFailureThreshold: { enabled: true, percentage } });

  it("fail when any location failed while the threshold is off", () => {
    expect(parallelRunOutcome(RUN_BASED, ["PASS", "PASS", "FAIL"])).toBe("FAIL");
    expect(parallelRunOutcome(RUN_BASED, ["PASS", "DEGRADED", "PASS"])).toBe("DEGRADED");
    expect(parallelRunOutcome(RUN_BASED, ["PASS", "PASS"])).toBe("PASS");
  });

  it("fail only when at least the threshold's percentage of locations failed", () => {
    expect(parallelRunOutcome(threshold(50), ["PASS", "PASS", "FAIL"])).toBe("PASS");
    expect(parallelRunOutcome(threshold(50), ["PASS", "FAIL", "FAIL"])).toBe("FAIL");
    expect(parallelRunOutcome(threshold(50), ["PASS", "FAIL"])).toBe("FAIL");
    expect(parallelRunOutcome(threshold(100), ["FAIL", "FAIL", "DEGRADED"])).toBe("DEGRADED");
    expect(
      parallelRunOutcome(threshold(10), [
        "PASS",
        "PASS",
        "PASS",
        "PASS",
        "PASS",
        "PASS",
        "PASS",
        "PASS",
        "PASS",
        "FAIL",
      ]),
    ).toBe("FAIL");
  });
});

describe("check status", () => {
  it("keeps the condition, since when and how many runs, whatever was alerted", () => {
    const { state } = play(rules({ runBasedEscalation: { failedRunThreshold: 5 } }), [
      [0, "PASS"],
      [1, "FAIL"],
      [2, "FAIL"],
    ]);
    expect(state).toMatchObject({ condition: "FAILING", since: minute(1), runs: 2, alerted: "NONE" });
  });
});

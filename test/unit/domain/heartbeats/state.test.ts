import { describe, expect, it } from "vitest";
import { heartbeatDeadlines, heartbeatTiming, pingState } from "../../../../src/domain/heartbeats/state.js";

const config = { period: 60, periodUnit: "seconds", grace: 30, graceUnit: "seconds" };
const timing = heartbeatTiming(config);
const t0 = new Date("2026-03-01T12:00:00.000Z");
const after = (ms: number) => new Date(t0.getTime() + ms);
const received = { state: "RECEIVED", timestamp: t0 };

describe("heartbeatTiming", () => {
  it("converts every unit to milliseconds", () => {
    expect(heartbeatTiming({ period: 2, periodUnit: "minutes", grace: 1, graceUnit: "hours" })).toEqual({
      periodMs: 120_000,
      graceMs: 3_600_000,
      minimumMs: null,
    });
    expect(heartbeatTiming({ period: 1, periodUnit: "days", grace: 0, graceUnit: "seconds" })).toEqual({
      periodMs: 86_400_000,
      graceMs: 0,
      minimumMs: null,
    });
    expect(heartbeatTiming({ ...config, minimum: 10, minimumUnit: "seconds" })).toEqual({
      periodMs: 60_000,
      graceMs: 30_000,
      minimumMs: 10_000,
    });
  });

  it("is null for a config it cannot read, and ignores an unreadable minimum", () => {
    for (const bad of [
      null,
      undefined,
      "x",
      {},
      { ...config, periodUnit: "weeks" },
      { ...config, grace: -1 },
      { ...config, period: "60" },
    ]) {
      expect(heartbeatTiming(bad)).toBeNull();
    }
    expect(heartbeatTiming({ ...config, minimum: 10, minimumUnit: "fortnights" })?.minimumMs).toBeNull();
    expect(heartbeatTiming({ ...config, minimum: 0, minimumUnit: "seconds" })?.minimumMs).toBeNull();
  });
});

describe("heartbeatDeadlines", () => {
  it("places the end of the period and of the grace time after the last ping", () => {
    expect(heartbeatDeadlines(timing!, t0)).toEqual({
      earliestAt: null,
      periodEndsAt: after(60_000),
      graceEndsAt: after(90_000),
    });
    expect(
      heartbeatDeadlines(heartbeatTiming({ ...config, minimum: 5, minimumUnit: "seconds" })!, t0).earliestAt,
    ).toEqual(after(5_000));
  });
});

describe("pingState", () => {
  it("starts the timer at the first ping: RECEIVED whatever the time", () => {
    expect(pingState({ timing, previous: null, at: t0 })).toBe("RECEIVED");
  });

  it.each([
    [1, "RECEIVED"],
    [60_000, "RECEIVED"],
    [60_001, "GRACE"],
    [90_000, "GRACE"],
    [90_001, "LATE"],
    [86_400_000, "LATE"],
  ])("a ping %i ms after the previous one is %s", (ms, state) => {
    expect(pingState({ timing, previous: received, at: after(ms) })).toBe(state);
  });

  it("measures from the previous ping whatever its state", () => {
    for (const state of ["GRACE", "LATE", "EARLY", "RECEIVED"]) {
      expect(pingState({ timing, previous: { state, timestamp: t0 }, at: after(70_000) })).toBe("GRACE");
    }
  });

  it("recovers after FAILING: the next ping is RECEIVED and restarts the timer", () => {
    expect(pingState({ timing, previous: { state: "FAILING", timestamp: t0 }, at: after(10 * 86_400_000) })).toBe(
      "RECEIVED",
    );
  });

  it("is EARLY before a configured minimum, RECEIVED from the minimum on", () => {
    const withMinimum = heartbeatTiming({ ...config, minimum: 20, minimumUnit: "seconds" });
    expect(pingState({ timing: withMinimum, previous: received, at: after(19_999) })).toBe("EARLY");
    expect(pingState({ timing: withMinimum, previous: received, at: after(20_000) })).toBe("RECEIVED");
    // Without a minimum a quick ping is simply RECEIVED.
    expect(pingState({ timing, previous: received, at: after(1) })).toBe("RECEIVED");
  });

  it("with zero grace, goes straight from RECEIVED to LATE", () => {
    const noGrace = heartbeatTiming({ ...config, grace: 0 });
    expect(pingState({ timing: noGrace, previous: received, at: after(60_000) })).toBe("RECEIVED");
    expect(pingState({ timing: noGrace, previous: received, at: after(60_001) })).toBe("LATE");
  });

  it("without a readable config, cannot judge lateness: RECEIVED", () => {
    expect(pingState({ timing: null, previous: received, at: after(10 * 86_400_000) })).toBe("RECEIVED");
  });
});

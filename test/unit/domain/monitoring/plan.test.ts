import { describe, expect, it } from "vitest";
import { dueRuns, periodMs, phaseMs, runLocations } from "../../../../src/domain/monitoring/plan.js";
import {
  effectiveRetryStrategy,
  retryDelayMs,
  retryLocation,
  type RetryStrategyObject,
} from "../../../../src/domain/monitoring/retry.js";

const check = (over: Partial<Parameters<typeof dueRuns>[0]> = {}) => ({
  id: "c-1",
  frequency: 5,
  frequencyOffset: null,
  locations: ["eu-west-1"],
  runParallel: false,
  ...over,
});

describe("run planning", () => {
  it("runs frequency 0 every 10, 20 or 30 seconds", () => {
    for (const offset of [10, 20, 30]) {
      const c = check({ frequency: 0, frequencyOffset: offset });
      expect(periodMs(c)).toBe(offset * 1000);
      const runs = dueRuns(c, 0, 120_000);
      expect(runs).toHaveLength(120 / offset);
      expect(runs[1]!.dueAt - runs[0]!.dueAt).toBe(offset * 1000);
    }
  });

  it("places offset k at k slots into the period: 6 s slots up to an hour, 1 h slots above", () => {
    expect(phaseMs(check({ frequency: 5, frequencyOffset: 1 }))).toBe(6_000);
    expect(phaseMs(check({ frequency: 5, frequencyOffset: 50 }))).toBe(0); // the last slot wraps to the start
    expect(phaseMs(check({ frequency: 1, frequencyOffset: 9 }))).toBe(54_000);
    expect(phaseMs(check({ frequency: 720, frequencyOffset: 3 }))).toBe(3 * 3_600_000);
    expect(dueRuns(check({ frequency: 5, frequencyOffset: 2 }), 0, 900_000).map((r) => r.dueAt)).toEqual([
      12_000, 312_000, 612_000,
    ]);
  });

  it("spreads checks without an offset over the period, stably per check", () => {
    const phases = new Set(Array.from({ length: 50 }, (_, i) => phaseMs(check({ id: `check-${i}`, frequency: 10 }))));
    expect(phases.size).toBeGreaterThan(40);
    for (const phase of phases) {
      expect(phase).toBeGreaterThanOrEqual(0);
      expect(phase).toBeLessThan(600_000);
    }
    expect(phaseMs(check({ id: "same" }))).toBe(phaseMs(check({ id: "same" })));
  });

  it("plans each due run once between ticks: (from, to]", () => {
    const c = check({ frequency: 1, frequencyOffset: 5 });
    const first = dueRuns(c, 0, 150_000);
    const second = dueRuns(c, 150_000, 300_000);
    expect([...first, ...second].map((r) => r.dueAt)).toEqual([30_000, 90_000, 150_000, 210_000, 270_000]);
    expect(new Set([...first, ...second].map((r) => r.index)).size).toBe(5);
  });

  it("runs in every location when runParallel, else one per run, round-robin", () => {
    const locations = ["eu-west-1", "us-east-1", "ap-south-1"];
    expect(runLocations({ locations, runParallel: true }, 7)).toEqual(locations);
    expect([0, 1, 2, 3, 4].map((i) => runLocations({ locations, runParallel: false }, i)[0])).toEqual([
      "eu-west-1",
      "us-east-1",
      "ap-south-1",
      "eu-west-1",
      "us-east-1",
    ]);
    expect(runLocations({ locations: [], runParallel: false }, 0)).toEqual([]);
  });
});

describe("retries", () => {
  const strategy = (over: Partial<RetryStrategyObject>): RetryStrategyObject => ({
    type: "FIXED",
    baseBackoffSeconds: 10,
    maxRetries: 3,
    maxDurationSeconds: 600,
    sameRegion: true,
    ...over,
  });
  const failure = { elapsedMs: 0, networkError: false };

  it("waits b, n*b or b^n seconds, up to maxRetries", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(strategy({ type: "FIXED" }), n, failure))).toEqual([
      10_000,
      10_000,
      10_000,
      null,
    ]);
    expect([1, 2, 3].map((n) => retryDelayMs(strategy({ type: "LINEAR" }), n, failure))).toEqual([
      10_000, 20_000, 30_000,
    ]);
    expect(
      [1, 2, 3].map((n) => retryDelayMs(strategy({ type: "EXPONENTIAL", baseBackoffSeconds: 2 }), n, failure)),
    ).toEqual([2_000, 4_000, 8_000]);
    expect([1, 2].map((n) => retryDelayMs(strategy({ type: "SINGLE_RETRY" }), n, failure))).toEqual([10_000, null]);
  });

  it("stops at maxDurationSeconds and, with onlyOn NETWORK_ERROR, on other failures", () => {
    expect(retryDelayMs(strategy({ maxDurationSeconds: 25 }), 2, { elapsedMs: 15_000, networkError: false })).toBe(
      10_000,
    );
    expect(
      retryDelayMs(strategy({ maxDurationSeconds: 25 }), 2, { elapsedMs: 15_001, networkError: false }),
    ).toBeNull();
    expect(retryDelayMs(strategy({ onlyOn: ["NETWORK_ERROR"] }), 1, failure)).toBeNull();
    expect(retryDelayMs(strategy({ onlyOn: ["NETWORK_ERROR"] }), 1, { elapsedMs: 0, networkError: true })).toBe(10_000);
    expect(retryDelayMs(null, 1, failure)).toBeNull();
  });

  it("resolves FALLBACK to the group's strategy, and the deprecated doubleCheck to one immediate retry elsewhere", () => {
    const groupStrategy = { type: "LINEAR", baseBackoffSeconds: 5 };
    expect(
      effectiveRetryStrategy({ retryStrategy: "FALLBACK", doubleCheck: false }, { retryStrategy: groupStrategy }),
    ).toEqual({ baseBackoffSeconds: 5, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true, type: "LINEAR" });
    expect(effectiveRetryStrategy({ retryStrategy: "FALLBACK", doubleCheck: false }, null)).toBeNull();
    expect(effectiveRetryStrategy({ retryStrategy: null, doubleCheck: true }, null)).toMatchObject({
      type: "SINGLE_RETRY",
      baseBackoffSeconds: 0,
      sameRegion: false,
    });
    expect(effectiveRetryStrategy({ retryStrategy: null, doubleCheck: false }, null)).toBeNull();
  });

  it("retries in the same region, or the next of the check's locations", () => {
    expect(retryLocation(strategy({ sameRegion: true }), "eu-west-1", ["eu-west-1", "us-east-1"])).toBe("eu-west-1");
    expect(retryLocation(strategy({ sameRegion: false }), "eu-west-1", ["eu-west-1", "us-east-1"])).toBe("us-east-1");
    expect(retryLocation(strategy({ sameRegion: false }), "us-east-1", ["eu-west-1", "us-east-1"])).toBe("eu-west-1");
  });
});

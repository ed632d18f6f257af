import { describe, expect, it } from "vitest";
import { effectiveCheck } from "../../../../src/domain/monitoring/effective.js";
import {
  runTries,
  unsupportedMessage,
  type TryOutcome,
  type Runner,
  type TryReport,
} from "../../../../src/domain/monitoring/tries.js";

/**
 * The tries loop with a scripted runner and a fake clock: each retry strategy's ATTEMPT/FINAL
 * results, `attempts` counts, waits and locations, without sleeping.
 */
const check = { checkType: "API", degradedResponseTime: null, maxResponseTime: null, shouldFail: false };
const settings = (retryStrategy: unknown, extra: { doubleCheck?: boolean; locations?: string[] } = {}) =>
  effectiveCheck(
    {
      activated: true,
      muted: false,
      locations: extra.locations ?? ["eu-west-1", "us-east-1", "ap-south-1"],
      privateLocations: [],
      runtimeId: null,
      retryStrategy,
      doubleCheck: extra.doubleCheck ?? false,
      alertSettings: null,
      useGlobalAlertSettings: true,
      environmentVariables: [],
      request: null,
      checkType: "API",
    },
    null,
  );

/** Runs the loop where the first `failures` tries fail (as network errors when `network`). */
async function play(
  strategy: unknown,
  failures: number,
  options: { network?: boolean; doubleCheck?: boolean; tryMs?: number } = {},
) {
  const clock = { t: 0 };
  const waits: number[] = [];
  const reports: TryReport[] = [];
  let tries = 0;
  const runner: Runner = async (_check, _effective, location) => {
    const failed = tries++ < failures;
    clock.t += options.tryMs ?? 100;
    const outcome: TryOutcome = {
      hasFailures: failed,
      hasErrors: false,
      isDegraded: null,
      overMaxResponseTime: null,
      networkError: failed && (options.network ?? false),
      responseTime: 100,
      startedAt: new Date(clock.t),
      stoppedAt: new Date(clock.t),
      apiCheckResult: { location },
    };
    return outcome;
  };
  const ended = await runTries(
    check,
    settings(strategy, { doubleCheck: options.doubleCheck ?? false }),
    "eu-west-1",
    runner,
    {
      now: () => new Date(clock.t),
      sleep: async (ms) => void (waits.push(ms), (clock.t += ms)),
      record: async (report) => (reports.push(report as TryReport), true),
    },
  );
  return { ended, waits, results: reports.map((r) => [r.resultType, r.attempts, r.hasFailures, r.runLocation]) };
}

const base = { baseBackoffSeconds: 10, maxRetries: 3, maxDurationSeconds: 600, sameRegion: true };

describe("a run's tries under each retry strategy", () => {
  it("FIXED waits the base each time, up to maxRetries, and the last try is FINAL", async () => {
    const { waits, results } = await play({ ...base, type: "FIXED" }, 10);
    expect(waits).toEqual([10_000, 10_000, 10_000]);
    expect(results).toEqual([
      ["ATTEMPT", 0, true, "eu-west-1"],
      ["ATTEMPT", 1, true, "eu-west-1"],
      ["ATTEMPT", 2, true, "eu-west-1"],
      ["FINAL", 3, true, "eu-west-1"],
    ]);
  });

  it("LINEAR waits n times the base; a passing try ends the run as FINAL", async () => {
    const { waits, results } = await play({ ...base, type: "LINEAR" }, 2);
    expect(waits).toEqual([10_000, 20_000]);
    expect(results).toEqual([
      ["ATTEMPT", 0, true, "eu-west-1"],
      ["ATTEMPT", 1, true, "eu-west-1"],
      ["FINAL", 2, false, "eu-west-1"],
    ]);
  });

  it("EXPONENTIAL waits base^n seconds and stops where the next wait would pass maxDurationSeconds", async () => {
    const { waits, results } = await play(
      { ...base, type: "EXPONENTIAL", baseBackoffSeconds: 3, maxRetries: 5, maxDurationSeconds: 60 },
      10,
    );
    // 3 s, 9 s, then 27 s would end at ~39.4 s (allowed), 81 s would not.
    expect(waits).toEqual([3_000, 9_000, 27_000]);
    expect(results.map((r) => r[0])).toEqual(["ATTEMPT", "ATTEMPT", "ATTEMPT", "FINAL"]);
  });

  it("SINGLE_RETRY retries once whatever maxRetries says", async () => {
    const { waits, results } = await play({ ...base, type: "SINGLE_RETRY", maxRetries: 5 }, 10);
    expect(waits).toEqual([10_000]);
    expect(results).toEqual([
      ["ATTEMPT", 0, true, "eu-west-1"],
      ["FINAL", 1, true, "eu-west-1"],
    ]);
  });

  it("onlyOn NETWORK_ERROR retries network errors only", async () => {
    const assertionFailure = await play({ ...base, type: "FIXED", onlyOn: ["NETWORK_ERROR"] }, 10);
    expect(assertionFailure.results).toEqual([["FINAL", 0, true, "eu-west-1"]]);
    const network = await play({ ...base, type: "FIXED", onlyOn: ["NETWORK_ERROR"] }, 1, { network: true });
    expect(network.results).toEqual([
      ["ATTEMPT", 0, true, "eu-west-1"],
      ["FINAL", 1, false, "eu-west-1"],
    ]);
  });

  it("sameRegion false moves each retry to the next location", async () => {
    const { results } = await play({ ...base, type: "FIXED", sameRegion: false }, 3);
    expect(results.map((r) => r[3])).toEqual(["eu-west-1", "us-east-1", "ap-south-1", "eu-west-1"]);
  });

  it("without a strategy runs once; the deprecated doubleCheck retries once, at once, elsewhere", async () => {
    expect((await play(null, 10)).results).toEqual([["FINAL", 0, true, "eu-west-1"]]);
    const double = await play(null, 10, { doubleCheck: true });
    expect(double.waits).toEqual([0]);
    expect(double.results).toEqual([
      ["ATTEMPT", 0, true, "eu-west-1"],
      ["FINAL", 1, true, "us-east-1"],
    ]);
  });

  it("stops at once, recording nothing more, when the run is lost", async () => {
    let recorded = 0;
    const runner: Runner = async () => ({
      hasFailures: true,
      hasErrors: false,
      isDegraded: null,
      overMaxResponseTime: null,
      networkError: false,
      responseTime: 1,
      startedAt: new Date(0),
      stoppedAt: new Date(0),
      apiCheckResult: {},
    });
    const ended = await runTries(check, settings({ ...base, type: "FIXED" }), "eu-west-1", runner, {
      now: () => new Date(0),
      sleep: async () => undefined,
      record: async () => ++recorded < 2,
    });
    expect([ended, recorded]).toEqual(["lost", 2]);
  });

  it("ends a type without a runner with one FINAL hasErrors result that says why", async () => {
    const reports: unknown[] = [];
    const ended = await runTries({ ...check, checkType: "BROWSER" }, settings(null), "eu-west-1", undefined, {
      now: () => new Date(0),
      sleep: async () => undefined,
      record: async (report) => (reports.push(report), true),
    });
    expect(ended).toBe("recorded");
    expect(reports).toEqual([
      expect.objectContaining({
        resultType: "FINAL",
        hasErrors: true,
        attempts: 0,
        browserCheckResult: { errors: [unsupportedMessage("BROWSER")] },
      }),
    ]);
    expect(unsupportedMessage("BROWSER")).toMatch(/BROWSER checks are stored but not run/);
  });
});

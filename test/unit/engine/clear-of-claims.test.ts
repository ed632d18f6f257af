// The engine's periodic duties (the scheduler's tick, sweeps) go at a moment with no run falling
// due: their statements block the event loop, and a claim due meanwhile would wait for them.
import { describe, expect, it } from "vitest";
import { clearOfClaims } from "../../../src/engine/clear-of-claims.js";

/** A clock that only the waits move, and the runs' due times on it. */
function timeline(dueAt: number[]) {
  let t = 0;
  const waits: number[] = [];
  return {
    waits,
    clock: () => t,
    // The next due time not yet claimed: one past due counts until 5 ms after it (its claim).
    untilDue: () => (dueAt.find((d) => t < d + 5) ?? Number.POSITIVE_INFINITY) - t,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
  };
}

describe("clearOfClaims", () => {
  it("goes at once when no run falls due within the time asked for", async () => {
    const line = timeline([100]);
    expect(await clearOfClaims({ ...line, clearMs: 50, maxWaitMs: 100 })).toBe(true);
    expect(line.waits).toEqual([]);
  });

  it("waits for the run falling due to be claimed, then goes", async () => {
    const line = timeline([30, 200]);
    expect(await clearOfClaims({ ...line, clearMs: 50, maxWaitMs: 100 })).toBe(true);
    // Until just after it fell due, then a millisecond at a time until it was claimed at 35.
    expect(line.waits).toEqual([31, 1, 1, 1, 1]);
    expect(line.clock()).toBe(35);
  });

  it("gives up after its longest wait when runs keep falling due, and says so", async () => {
    const line = timeline([20, 40, 60, 80, 100, 120, 140]);
    expect(await clearOfClaims({ ...line, clearMs: 50, maxWaitMs: 70 })).toBe(false);
    expect(line.clock()).toBe(70);
  });

  it("stops waiting when the engine stops", async () => {
    const line = timeline([20]);
    expect(await clearOfClaims({ ...line, clearMs: 50, maxWaitMs: 100, stopped: () => true })).toBe(false);
    expect(line.waits).toEqual([]);
  });
});

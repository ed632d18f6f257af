// The retention sweep's pacing (src/domain/retention/pacing.ts): each batch waits for the process's
// other writers to be quiet, at most as long as the pause before it, and never runs before.
import { describe, expect, it } from "vitest";
import { drainerOf, PAUSE_MS } from "../../src/domain/retention/pacing.js";

describe("the retention sweep's pacing", () => {
  it("asks for a quiet moment before each batch, waiting at most its last pause, and deletes nothing before it", async () => {
    let rows = 25;
    const events: string[] = [];
    const waits: number[] = [];
    let open = false;
    const drainer = drainerOf({
      days: 30,
      batch: 10,
      pauseMs: 1,
      budgetMs: Number.POSITIVE_INFINITY,
      idleShare: 0,
      quiet: async (maxWaitMs) => {
        waits.push(maxWaitMs);
        events.push("quiet?");
        // The first batch waits until the engine is quiet (here: a few ticks later).
        if (!open) await new Promise((r) => setTimeout(r, 20));
        open = true;
        events.push("quiet");
      },
    });
    const report: Record<string, number> = {};
    await drainer.drain(report, "checkResults", async (take) => {
      events.push("find");
      const found = Math.min(take, rows);
      return {
        found,
        remove: async () => {
          events.push("delete");
          rows -= found;
          return found;
        },
      };
    });
    expect(report.checkResults).toBe(25);
    expect(rows).toBe(0);
    // Three batches of 10, 10 and 5, each after its quiet moment.
    expect(events).toEqual([
      ...["quiet?", "quiet", "find", "delete"],
      ...["quiet?", "quiet", "find", "delete"],
      ...["quiet?", "quiet", "find", "delete"],
    ]);
    // The first waits at most the least pause, the next ones the pause they followed.
    expect(waits).toEqual([1, 1, 1]);
    expect(PAUSE_MS).toBe(20);
  });

  it("waits no longer than the pause a slow statement earned", async () => {
    const waits: number[] = [];
    let left = 2;
    const drainer = drainerOf({
      days: 30,
      batch: 1,
      pauseMs: 1,
      budgetMs: Number.POSITIVE_INFINITY,
      idleShare: 1,
      quiet: async (maxWaitMs) => {
        waits.push(maxWaitMs);
      },
    });
    await drainer.drain({}, "checkRuns", async () => ({
      found: left > 0 ? 1 : 0,
      remove: async () => {
        // A statement of about 30 ms: its pause (idleShare 1) is as long.
        await new Promise((r) => setTimeout(r, 30));
        left--;
        return 1;
      },
    }));
    expect(waits[0]).toBe(1);
    expect(waits[1]).toBeGreaterThanOrEqual(25);
  });
});

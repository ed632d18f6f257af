// The retention sweep's pacing (src/domain/retention/pacing.ts): each batch's find and its delete
// wait for the process's other writers to be quiet for as long as the longest recent statement of
// their kind, at most as long as the pause before them, and never run before.
import { describe, expect, it } from "vitest";
import { drainerOf, PAUSE_MS } from "../../../../src/domain/retention/pacing.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the retention sweep's pacing", () => {
  it("asks for a quiet moment before each find and each delete, waiting at most its last pause, and deletes nothing before it", async () => {
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
        if (!open) await sleep(20);
        open = true;
        events.push("quiet");
        return true;
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
    // Three batches of 10, 10 and 5, their find and their delete each after a quiet moment.
    const batch = ["quiet?", "quiet", "find", "quiet?", "quiet", "delete"];
    expect(events).toEqual([...batch, ...batch, ...batch]);
    // The first waits at most the least pause, the next ones the pause they followed.
    expect(waits).toEqual([1, 1, 1, 1, 1, 1]);
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
        return true;
      },
    });
    await drainer.drain({}, "checkRuns", async () => ({
      found: left > 0 ? 1 : 0,
      remove: async () => {
        // A statement of about 30 ms: its pause (idleShare 1) is as long.
        await sleep(30);
        left--;
        return 1;
      },
    }));
    // The first batch's find and delete wait at most the least pause; the next ones the 30 ms one's.
    expect(waits.slice(0, 2)).toEqual([1, 1]);
    expect(waits[2]).toBeGreaterThanOrEqual(25);
    expect(waits[3]).toBeGreaterThanOrEqual(25);
  });

  it("asks for as long a moment as the longest of the recent statements of each kind, and tells which deletes went without one", async () => {
    const asked: { before: string; needMs: number }[] = [];
    const statements: { ms: number; quietly: boolean }[] = [];
    let next = "find";
    let batches = 0;
    // The delete of the second batch takes about 40 ms, its find about 15; the rest next to nothing.
    const drainer = drainerOf({
      days: 30,
      batch: 1,
      pauseMs: 1,
      budgetMs: 4,
      idleShare: 0,
      // The engine is never quiet for the third batch's delete.
      quiet: async (_maxWaitMs, needMs) => {
        asked.push({ before: next, needMs });
        return !(next === "delete" && batches === 3);
      },
      onStatement: (_table, _rows, ms, _checkpointMs, quietly) => statements.push({ ms, quietly }),
    });
    await drainer.drain({}, "heartbeatEvents", async () => {
      batches++;
      if (batches === 2) await sleep(15);
      next = "delete";
      return {
        found: batches <= 4 ? 1 : 0,
        remove: async () => {
          if (batches === 2) await sleep(40);
          next = "find";
          return 1;
        },
      };
    });
    // Before anything was measured: the time budget (4 ms).
    expect(asked[0]).toEqual({ before: "find", needMs: 4 });
    expect(asked[1]).toEqual({ before: "delete", needMs: 4 });
    // After the second batch each kind asks for its own longest (its slow find, its slow delete).
    const afterSlow = asked.slice(4);
    expect(afterSlow.length).toBe(5); // finds of batches 3, 4 and 5, deletes of 3 and 4
    for (const a of afterSlow.filter((x) => x.before === "find")) {
      expect(a.needMs).toBeGreaterThanOrEqual(14);
      expect(a.needMs).toBeLessThan(38);
    }
    for (const a of afterSlow.filter((x) => x.before === "delete")) expect(a.needMs).toBeGreaterThanOrEqual(38);
    expect(statements.map((s) => s.quietly)).toEqual([true, true, false, true]);
  });
});

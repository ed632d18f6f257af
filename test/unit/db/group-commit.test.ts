import { describe, expect, it } from "vitest";
import { createGroupCommit } from "../../../src/db/group-commit.js";

/** Lets the loop turn a few times (timers of the window are a minute away: they never fire here). */
async function turns(n = 20) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A group commit whose last batches held two, then three items. */
async function afterBatchesOfTwoAndThree() {
  const batches: number[][] = [];
  const commit = createGroupCommit<number, number>(async (items) => (batches.push(items), items), {
    maxBatch: 100,
    // Far longer than the test: a batch written before it ends was ended by its company.
    windowMs: 60_000,
  });
  await Promise.all([0, 1].map((i) => commit.write(i)));
  await Promise.all([2, 3, 4].map((i) => commit.write(i)));
  expect(batches).toEqual([
    [0, 1],
    [2, 3, 4],
  ]);
  return { commit, batches };
}

describe("group commit window", () => {
  it("ends the window as soon as as many items wait as the largest recent batch held", async () => {
    const { commit, batches } = await afterBatchesOfTwoAndThree();
    const group = [5, 6, 7].map((i) => commit.write(i));
    expect(await Promise.all(group)).toEqual([5, 6, 7]);
    expect(batches.at(-1)).toEqual([5, 6, 7]);
  });

  it("keeps waiting for company while fewer are in", async () => {
    const { commit, batches } = await afterBatchesOfTwoAndThree();
    const two = [5, 6].map((i) => commit.write(i));
    await turns();
    expect(batches).toHaveLength(2);
    // flushed() writes what waits without the window (shutdown).
    await commit.flushed();
    expect(await Promise.all(two)).toEqual([5, 6]);
    expect(batches.at(-1)).toEqual([5, 6]);
  });
});

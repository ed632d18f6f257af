import { afterEach, describe, expect, it } from "vitest";
import { ClaimLoop, type ClaimLoopOptions, type LoopPlan, type LoopWait } from "../../../src/platform/claim-loop.js";

type Item = { id: number };

/** A work queue and the calls a loop made to it; each item's run ends when the test says so. */
function harness(overrides: Partial<ClaimLoopOptions<number, Item>> & { capacity?: number; idleMs?: number } = {}) {
  const queue: Item[] = [];
  const claims: number[] = [];
  const released: number[] = [];
  const idled: number[] = [];
  const finishers = new Map<number, () => void>();
  const aborted: number[] = [];
  const capacity = overrides.capacity ?? 2;
  const options: ClaimLoopOptions<number, Item> = {
    plan: (underway): LoopPlan =>
      underway < capacity ? { claim: capacity - underway } : { waitMs: 60_000, untilFinish: true },
    claim: async (limit) => {
      claims.push(limit);
      return queue.splice(0, limit);
    },
    after: (claimed, limit): LoopWait => ({ waitMs: claimed === limit ? 0 : (overrides.idleMs ?? 60_000) }),
    keyOf: (item) => item.id,
    run: (item, signal) =>
      new Promise<void>((resolve) => {
        finishers.set(item.id, resolve);
        signal.addEventListener("abort", () => aborted.push(item.id));
      }),
    release: async (item) => {
      released.push(item.id);
    },
    onIdle: () => idled.push(Date.now()),
    ...overrides,
  };
  const loop = new ClaimLoop(options);
  loops.push(loop);
  const finish = (id: number) => finishers.get(id)!();
  return { loop, queue, claims, released, idled, finish, aborted };
}

const loops: ClaimLoop<number, Item>[] = [];
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (predicate: () => boolean) => {
  for (let i = 0; i < 400 && !predicate(); i++) await tick();
  expect(predicate()).toBe(true);
};

afterEach(async () => {
  for (const loop of loops.splice(0)) {
    await loop.stopClaiming();
    await loop.abandon();
  }
});

describe("ClaimLoop", () => {
  it("claims what its plan has room for, and waits for a task to end when full", async () => {
    const { loop, queue, claims, finish } = harness({ capacity: 2 });
    queue.push({ id: 1 }, { id: 2 }, { id: 3 });
    await until(() => loop.tasks.size === 2);
    expect(claims).toEqual([2]);
    expect([...loop.tasks.keys()]).toEqual([1, 2]);
    // Full: the wait is for room, so a task ending ends it at once (its timer is a minute).
    finish(1);
    await until(() => loop.tasks.has(3));
    expect(claims).toEqual([2, 1]);
    expect([...loop.tasks.keys()]).toEqual([2, 3]);
  });

  it("sleeps after a short claim until woken, and a wake during a claim is not lost", async () => {
    let claimed = 0;
    const { loop, queue, claims } = harness({
      capacity: 5,
      claim: async (limit) => {
        claims.push(limit);
        // The second claim is woken while it runs: the next turn must come without waiting.
        if (++claimed === 2) loop.wake();
        return queue.splice(0, limit);
      },
    });
    await until(() => claims.length === 1);
    await tick(30);
    expect(claims).toHaveLength(1); // asleep: its wait is a minute
    loop.wake();
    await until(() => claims.length === 3);
    await tick(30);
    expect(claims).toHaveLength(3);
  });

  it("does not end a wait that is not for room when a task ends", async () => {
    const { loop, queue, claims, finish } = harness({ capacity: 3 });
    queue.push({ id: 1 });
    await until(() => loop.tasks.size === 1);
    finish(1);
    await until(() => loop.tasks.size === 0);
    await tick(30);
    expect(claims).toEqual([3]);
  });

  it("tells its owner when a wait ran its whole time", async () => {
    const { idled, claims } = harness({ capacity: 1, idleMs: 10 });
    await until(() => idled.length >= 2);
    expect(claims.length).toBeGreaterThanOrEqual(2);
  });

  it("hands back what a claim brings as it stops, and claims nothing after", async () => {
    let release: (items: Item[]) => void = () => {};
    const { loop, claims, released } = harness({
      claim: (limit) => {
        claims.push(limit);
        return new Promise<Item[]>((resolve) => {
          release = resolve;
        });
      },
    });
    await until(() => claims.length === 1);
    const stopped = loop.stopClaiming();
    release([{ id: 7 }, { id: 8 }]);
    await stopped;
    expect(released).toEqual([7, 8]);
    expect(loop.tasks.size).toBe(0);
    expect(claims).toHaveLength(1);
  });

  it("runs what a claim brings as it stops when its owner cannot hand items back", async () => {
    let resolveClaim: (items: Item[]) => void = () => {};
    const { loop, finish } = harness({
      release: undefined,
      claim: () =>
        new Promise<Item[]>((resolve) => {
          resolveClaim = resolve;
        }),
    });
    await tick(10);
    const stopped = loop.stopClaiming();
    resolveClaim([{ id: 4 }]);
    await stopped;
    expect([...loop.tasks.keys()]).toEqual([4]);
    finish(4);
    expect(await loop.drain(1_000)).toBe(true);
  });

  it("drains the tasks under way for a while, then aborts and releases the rest", async () => {
    const { loop, queue, released, aborted, finish } = harness({ capacity: 2 });
    queue.push({ id: 1 }, { id: 2 });
    await until(() => loop.tasks.size === 2);
    await loop.stopClaiming();
    finish(1);
    expect(await loop.drain(50)).toBe(false);
    expect([...loop.tasks.keys()]).toEqual([2]);
    await loop.abandon(20);
    expect(aborted).toEqual([2]);
    expect(released).toEqual([2]);
    expect(loop.stopped).toBe(true);
  });

  it("gives a run the loop's stopping signal, which aborts when claiming stops", async () => {
    const seen: AbortSignal[] = [];
    const { loop, queue } = harness({
      run: (_item, _signal, stopping) => {
        seen.push(stopping);
        return new Promise<void>((resolve) => stopping.addEventListener("abort", () => resolve()));
      },
    });
    queue.push({ id: 1 });
    await until(() => seen.length === 1);
    expect(seen[0]!.aborted).toBe(false);
    await loop.stopClaiming();
    expect(seen[0]!.aborted).toBe(true);
    expect(await loop.drain(1_000)).toBe(true);
  });
});

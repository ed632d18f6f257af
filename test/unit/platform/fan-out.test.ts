import { describe, expect, it } from "vitest";
import { MAX_BACKLOG_BYTES, SerialQueue, tooFarBehind } from "../../../src/platform/fan-out.js";

/** A queue whose handler of each item waits until the test lets it go, and what it saw. */
function harness(maxPending: number) {
  const handled: number[] = [];
  const log: string[] = [];
  const gates = new Map<number, () => void>();
  const queue = new SerialQueue<number>({
    maxPending,
    handle: (item) =>
      new Promise<void>((resolve) => {
        log.push(`start ${item}`);
        gates.set(item, () => {
          handled.push(item);
          log.push(`end ${item}`);
          resolve();
        });
      }),
    onOverflow: () => log.push("overflow"),
    onError: (error) => log.push(`error ${String(error)}`),
  });
  const release = async (item: number) => {
    for (let i = 0; i < 100 && !gates.has(item); i++) await new Promise((r) => setTimeout(r, 1));
    gates.get(item)!();
    await new Promise((r) => setTimeout(r, 1));
  };
  return { queue, handled, log, release };
}

describe("SerialQueue", () => {
  it("handles items one at a time, in the order they came", async () => {
    const { queue, log, release } = harness(10);
    expect([queue.push(1), queue.push(2), queue.push(3)]).toEqual([true, true, true]);
    await release(1);
    await release(2);
    await release(3);
    expect(log).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
  });

  it("past its limit takes nothing more, handles what it holds, then calls onOverflow and takes items again", async () => {
    const { queue, log, handled, release } = harness(2);
    queue.push(1); // handling: no longer waiting
    expect([queue.push(2), queue.push(3)]).toEqual([true, true]);
    expect(queue.push(4)).toBe(false);
    expect(queue.overflowed).toBe(true);
    expect(queue.push(5)).toBe(false);
    await release(1);
    await release(2);
    await release(3);
    expect(handled).toEqual([1, 2, 3]);
    expect(log.at(-1)).toBe("overflow");
    expect(queue.overflowed).toBe(false);
    expect(queue.push(6)).toBe(true);
    await release(6);
    expect(handled).toEqual([1, 2, 3, 6]);
  });

  it("drops what waits when its handler throws, and tells its owner", async () => {
    const seen: number[] = [];
    const errors: unknown[] = [];
    const queue = new SerialQueue<number>({
      handle: async (item) => {
        seen.push(item);
        if (item === 1) throw new Error("boom");
      },
      onOverflow: () => {},
      onError: (error) => errors.push(error),
    });
    queue.push(1);
    queue.push(2);
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
    queue.push(3);
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([1, 3]);
  });

  it("clear drops the items waiting, not the one being handled", async () => {
    const { queue, handled, release } = harness(10);
    queue.push(1);
    queue.push(2);
    queue.clear();
    await release(1);
    await new Promise((r) => setTimeout(r, 5));
    expect(handled).toEqual([1]);
  });
});

describe("tooFarBehind", () => {
  it("reads a WebSocket's bufferedAmount and a response's writableLength against one limit", () => {
    expect(tooFarBehind({ bufferedAmount: MAX_BACKLOG_BYTES })).toBe(false);
    expect(tooFarBehind({ bufferedAmount: MAX_BACKLOG_BYTES + 1 })).toBe(true);
    expect(tooFarBehind({ writableLength: 0 })).toBe(false);
    expect(tooFarBehind({ writableLength: MAX_BACKLOG_BYTES + 1 })).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { FairSlots } from "../../../src/platform/fair-slots.js";

/** Issue 25, point 7: BROWSER_CONCURRENCY and DELIVERY_CONCURRENCY places, shared between accounts. */
describe("FairSlots", () => {
  it("gives the next free place to another account while one has 50 waiting", async () => {
    const slots = new FairSlots(2);
    const order: string[] = [];
    const take = (account: string, hold: boolean) =>
      slots.acquire(account).then((release) => {
        order.push(account);
        if (!hold) release();
        return release;
      });
    const running = [await take("a", true), await take("a", true)];
    const waiting = Array.from({ length: 50 }, () => take("a", false));
    const other = take("b", false);
    expect(slots.stats()).toEqual({ active: 2, waitingAccounts: 2 });
    running[0]!(); // one place frees: b's turn comes right after a's next, not after a's 50
    await other;
    expect(order.slice(0, 4)).toEqual(["a", "a", "a", "b"]);
    running[1]!();
    await Promise.all(waiting);
    expect(order.filter((a) => a === "a")).toHaveLength(52);
    expect(slots.stats()).toEqual({ active: 0, waitingAccounts: 0 });
  });

  it("serves waiting accounts in turn, and lets a waiter leave when its run is cancelled", async () => {
    const slots = new FairSlots(1);
    const first = await slots.acquire("a");
    const order: string[] = [];
    const waits = ["a", "a", "a", "b", "c"].map((account) =>
      slots.acquire(account).then((release) => {
        order.push(account);
        release();
      }),
    );
    const cancel = new AbortController();
    const cancelled = slots.acquire("d", cancel.signal);
    cancel.abort(new Error("cancelled"));
    await expect(cancelled).rejects.toThrow("cancelled");
    first();
    await Promise.all(waits);
    expect(order).toEqual(["a", "b", "c", "a", "a"]);
  });
});

import { describe, expect, it } from "vitest";
import { createInProcessBus, type VigilEvent } from "../../../src/events/bus.js";
import { type CacheTags, PAGE_EVENTS, stale, TaggedCache } from "../../../src/platform/tagged-cache.js";

const p1 = { id: "p1", accountId: "a1" };
const p2 = { id: "p2", accountId: "a2" };

describe("stale: the one rule of the event-invalidated caches", () => {
  const incident: VigilEvent = { type: "incidentChanged", accountId: "a1", incidentId: "i", statusPageIds: ["p1"] };
  const pageWrite: VigilEvent = { type: "statusPageChanged", accountId: "a2", statusPageIds: ["p2"] };
  const status: VigilEvent = { type: "checkStatusChanged", accountId: "a2", checkId: "c", condition: "FAILING" };
  const revoked: VigilEvent = { type: "apiKeyRevoked", accountId: "a1", keyId: "k1" };
  const cases: [string, CacheTags, boolean[]][] = [
    // [what, tags, stale on: incident (a1, p1), page write (a2, p2), check status (a2), revocation (k1)]
    ["a page of a1", { pages: [p1] }, [true, false, false, false]],
    ["a page of a2", { pages: [p2] }, [false, true, true, false]],
    ["the data of account a1", { account: "a1" }, [true, false, false, false]],
    ["the data of account a2", { account: "a2" }, [false, true, true, false]],
    ["a lookup by address", { addresses: true }, [false, true, false, false]],
    ["key k1", { keyId: "k1" }, [false, false, false, true]],
    ["key k2", { keyId: "k2" }, [false, false, false, false]],
  ];
  for (const [what, tags, expected] of cases)
    it(`${what}: ${expected.join(", ")}`, () => {
      expect([incident, pageWrite, status, revoked].map((event) => stale(event as never, tags))).toEqual(expected);
    });
});

describe("TaggedCache", () => {
  it("loads a key once for concurrent misses, remembers it, and does not remember null", async () => {
    const cache = new TaggedCache<{ v: number }>({ max: 10 }, 60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return { v: loads };
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.load("k", () => ({}), load)));
    expect(answers.map((a) => a!.v)).toEqual([1, 1, 1, 1, 1]);
    expect(await cache.load("k", () => ({}), load)).toEqual({ v: 1 });
    expect(
      await cache.load(
        "none",
        () => ({}),
        async () => null,
      ),
    ).toBeNull();
    expect(cache.get("none")).toBeUndefined();
    expect(loads).toBe(1);
  });

  it("drops what an event makes stale, keeps the rest, ignores the types it does not listen to", async () => {
    const events = createInProcessBus();
    const cache = new TaggedCache<string>({ max: 10 }, 60_000);
    cache.listen(events, PAGE_EVENTS);
    cache.setIf(cache.current, "one", { pages: [p1] }, "one");
    cache.setIf(cache.current, "two", { pages: [p2] }, "two");
    cache.setIf(cache.current, "key", { keyId: "k1" }, "key");
    events.publish({ type: "incidentChanged", accountId: "a1", incidentId: "i", statusPageIds: ["p1"] });
    events.publish({ type: "apiKeyRevoked", accountId: "a1", keyId: "k1" });
    expect([cache.get("one"), cache.get("two"), cache.get("key")]).toEqual([undefined, "two", "key"]);
  });

  it("never keeps what was loaded before an invalidation, and later callers do not join that load", async () => {
    const cache = new TaggedCache<string>({ max: 10 }, 60_000);
    let release: () => void = () => {};
    const slow = cache.load(
      "k",
      () => ({ pages: [p1] }),
      () => new Promise<string>((resolve) => (release = () => resolve("stale"))),
    );
    await new Promise((r) => setTimeout(r, 0));
    const before = cache.current;
    cache.invalidate({ type: "statusPageChanged", accountId: "a9", statusPageIds: ["elsewhere"] });
    expect(cache.current).toBe(before + 1);
    const fresh = cache.load(
      "k",
      () => ({ pages: [p1] }),
      async () => "fresh",
    );
    release();
    expect([await slow, await fresh]).toEqual(["stale", "fresh"]);
    expect(cache.get("k")).toBe("fresh");
    cache.setIf(before, "old", {}, "old");
    expect(cache.get("old")).toBeUndefined();
  });

  it("is bounded by size when given one, and forgets everything when a shared bus resumes", () => {
    let resume: () => void = () => {};
    const events = {
      ...createInProcessBus(),
      onResume: (listener: () => void) => {
        resume = listener;
        return () => {};
      },
    };
    const cache = new TaggedCache<string>({ maxSize: 10, sizeOf: (value) => value.length }, 60_000);
    let resumed = 0;
    cache.listen(events, PAGE_EVENTS, () => resumed++);
    for (const key of ["a", "b", "c"]) cache.setIf(cache.current, key, {}, "four");
    expect(cache.size).toBe(2);
    resume();
    expect([cache.size, resumed]).toEqual([0, 1]);
  });
});

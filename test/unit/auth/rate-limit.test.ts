import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter } from "../../../src/auth/rate-limit.js";
import { RateLimitedError } from "../../../src/domain/shared/errors.js";

// rate-limiter-flexible counts in fixed windows of a minute that open with a key's first request
// (it replaced a token bucket: a refused caller now waits for the window's end, not for one token).
describe("per-key rate limiter", () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it("allows the limit, then refuses with the seconds until its window ends", async () => {
    const consume = createRateLimiter(3);
    await consume("a");
    await consume("a");
    vi.setSystemTime(20_000);
    await consume("a");
    const refused = await consume("a").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(40);
    await consume("b"); // another key has its own budget
    vi.setSystemTime(60_001);
    await consume("a");
    await consume("a");
    await consume("a");
    await expect(consume("a")).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("is off at 0", async () => {
    const consume = createRateLimiter(0);
    for (let i = 0; i < 10_000; i++) await consume("a");
    expect(consume.tracked()).toBe(0);
  });

  it("counts at most maxKeys keys, forgetting the least recently seen one", async () => {
    const consume = createRateLimiter(1, { maxKeys: 3 });
    await consume("a");
    await expect(consume("a")).rejects.toBeInstanceOf(RateLimitedError);
    for (const key of ["b", "c", "d"]) await consume(key);
    expect(consume.tracked()).toBe(3);
    // "a" went first: its window is forgotten, so it starts a new one at once.
    await consume("a");
    expect(consume.tracked()).toBe(3);
    // "a" coming back pushed out "b", the least recently seen; "d" is still counted and refused.
    await expect(consume("d")).rejects.toBeInstanceOf(RateLimitedError);
    await consume("b");
  });
});

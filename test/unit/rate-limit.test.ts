import { describe, expect, it } from "vitest";
import { createRateLimiter } from "../../src/auth/rate-limit.js";
import { RateLimitedError } from "../../src/domain/errors.js";

describe("per-key rate limiter", () => {
  it("allows the limit, then refuses with the seconds until the next request fits", () => {
    let now = 0;
    const consume = createRateLimiter(3, () => now);
    consume("a");
    consume("a");
    consume("a");
    let refused: unknown;
    try {
      consume("a");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(20);
    consume("b"); // another key has its own budget
    now = 20_000;
    consume("a");
    expect(() => consume("a")).toThrow(RateLimitedError);
  });

  it("is off at 0", () => {
    const consume = createRateLimiter(0, () => 0);
    for (let i = 0; i < 10_000; i++) consume("a");
  });
});

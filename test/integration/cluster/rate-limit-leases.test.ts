import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter, leaseSize } from "../../../src/auth/rate-limit.js";
import { RateLimitedError } from "../../../src/domain/shared/errors.js";
import { startRedis, type RedisServer } from "../../support/redis-server.js";

/** How many rate-limit scripts Redis has run so far (one per counting round trip). */
async function scriptCalls(redis: Redis): Promise<number> {
  const stats = await redis.info("commandstats");
  return [...stats.matchAll(/^cmdstat_(?:eval|evalsha|multi):calls=(\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

async function count(consume: (key: string) => Promise<void>, key: string, requests: number) {
  let allowed = 0;
  for (let i = 0; i < requests; i++)
    await consume(key).then(
      () => allowed++,
      (error: unknown) => expect(error).toBeInstanceOf(RateLimitedError),
    );
  return allowed;
}

// Per-key limits shared through a real Redis by two instances (two limiters, two connections).
describe("rate limits through Redis, leased", () => {
  let server: RedisServer;
  let one: Redis;
  let two: Redis;
  beforeAll(async () => {
    server = await startRedis();
    [one, two] = [new Redis(server.url), new Redis(server.url)];
  });
  afterAll(async () => {
    one.disconnect();
    two.disconnect();
    await server.stop();
  });

  it("costs one round trip per lease, not per request, and refusals cost none", async () => {
    const consume = createRateLimiter(1_000, { redis: one, prefix: "lease-a" });
    expect(leaseSize(1_000)).toBe(10);
    const before = await scriptCalls(one);
    expect(await count(consume, "k", 200)).toBe(200);
    expect((await scriptCalls(one)) - before).toBe(20);
    // Concurrent requests wait for one lease instead of each taking their own.
    await Promise.all(Array.from({ length: 10 }, () => consume("k")));
    expect((await scriptCalls(one)) - before).toBe(21);
    expect(await count(consume, "k", 1_000)).toBe(790);
    const refused = await scriptCalls(one);
    expect(await count(consume, "k", 50)).toBe(0);
    expect(await scriptCalls(one)).toBe(refused);
  });

  it("never lets two instances exceed the shared budget together", async () => {
    const a = createRateLimiter(600, { redis: one, prefix: "lease-b" });
    const b = createRateLimiter(600, { redis: two, prefix: "lease-b" });
    let allowed = 0;
    for (let i = 0; i < 800; i++) allowed += await count(i % 3 ? a : b, "k", 1);
    // Each may hold up to a lease (6) it has not spent: at most 2 × 5 refused early.
    expect(allowed).toBeLessThanOrEqual(600);
    expect(allowed).toBeGreaterThanOrEqual(590);
  });

  it("keeps small budgets exact across instances: a lease of one point", async () => {
    const a = createRateLimiter(5, { redis: one, prefix: "lease-c" });
    const b = createRateLimiter(5, { redis: two, prefix: "lease-c" });
    const statuses: boolean[] = [];
    for (const limiter of [a, b, a, b, a, b, a]) statuses.push((await count(limiter, "k", 1)) === 1);
    expect(statuses).toEqual([true, true, true, true, true, false, false]);
  });
});

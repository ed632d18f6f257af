import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { RateLimitedError } from "../domain/errors.js";

export type RateLimiterOptions = {
  /** Counts are kept in this Redis, shared by every instance; without it, in this process. */
  redis?: Redis | null;
  /** Names the limit in Redis (`vigil:rl:<prefix>:<key>`): limits with different budgets must not share it. */
  prefix?: string;
  /** At most this many keys are counted in this process (the least recently seen go first). */
  maxKeys?: number;
};

/** Counts one request of `key`; rejects with RateLimitedError (429 with Retry-After) beyond the budget. */
export type RateLimiter = ((key: string) => Promise<void>) & { tracked: () => number };

/**
 * `perMinute` requests a minute per key (an API key's id, or a client address), in fixed windows
 * of a minute that start with a key's first request (rate-limiter-flexible's points model); 0
 * turns it off. With Redis the count is shared by every instance; while Redis is unreachable an
 * in-process limiter with the same budget stands in (its `insuranceLimiter`), so each instance
 * keeps limiting. The keys counted in this process are bounded by `maxKeys`, so callers that
 * invent keys (addresses) cannot grow its memory: the least recently seen key is forgotten.
 */
export function createRateLimiter(perMinute: number, options: RateLimiterOptions = {}): RateLimiter {
  const { redis = null, prefix = "key", maxKeys = 100_000 } = options;
  const keyPrefix = `vigil:rl:${prefix}`;
  const memory = new RateLimiterMemory({ points: perMinute, duration: 60, keyPrefix });
  const limiter = redis
    ? new RateLimiterRedis({
        storeClient: redis,
        points: perMinute,
        duration: 60,
        keyPrefix,
        // Not connected: count in memory at once, rather than wait for Redis.
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  const seen = new LRUCache<string, true>({
    max: maxKeys,
    dispose: (_value, key, reason) => {
      if (reason === "evict") void memory.delete(key);
    },
  });

  const consume = async (key: string): Promise<void> => {
    if (perMinute === 0) return;
    if (!seen.get(key)) seen.set(key, true);
    try {
      await limiter.consume(key);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes)
        throw new RateLimitedError(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      // The store failed and no limiter stood in: the request goes through rather than fail.
    }
  };
  /** How many keys this process counts: at most `maxKeys`. */
  return Object.assign(consume, { tracked: () => seen.size });
}

import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { RateLimitedError } from "../domain/shared/errors.js";

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

/** With Redis, points are taken in leases of a hundredth of the budget (at most 50), never fewer than 1. */
export function leaseSize(perMinute: number): number {
  return Math.min(50, Math.max(1, Math.floor(perMinute / 100)));
}

/** What this instance holds of a key's window: points leased and not used yet, or a refusal. */
type Lease = { points: number; until: number; refused: boolean; taking?: Promise<void> };

/**
 * `perMinute` requests a minute per key (an API key's id, or a client address), in fixed windows
 * of a minute that start with a key's first request (rate-limiter-flexible's points model); 0
 * turns it off. With Redis the count is shared by every instance; while Redis is unreachable an
 * in-process limiter with the same budget stands in (its `insuranceLimiter`), so each instance
 * keeps limiting. The keys counted in this process are bounded by `maxKeys`, so callers that
 * invent keys (addresses) cannot grow its memory: the least recently seen key is forgotten.
 *
 * With Redis a request costs no round trip while this instance holds leased points: it takes
 * `leaseSize` points at once and spends them in memory, and a refusal is remembered until its
 * window ends. The shared count is never exceeded; points leased by one instance and not spent
 * in their window are lost, so a key spread over N instances may be refused up to
 * N × (lease - 1) requests early (none at budgets under 200 a minute, where the lease is 1).
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
  const lease = redis ? leaseSize(perMinute) : 1;
  // Bounded by a size of 1 a key rather than by `max`, which allocates arrays for `max` keys at
  // once: 2.8 MB of heap and 1.2 MB outside it a limiter at 100,000 keys, for keys that may
  // never come (four limiters held 16 MB of an idle server). These grow with the keys counted.
  const leases = new LRUCache<string, Lease>({
    maxSize: maxKeys,
    sizeCalculation: () => 1,
    dispose: (_value, key, reason) => {
      if (reason === "evict") void memory.delete(key);
    },
  });

  /** Takes a lease (or a refusal) for `key` from the store. */
  const take = async (key: string, held: Lease): Promise<void> => {
    try {
      const res = await limiter.consume(key, lease);
      Object.assign(held, { points: lease, until: Date.now() + res.msBeforeNext, refused: false });
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) {
        // The store failed and no limiter stood in: the request goes through rather than fail.
        Object.assign(held, { points: 1, until: Date.now() + 1_000, refused: false });
        return;
      }
      // The lease went past the budget: its points still below the budget are this instance's.
      const granted = lease - (refusal.consumedPoints - perMinute);
      const until = Date.now() + refusal.msBeforeNext;
      Object.assign(
        held,
        granted > 0 ? { points: granted, until, refused: false } : { points: 0, until, refused: true },
      );
    }
  };

  const consume = async (key: string): Promise<void> => {
    if (perMinute === 0) return;
    let held = leases.get(key);
    if (!held) {
      held = { points: 0, until: 0, refused: false };
      leases.set(key, held);
    }
    for (;;) {
      const now = Date.now();
      if (held.until <= now) Object.assign(held, { points: 0, refused: false });
      if (held.refused) throw new RateLimitedError(Math.max(1, Math.ceil((held.until - now) / 1000)));
      if (held.points > 0) {
        held.points--;
        return;
      }
      // One request takes the next lease; the others of this instance wait for it.
      if (!held.taking) {
        const current = held;
        held.taking = take(key, current).finally(() => (current.taking = undefined));
      }
      await held.taking;
    }
  };
  /** How many keys this process counts: at most `maxKeys`. */
  return Object.assign(consume, { tracked: () => leases.size });
}

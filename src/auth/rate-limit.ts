import { LRUCache } from "lru-cache";
import { RateLimitedError } from "../domain/errors.js";

type Bucket = { tokens: number; at: number };

/**
 * Token buckets by key (an API key's id, or a client address): `perMinute` requests a minute on
 * average, bursts up to `perMinute`. In memory, per instance; 0 turns it off. At most `maxKeys`
 * buckets are kept (the least recently used goes first), so callers that invent keys (addresses)
 * cannot grow the process's memory.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now, maxKeys = 100_000) {
  const ratePerMs = perMinute / 60_000;
  // A bucket untouched for a minute has refilled completely: it expires.
  const buckets = new LRUCache<string, Bucket>({ max: maxKeys, ttl: 60_000 });

  const consume = (key: string): void => {
    if (perMinute === 0) return;
    const t = now();
    const bucket = buckets.get(key) ?? { tokens: perMinute, at: t };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.at) * ratePerMs);
    bucket.at = t;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) throw new RateLimitedError(Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)));
    bucket.tokens -= 1;
  };
  /** How many keys are tracked: at most `maxKeys`. */
  return Object.assign(consume, { tracked: () => buckets.size });
}

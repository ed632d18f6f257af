import { RateLimitedError } from "../domain/errors.js";

/**
 * Per-key token bucket: `perMinute` requests a minute on average, bursts up to `perMinute`.
 * In memory, per instance; 0 turns it off.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const ratePerMs = perMinute / 60_000;
  let lastSweep = now();

  return function consume(key: string): void {
    if (perMinute === 0) return;
    const t = now();
    if (t - lastSweep > 60_000) {
      // Drop buckets that have refilled completely: they hold no information.
      for (const [k, b] of buckets) if (b.tokens + (t - b.at) * ratePerMs >= perMinute) buckets.delete(k);
      lastSweep = t;
    }
    const bucket = buckets.get(key) ?? { tokens: perMinute, at: t };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.at) * ratePerMs);
    bucket.at = t;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) throw new RateLimitedError(Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)));
    bucket.tokens -= 1;
  };
}

/**
 * Whether and when a failed try is tried again (docs/decisions.md "Retry strategy"): retry n (1-based)
 * waits FIXED b, LINEAR n*b, EXPONENTIAL b^n seconds; SINGLE_RETRY retries once after b; no
 * retry past maxRetries, or when the wait would end past maxDurationSeconds since the first try,
 * or, with onlyOn [NETWORK_ERROR], when the failure was not a network error.
 */
export type RetryStrategyObject = {
  type: "FIXED" | "LINEAR" | "EXPONENTIAL" | "SINGLE_RETRY";
  baseBackoffSeconds: number;
  maxRetries: number;
  maxDurationSeconds: number;
  sameRegion: boolean;
  onlyOn?: "NETWORK_ERROR"[];
};
export type StoredRetryStrategy = RetryStrategyObject | "FALLBACK" | null;

const DEFAULTS = { baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true };

/**
 * The strategy a check runs with: FALLBACK takes the group's (none without a group); a check with
 * no strategy and the deprecated doubleCheck retries once, at once, in another region.
 */
export function effectiveRetryStrategy(
  check: { retryStrategy: unknown; doubleCheck: boolean },
  group: { retryStrategy: unknown } | null,
): RetryStrategyObject | null {
  let strategy = check.retryStrategy as StoredRetryStrategy | undefined;
  if (strategy === "FALLBACK")
    strategy = group && group.retryStrategy !== "FALLBACK" ? (group.retryStrategy as RetryStrategyObject | null) : null;
  if (strategy && typeof strategy === "object") return { ...DEFAULTS, ...strategy };
  if (check.doubleCheck)
    return { type: "SINGLE_RETRY", baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 600, sameRegion: false };
  return null;
}

/** The wait before retry `retry` (1-based) in ms, or null for no retry. */
export function retryDelayMs(
  strategy: RetryStrategyObject | null,
  retry: number,
  failure: { elapsedMs: number; networkError: boolean },
): number | null {
  if (!strategy || retry < 1) return null;
  const maxRetries = strategy.type === "SINGLE_RETRY" ? 1 : strategy.maxRetries;
  if (retry > maxRetries) return null;
  if (strategy.onlyOn?.includes("NETWORK_ERROR") && !failure.networkError) return null;
  const b = strategy.baseBackoffSeconds;
  const seconds = strategy.type === "LINEAR" ? retry * b : strategy.type === "EXPONENTIAL" ? b ** retry : b;
  const delay = Math.round(seconds * 1000);
  if (failure.elapsedMs + delay > strategy.maxDurationSeconds * 1000) return null;
  return delay;
}

/** The location of a retry: the same one with sameRegion, else the next of the check's locations. */
export function retryLocation(strategy: RetryStrategyObject, location: string, locations: readonly string[]): string {
  if (strategy.sameRegion || locations.length < 2) return location;
  const at = locations.indexOf(location);
  return locations[(at + 1) % locations.length]!;
}

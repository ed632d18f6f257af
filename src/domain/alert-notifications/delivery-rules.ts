/**
 * Delivery outcomes (docs/decisions.md, Alerting): what one try of a notification means for the
 * notification. Pure: the caller passes the try's result and the time; the queue stores the answer.
 *
 * - 8 tries in all; before tries 2..8 it waits 5 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h.
 * - Retried while tries are left: a network error, 408, 429 and 5xx. A 429 or 503 with
 *   `Retry-After` (seconds or an HTTP-date) waits at least that long, at most 12 h (a receiver
 *   cannot park a notification for days).
 * - 2xx: SUCCESS. Any other status: FAILURE at once; a 410 also deactivates the channel's
 *   subscriptions (the receiver says it is gone for good).
 */

export const DELIVERY_TRIES = 8;
/** Waits before tries 2..8, in ms. */
export const DELIVERY_DELAYS_MS = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
] as const;
const LONGEST_WAIT_MS = 12 * 3_600_000;
/** notificationResult keeps this many bytes of the response body. */
export const RESULT_BODY_BYTES = 1024;

/** One try's result, as the adapters report it. */
export type TryResult =
  /** An HTTP response (body: at least its first KiB). */
  | { kind: "response"; status: number; body: string; retryAfter?: string | null }
  /** No response: a network error or timeout (retryable), or a refusal that no retry can change. */
  | { kind: "error"; message: string; retryable: boolean }
  /** Accepted by a non-HTTP transport (SMTP), with its reply. */
  | { kind: "sent"; message: string };

export type DeliveryStatus = "SUCCESS" | "FAILURE" | "IN_PROGRESS";

export type NextDelivery = {
  status: DeliveryStatus;
  /** When to try again (IN_PROGRESS only), else null. */
  nextAttemptAt: Date | null;
  notificationResult: string;
  /** A 410: set `activated: false` on every subscription of the channel. */
  deactivate: boolean;
};

/** The first `bytes` bytes of `text` in UTF-8, never cutting a character in two. */
export function truncateUtf8(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let used = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (used + size > bytes) break;
    used += size;
    end += char.length;
  }
  return text.slice(0, end);
}

export function notificationResult(result: TryResult): string {
  if (result.kind === "response") return `HTTP ${result.status}: ${truncateUtf8(result.body, RESULT_BODY_BYTES)}`;
  return result.message;
}

/** `Retry-After` in ms from now: delta-seconds or an HTTP-date; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

function retryable(result: TryResult): boolean {
  if (result.kind === "error") return result.retryable;
  if (result.kind === "sent") return false;
  return result.status === 408 || result.status === 429 || (result.status >= 500 && result.status <= 599);
}

function succeeded(result: TryResult): boolean {
  return result.kind === "sent" || (result.kind === "response" && result.status >= 200 && result.status <= 299);
}

/**
 * The notification after its try number `tries` (1 for the first) ended with `result` at `now`.
 */
export function nextDelivery({ tries, result, now }: { tries: number; result: TryResult; now: Date }): NextDelivery {
  const text = notificationResult(result);
  if (succeeded(result)) return { status: "SUCCESS", nextAttemptAt: null, notificationResult: text, deactivate: false };
  const gone = result.kind === "response" && result.status === 410;
  if (!retryable(result) || tries >= DELIVERY_TRIES) {
    return { status: "FAILURE", nextAttemptAt: null, notificationResult: text, deactivate: gone };
  }
  const scheduled = DELIVERY_DELAYS_MS[Math.max(0, tries - 1)]!;
  const asked = result.kind === "response" ? retryAfterMs(result.retryAfter, now) : null;
  const wait = asked === null ? scheduled : Math.min(Math.max(scheduled, asked), LONGEST_WAIT_MS);
  return {
    status: "IN_PROGRESS",
    nextAttemptAt: new Date(now.getTime() + wait),
    notificationResult: text,
    deactivate: false,
  };
}

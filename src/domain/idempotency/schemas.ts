import { z } from "zod";

/** How long a key's first response is replayed (as Stripe's API): 24 hours. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A claim whose request never finished (the server stopped mid-request) is given up after this
 * long, so that a client's retry after a crash is not refused for a day.
 */
export const ABANDONED_CLAIM_MS = 2 * 60 * 1000;

/** The `Idempotency-Key` header: 1 to 255 printable ASCII characters (a uuid is the usual choice). */
export const IdempotencyKey = z
  .string()
  .min(1, "Idempotency-Key must not be empty")
  .max(255, "Idempotency-Key must be at most 255 characters")
  .regex(/^[\x20-\x7e]+$/, "Idempotency-Key must be printable ASCII");

import { randomUUID } from "node:crypto";

/**
 * Ids in paths. An id of the wrong form (`abc` for an integer id) is simply an id that does not
 * exist: callers answer NotFound, never a validation error, so nothing about ids leaks.
 */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && uuid.test(value);
}

/** A positive integer id that fits a 32-bit column, or null. */
export function parseIntId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * A UUID of version 7's layout (RFC 9562): the 48-bit Unix time in milliseconds of `at`, then
 * random bits (those of a random UUID). Rows written in time order then land at the end of their
 * primary key's index instead of on a random page each: a batch of heartbeat events dirties one
 * index page, not one per event (fewer pages to copy into the WAL at every commit).
 */
export function timeOrderedUuid(at: Date): string {
  const random = randomUUID();
  const time = Math.max(0, at.getTime()).toString(16).padStart(12, "0").slice(-12);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}

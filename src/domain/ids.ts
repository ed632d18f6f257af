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

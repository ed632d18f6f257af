import { decodeCursor, encodeCursor } from "../shared/pagination.js";
import { ValidationError } from "../shared/errors.js";

/**
 * The check-results cursor: [startedAt ms, id] of the last entry of a page, in the one opaque
 * format of src/domain/shared/pagination.ts (REST `nextId` and GraphQL `after` alike).
 */
export function checkResultCursor(row: { startedAt: Date; id: string }): string {
  return encodeCursor([row.startedAt.getTime(), row.id]);
}

export function decodeCheckResultCursor(cursor: string, key = "nextId"): { startedAt: Date; id: string } {
  const [ms, id] = decodeCursor(cursor, ["number", "string"], key) as [number, string];
  const startedAt = new Date(ms);
  // A forged position (an unrepresentable date) is as wrong as a malformed cursor.
  if (!Number.isInteger(ms) || Number.isNaN(startedAt.getTime()) || id.length > 64) {
    throw new ValidationError(`${key} is not a cursor this list returned`, [key], "query");
  }
  return { startedAt, id };
}

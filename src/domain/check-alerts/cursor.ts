import { decodeCursor, encodeCursor } from "../shared/pagination.js";

/** [createdAt ms, id] of an alert, in the one cursor format of src/domain/shared/pagination.ts (as keysetPage makes it). */
export const checkAlertCursor = (row: { createdAt: Date; id: string }) =>
  encodeCursor([row.createdAt.getTime(), row.id]);

export function decodeCheckAlertCursor(cursor: string, key: string): { at: Date; id: string } {
  const [ms, id] = decodeCursor(cursor, ["number", "string"], key) as [number, string];
  return { at: new Date(ms), id };
}

import { ValidationError } from "./errors.js";

/**
 * The one opaque cursor of Vigil: REST `nextId` and GraphQL connection cursors are the same
 * string, so a client can move between the two. It encodes the keyset position, e.g.
 * [startedAt ms, id] for check results, never an offset.
 */
export type CursorPosition = readonly (string | number)[];

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

export function decodeCursor(cursor: string, shape: readonly ("string" | "number")[], key = "nextId"): CursorPosition {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    position = null;
  }
  if (!Array.isArray(position) || position.length !== shape.length || position.some((part, i) => typeof part !== shape[i])) {
    throw new ValidationError(`${key} is not a cursor this list returned`, [key], "query");
  }
  return position as CursorPosition;
}

/**
 * Keyset condition for "newest first" lists ordered by (time desc, id desc): the rows strictly
 * after the cursor's position.
 */
export function newestFirstAfter<F extends string>(field: F, position: CursorPosition | null) {
  if (!position) return {};
  const [ms, id] = position as [number, string];
  const at = new Date(ms);
  return { OR: [{ [field]: { lt: at } }, { [field]: at, id: { lt: id } }] } as Record<string, unknown>;
}

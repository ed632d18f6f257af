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
  if (
    !Array.isArray(position) ||
    position.length !== shape.length ||
    position.some((part, i) => typeof part !== shape[i])
  ) {
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

/** Keyset condition for the rows strictly before the cursor's position (newer, in "newest first"). */
export function newestFirstBefore<F extends string>(field: F, position: CursorPosition | null) {
  if (!position) return {};
  const [ms, id] = position as [number, string];
  const at = new Date(ms);
  return { OR: [{ [field]: { gt: at } }, { [field]: at, id: { gt: id } }] } as Record<string, unknown>;
}

/** Relay-style page arguments (GraphQL connections); the cursors are the REST `nextId` format. */
export type PageArgs = { first?: number | null; after?: string | null; last?: number | null; before?: string | null };
export type Page<T> = { nodes: T[]; cursors: string[]; hasNextPage: boolean; hasPreviousPage: boolean };

/**
 * A page whose cursors are encoded when first read: a nested GraphQL answer holds a thousand
 * nodes and rarely asks for their cursors. Spreading the page reads them.
 */
export function withLazyCursors<T>(page: Omit<Page<T>, "cursors">, cursorOf: (node: T) => string): Page<T> {
  let cursors: string[] | undefined;
  return {
    ...page,
    get cursors() {
      cursors ??= page.nodes.map(cursorOf);
      return cursors;
    },
  };
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** first/last within 0..100, not both; the default is the first 20. */
export function pageSize(args: PageArgs): { size: number; backward: boolean } {
  if (args.first != null && args.last != null)
    throw new ValidationError("send first or last, not both", ["first", "last"], "query");
  const size = args.last ?? args.first ?? DEFAULT_PAGE_SIZE;
  const key = args.last != null ? "last" : "first";
  if (!Number.isInteger(size) || size < 0 || size > MAX_PAGE_SIZE)
    throw new ValidationError(`${key} must be an integer from 0 to ${MAX_PAGE_SIZE}`, [key], "query");
  return { size, backward: args.last != null };
}

/** Where a keyset page starts, for a query written in SQL: strictly past `from` ([time, id]), in `order`. */
export type Keyset = { from: readonly [Date, string | number] | null; order: "asc" | "desc" };

/**
 * One page of a "newest first" list ordered by (timeField desc, id desc), forwards (first/after)
 * or backwards (last/before), without OFFSET. `query` runs the Prisma findMany of the entity with
 * the extra where, the order and the row count it is given (or its SQL, from `keyset`).
 */
export async function keysetPage<T extends { id: string | number }>(
  args: PageArgs,
  timeField: string,
  query: (
    where: Record<string, unknown>,
    orderBy: Record<string, "asc" | "desc">[],
    take: number,
    keyset: Keyset,
  ) => Promise<T[]>,
  idType: "string" | "number" = "string",
  /** The name the client gave the forward cursor (REST: nextId), for validation errors. */
  afterKey = "after",
): Promise<Page<T>> {
  const { size, backward } = pageSize(args);
  const positionOf = (node: T) => [(node as unknown as Record<string, Date>)[timeField]!.getTime(), node.id] as const;
  const shape = ["number", idType] as const;
  if (size === 0) return { nodes: [], cursors: [], hasNextPage: false, hasPreviousPage: false };
  if (!backward) {
    const after = args.after ? decodeCursor(args.after, shape, afterKey) : null;
    const rows = await query(newestFirstAfter(timeField, after), [{ [timeField]: "desc" }, { id: "desc" }], size + 1, {
      from: keysetFrom(after),
      order: "desc",
    });
    const nodes = rows.slice(0, size);
    return {
      nodes,
      cursors: nodes.map((n) => encodeCursor(positionOf(n))),
      hasNextPage: rows.length > size,
      hasPreviousPage: after !== null,
    };
  }
  const before = args.before ? decodeCursor(args.before, shape, "before") : null;
  const rows = await query(newestFirstBefore(timeField, before), [{ [timeField]: "asc" }, { id: "asc" }], size + 1, {
    from: keysetFrom(before),
    order: "asc",
  });
  const nodes = rows.slice(0, size).reverse();
  return {
    nodes,
    cursors: nodes.map((n) => encodeCursor(positionOf(n))),
    hasNextPage: before !== null,
    hasPreviousPage: rows.length > size,
  };
}

const keysetFrom = (position: CursorPosition | null): Keyset["from"] =>
  position ? [new Date(position[0] as number), position[1] as string | number] : null;

/** The REST form of a keyset page: `{ entries, nextId }`, nextId null on the last page. */
export async function nextIdPage<T extends { id: string | number }>(
  { limit, nextId }: { limit: number; nextId?: string | undefined },
  timeField: string,
  query: (where: Record<string, unknown>, orderBy: Record<string, "asc" | "desc">[], take: number) => Promise<T[]>,
): Promise<{ entries: T[]; nextId: string | null }> {
  const page = await keysetPage({ first: limit, after: nextId ?? null }, timeField, query, "string", "nextId");
  return { entries: page.nodes, nextId: page.hasNextPage ? (page.cursors.at(-1) ?? null) : null };
}

import type { DbOrTx } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { pageSize, type Page, type PageArgs } from "./pagination.js";

/** A keyset position: the time and id of a row of a "newest first" list. */
export type Position = { at: Date; id: string };
export type Direction = "after" | "before";

/** SQLite caps a compound SELECT at 500 terms; 100 branches also keep bound parameters few. */
const BRANCHES_PER_STATEMENT = 100;

type Options<T> = {
  db: DbOrTx;
  /** The parents (checks, sessions...) whose page is wanted; the pages come back in this order. */
  keys: readonly string[];
  args: PageArgs;
  decode: (cursor: string, argument: Direction) => Position;
  positionOf: (row: T) => Position;
  cursorOf: (row: T) => string;
  keyOf: (row: T) => string;
  /**
   * One parent's rows strictly past `from` (older ones for "after", newest first; newer ones for
   * "before", oldest first), at most `take`: an index range scan.
   */
  branch: (key: string, from: Position | null, direction: Direction, take: number) => Prisma.Sql;
};

const compare = (a: Position, b: Position) =>
  a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * One keyset page per parent, forwards (first/after) or backwards (last/before), for a list of
 * parents at once: one UNION ALL statement of per-parent range scans (each with its own LIMIT),
 * so a GraphQL list of checks asking for their results costs one statement, not one per check.
 */
export async function keysetPagesByKey<T>(options: Options<T>): Promise<Page<T>[]> {
  const { size, backward } = pageSize(options.args);
  const direction: Direction = backward ? "before" : "after";
  const cursor = backward ? options.args.before : options.args.after;
  const from = cursor ? options.decode(cursor, direction) : null;
  if (size === 0)
    return options.keys.map(() => ({ nodes: [], cursors: [], hasNextPage: false, hasPreviousPage: false }));

  const unique = [...new Set(options.keys)];
  const rowsOf = new Map<string, T[]>(unique.map((key) => [key, []]));
  for (let start = 0; start < unique.length; start += BRANCHES_PER_STATEMENT) {
    const branches = unique
      .slice(start, start + BRANCHES_PER_STATEMENT)
      .map(
        (key, i) =>
          Prisma.sql`SELECT * FROM (${options.branch(key, from, direction, size + 1)}) AS ${Prisma.raw(`"k${i}"`)}`,
      );
    const rows = await options.db.$queryRaw<T[]>(Prisma.join(branches, " UNION ALL "));
    for (const row of rows) rowsOf.get(options.keyOf(row))?.push(row);
  }

  return options.keys.map((key) => {
    // SQL does not promise the order of a UNION's rows: each parent's rows are put back in order.
    const sign = backward ? 1 : -1;
    const rows = rowsOf.get(key)!.sort((a, b) => sign * compare(options.positionOf(a), options.positionOf(b)));
    const nodes = backward ? rows.slice(0, size).reverse() : rows.slice(0, size);
    const more = rows.length > size;
    return {
      nodes,
      cursors: nodes.map(options.cursorOf),
      hasNextPage: backward ? from !== null : more,
      hasPreviousPage: backward ? more : from !== null,
    };
  });
}

import type { Page } from "../domain/pagination.js";

/**
 * A connection's edge: its cursor is read from the page only when the client asks for it, so a
 * page whose cursors are encoded lazily (withLazyCursors) encodes none for a query without them.
 */
class Edge<T> {
  constructor(
    readonly node: T,
    private readonly page: Page<T>,
    private readonly index: number,
  ) {}

  get cursor(): string {
    return this.page.cursors[this.index]!;
  }
}

/** A domain page as a Relay connection; edge cursors are the REST `nextId` format. */
export function toConnection<T>(page: Page<T>) {
  return {
    edges: page.nodes.map((node, index) => new Edge(node, page, index)),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      get startCursor() {
        return page.cursors[0] ?? null;
      },
      get endCursor() {
        return page.cursors.at(-1) ?? null;
      },
    },
  };
}

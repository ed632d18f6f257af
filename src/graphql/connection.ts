import type { Page } from "../domain/shared/pagination.js";

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

/** A connection's pageInfo, its cursors read as the edges' are (a class: no closures per connection). */
class PageInfo<T> {
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;

  constructor(private readonly page: Page<T>) {
    this.hasNextPage = page.hasNextPage;
    this.hasPreviousPage = page.hasPreviousPage;
  }

  get startCursor(): string | null {
    return this.page.cursors[0] ?? null;
  }

  get endCursor(): string | null {
    return this.page.cursors.at(-1) ?? null;
  }
}

/** A domain page as a Relay connection; edge cursors are the REST `nextId` format. */
export function toConnection<T>(page: Page<T>) {
  const edges = new Array<Edge<T>>(page.nodes.length);
  for (let i = 0; i < edges.length; i++) edges[i] = new Edge(page.nodes[i]!, page, i);
  return { edges, pageInfo: new PageInfo(page) };
}

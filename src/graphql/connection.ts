import type { Page } from "../domain/pagination.js";

/** A domain page as a Relay connection; edge cursors are the REST `nextId` format. */
export function toConnection<T>(page: Page<T>) {
  return {
    edges: page.nodes.map((node, index) => ({ node, cursor: page.cursors[index]! })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: page.cursors[0] ?? null,
      endCursor: page.cursors.at(-1) ?? null,
    },
  };
}

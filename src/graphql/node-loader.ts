import { brandWithType } from "@pothos/core";
import type { GraphQLContext } from "./context.js";

/**
 * A node type's loadMany whose objects carry their GraphQL type from the start. The relay plugin
 * brands loaded objects only after its own await, and a `nodes` field that shares `node`'s
 * request cache can resolve the same object first, unbranded ("Abstract type Node must resolve
 * to an Object type"); branding here closes that race for every node type, without isTypeOf.
 */
export function brandedLoader<T extends object>(
  typename: string,
  load: (ids: string[], ctx: GraphQLContext) => Promise<readonly (T | null)[]>,
) {
  return async (ids: string[], ctx: GraphQLContext) => {
    const rows = await load(ids, ctx);
    for (const row of rows) if (row) brandWithType(row, typename as never);
    return rows;
  };
}

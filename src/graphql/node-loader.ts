import { brandWithType } from "@pothos/core";
import type { GraphQLContext } from "./context.js";

type Load<T> = (ids: string[], ctx: GraphQLContext) => Promise<readonly (T | null)[]>;

/**
 * What node/nodes load for a caller without a key, by node type (node-visitors.ts registers
 * them): only what a public status page shows. A type without one answers null for every id,
 * exactly as for an id of nothing, so a visitor learns nothing of what exists behind a key.
 */
const visitorLoads = new Map<string, Load<object>>();

export function visitorLoader(typename: string, load: Load<object>): void {
  visitorLoads.set(typename, load);
}

/**
 * A node type's loadMany whose objects carry their GraphQL type from the start. The relay plugin
 * brands loaded objects only after its own await, and a `nodes` field that shares `node`'s
 * request cache can resolve the same object first, unbranded ("Abstract type Node must resolve
 * to an Object type"); branding here closes that race for every node type, without isTypeOf.
 * Without a key, the type's visitor load answers instead (see visitorLoads).
 */
export function brandedLoader<T extends object>(typename: string, load: Load<T>) {
  return async (ids: string[], ctx: GraphQLContext) => {
    const visitor = ctx.caller ? null : (visitorLoads.get(typename) ?? (async () => ids.map(() => null)));
    const rows = (visitor ? await visitor(ids, ctx) : await load(ids, ctx)) as readonly (T | null)[];
    for (const row of rows) if (row) brandWithType(row, typename as never);
    return rows;
  };
}

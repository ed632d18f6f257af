import { encodeGlobalID } from "@pothos/plugin-relay";
import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { BoundedMemo } from "../bounded-memo.js";

type IdResolver = GraphQLFieldResolver<unknown, unknown>;

/**
 * The global ids encoded last, by database id (an integer id of one type may be another's: the
 * type is kept and compared). A nested status-page answer holds 1,500 of them, the same ones
 * answer after answer: a lookup costs a fraction of `Buffer.from(...).toString("base64")`.
 */
const encoded = new BoundedMemo<string, { typename: string; globalId: string }>(20_000);

function globalIdOf(typename: string, id: string): string {
  const known = encoded.get(id);
  if (known?.typename === typename) return known.globalId;
  const globalId = encodeGlobalID(typename, id);
  encoded.set(id, { typename, globalId });
  return globalId;
}

/**
 * Makes every node's `id` field answer without a promise. Pothos' relay plugin resolves a global
 * id in an async function (await the node's id, then encode it): a promise and its continuation
 * for each of the 1,600 objects of a nested status-page answer. When the node's own `id.resolve`
 * (kept in the type's pothosOptions) returns a value at once, as all of ours do, it is encoded
 * here the way the plugin encodes it (`encodeGlobalID(typename, String(id))`); anything else (a
 * promise, null) still goes through the plugin's resolver.
 */
export function synchronousNodeIds(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === "Node")) continue;
    const idOf = (type.extensions.pothosOptions as { id?: { resolve?: IdResolver } } | undefined)?.id?.resolve;
    const field = type.getFields().id;
    const plugin = field?.resolve;
    if (!idOf || !field || !plugin) continue;
    const typename = type.name;
    field.resolve = (parent, args, ctx, info) => {
      const id = idOf(parent, args, ctx, info);
      return typeof id === "string" || typeof id === "number"
        ? globalIdOf(typename, String(id))
        : plugin(parent, args, ctx, info);
    };
  }
  return schema;
}

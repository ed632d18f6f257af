import { type GraphQLSchema, isObjectType } from "graphql";

/** `(parent) => parent.name` as compiled, spaces dropped: one parameter, one property read. */
const PROPERTY_READ = /^\(?([A-Za-z_$][\w$]*)\)?=>\1\.([A-Za-z_$][\w$]*)$/;

/**
 * Drops each resolver that only reads its parent's property of the field's own name (the relay
 * plugin's `edges`, `node` and `pageInfo`, `resolve: (incident) => incident.severity`): the
 * executor's default resolver reads that property too. graphql-jit reads a field without a
 * resolver inline, where calling one builds the field's response path (an object per level, 13
 * for an update's field in a nested status-page answer) and its GraphQLResolveInfo: thousands of
 * objects an answer. A resolver that does anything else (a cast in TypeScript is no code) keeps it.
 * As for a `t.expose` field, the property must hold the value itself: graphql-jit's inline read
 * awaits no promise (none of these properties holds one).
 */
export function defaultPropertyReads(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const read = field.resolve && PROPERTY_READ.exec(field.resolve.toString().replace(/\s+/g, ""));
      if (read?.[2] === field.name && !field.subscribe) field.resolve = undefined;
    }
  }
  return schema;
}

import SchemaBuilder, { type InputFieldRef } from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import type { GraphQLContext } from "./context.js";
import { decodeNodeId, typeRestIds } from "./node-lookup.js";

const capitalize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Query limits: deep or wide documents are refused before execution. */
export const QUERY_LIMITS = { depth: 12, breadth: 200, complexity: 20_000 };

/**
 * The one schema builder; type definitions live in ./types, one file per domain noun. Nothing in
 * this file defines a type.
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ErrorsPlugin, RelayPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
    nodeTypeOptions: { description: "An object with a global id: fetch it again with Query.node." },
    pageInfoTypeOptions: {},
    // node and nodes take a REST id too (node-lookup.ts); every other id argument is parsed by node-ids.ts.
    decodeGlobalID: decodeNodeId,
    nodeQueryOptions: {
      args: { id: { description: "A global id, or a REST id (databaseId)." } },
      resolve: async (_root, args, ctx, _info, resolveNode) => {
        await typeRestIds(ctx, [args.id]);
        return resolveNode(args.id);
      },
    },
    nodesQueryOptions: {
      args: { ids: { description: "Global ids, or REST ids (databaseId)." } },
      resolve: async (_root, args, ctx, _info, resolveNodes) => {
        await typeRestIds(ctx, args.ids);
        return resolveNodes(args.ids);
      },
    },
  },
  errors: {
    // Every mutation's errors come back as typed results (see types/errors.ts), never masked:
    // createCheck returns CreateCheckResult = CreateCheckSuccess { data } | ValidationError | ...
    defaultTypes: [],
    defaultUnionOptions: { name: ({ fieldName }) => `${capitalize(fieldName)}Result` },
    defaultResultOptions: { name: ({ fieldName }) => `${capitalize(fieldName)}Success` },
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    limit: QUERY_LIMITS,
  },
});

/** The schema's type parameters, for functions that take Pothos field builders. */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
export type InputFields = PothosSchemaTypes.InputFieldBuilder<Types, "InputObject">;
/** An input field of any type: what the property catalogue of types/checks/input-fields.ts holds. */
export type AnyInputField = InputFieldRef<Types, unknown>;

import SchemaBuilder from "@pothos/core";
import type { GraphQLContext } from "./context.js";

/** The one schema builder; type definitions live in ./types, one file per domain noun. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: { ID: { Input: string; Output: string | number } };
}>({
  defaultFieldNullability: false,
});

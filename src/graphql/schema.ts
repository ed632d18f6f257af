import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.js";
import "./types/scalars.js";
import "./types/errors.js";
import "./types/account.js";
import "./types/maintenance-window.js";

builder.queryType({});
builder.mutationType({});

export const schema = builder.toSchema();

/** What `npm run schema` writes to schema.graphql (sorted, so diffs stay readable). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

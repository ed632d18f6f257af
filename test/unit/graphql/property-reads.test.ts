import { GraphQLObjectType, GraphQLSchema, GraphQLString, graphql } from "graphql";
import { describe, expect, it } from "vitest";
import { defaultPropertyReads } from "../../../src/graphql/property-reads.js";
import { schema } from "../../../src/graphql/schema.js";

// Issue 28: a resolver that only reads its parent's property of the field's name is dropped, so
// that graphql-jit reads the field inline; any other resolver stays.
describe("defaultPropertyReads", () => {
  const build = () => {
    const fields = {
      plain: { type: GraphQLString, resolve: (row: { plain: string }) => row.plain },
      bare: { type: GraphQLString, resolve: (r: { bare: string }) => r.bare },
      other: { type: GraphQLString, resolve: (row: { plain: string }) => row.plain },
      upper: { type: GraphQLString, resolve: (row: { upper: string }) => row.upper.toUpperCase() },
      args: { type: GraphQLString, resolve: (row: { args: string }, _args: unknown) => row.args },
    };
    const query = new GraphQLObjectType({ name: "Query", fields: fields as never });
    return defaultPropertyReads(new GraphQLSchema({ query }));
  };

  it("drops the property reads of the field's own name and keeps every other resolver", async () => {
    const fields = build().getQueryType()!.getFields();
    expect(fields.plain!.resolve).toBeUndefined();
    expect(fields.bare!.resolve).toBeUndefined();
    for (const kept of ["other", "upper", "args"]) expect(fields[kept]!.resolve).toBeTypeOf("function");
    const answer = await graphql({
      schema: build(),
      source: "{ plain bare other upper args }",
      rootValue: { plain: "p", bare: "b", upper: "u", args: "a" },
    });
    expect(answer).toEqual({ data: { plain: "p", bare: "b", other: "p", upper: "U", args: "a" } });
  });

  it("reads the relay plugin's edges, node and pageInfo, and enum casts, by default in our schema", () => {
    const field = (type: string, name: string) => (schema.getType(type) as GraphQLObjectType).getFields()[name]!;
    expect(field("IncidentUpdateEdge", "node").resolve).toBeUndefined();
    expect(field("IncidentConnection", "edges").resolve).toBeUndefined();
    expect(field("IncidentConnection", "pageInfo").resolve).toBeUndefined();
    expect(field("IncidentUpdate", "status").resolve).toBeUndefined();
    // What computes keeps its resolver: a global id, a connection's page.
    expect(field("IncidentUpdate", "id").resolve).toBeTypeOf("function");
    expect(field("Incident", "updates").resolve).toBeTypeOf("function");
  });
});

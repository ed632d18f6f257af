import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import type { GraphQLContext } from "../../../../src/graphql/context.js";
import { sharingKey } from "../../../../src/graphql/subscriptions/sharing.js";

const QUERY = "subscription ($id: ID, $on: ID) { incidentUpdateAdded(incidentId: $id, statusPageId: $on) { id } }";
const context = (caller: GraphQLContext["caller"], extra: Record<string, unknown> = {}) =>
  ({ app: {}, caller, loaders: new Map(), baseUrl: "http://vigil.test", ...extra }) as unknown as GraphQLContext;
const key = (
  ctx: GraphQLContext,
  variables: Record<string, unknown> = { id: "i1" },
  query = QUERY,
  operationName?: string,
) => sharingKey({ contextValue: ctx, document: parse(query), variableValues: variables, operationName });

describe("the sharing key of a subscription", () => {
  const alice = context({ accountId: "a", keyId: "k1" });

  it("is one for the same caller, document (however it is spaced) and variables (in any order)", () => {
    expect(key(alice, { id: "i1", on: "p" })).toBe(
      key(context({ accountId: "a", keyId: "k1" }), { on: "p", id: "i1" }),
    );
    expect(key(alice)).toBe(key(alice, { id: "i1" }, QUERY.replaceAll(" ", "  ")));
  });

  it("differs by account, by key of one account, for a visitor, by host, transport, variables, selection and operation", () => {
    const base = key(alice);
    const others = [
      key(context({ accountId: "b", keyId: "k1" })),
      key(context({ accountId: "a", keyId: "k2" })),
      key(context(null)),
      key(context({ accountId: "a", keyId: "k1" }, { baseUrl: "http://other.test" })),
      key(context({ accountId: "a", keyId: "k1" }, { request: {} })),
      key(alice, { id: "i2" }),
      key(alice, { id: "i1", on: "p" }),
      key(alice, { id: "i1" }, QUERY.replace("{ id }", "{ id description }")),
      key(alice, { id: "i1" }, `subscription Named${QUERY.slice("subscription ".length)}`, "Named"),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });
});

import { getIntrospectionQuery } from "graphql";
import { describe, expect, it } from "vitest";
import { bearer, graphql, startTestApp, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const nest = (levels: number): string => (levels === 0 ? "name" : `ofType { ${nest(levels - 1)} }`);

describe(`GraphQL protection on ${testProvider}`, () => {
  const t = useTestApp();

  it("answers the standard introspection query, and refuses a deeper document", async () => {
    const standard = await graphql(t.url, getIntrospectionQuery(), bearer(t.apiKey));
    expect(standard.body.errors).toBeUndefined();
    expect(standard.body.data.__schema.queryType.name).toBe("Query");
    const deep = await graphql(t.url, `{ __schema { types { fields { type { ${nest(30)} } } } } }`, bearer(t.apiKey));
    expect(deep.body.data).toBeUndefined();
    expect(deep.body.errors?.[0]).toMatchObject({
      message: "query is too deep: more than 20 levels",
      extensions: { code: "QUERY_TOO_DEEP" },
    });
  });

  it("refuses a document too wide for the complexity limits before running it", async () => {
    const wide = `{ viewer { ${Array.from({ length: 250 }, (_, i) => `a${i}: account { id }`).join(" ")} } }`;
    const answer = await graphql(t.url, wide, bearer(t.apiKey));
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.[0]?.message).toMatch(/maximum breadth/);
  });

  it("answers a global id of the wrong type as the client's mistake, not an internal error", async () => {
    const wrong = Buffer.from("Check:00000000-0000-0000-0000-000000000000").toString("base64");
    const answer = await graphql(
      t.url,
      "mutation ($id: ID!) { deleteMaintenanceWindow(id: $id) { __typename } }",
      bearer(t.apiKey),
      { id: wrong },
    );
    expect(answer.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining("is not of type: MaintenanceWindow"),
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("serves GraphiQL to a browser", async () => {
    const page = await fetch(`${t.url}/graphql`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/graphiql/i);
  });

  it("masks an internal error: no SQL or driver text reaches the client", async () => {
    const own = await startTestApp();
    try {
      // The resolver's table is gone: Prisma fails with the driver's message, which must not leak.
      await own.app.context.database.prisma.$executeRawUnsafe(`ALTER TABLE "Account" RENAME TO "AccountGone"`);
      const answer = await graphql(own.url, "{ viewer { account { id name } } }", bearer(own.apiKey));
      expect(answer.body.errors?.[0]).toMatchObject({
        message: "Unexpected error.",
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/prisma|sqlite|postgres|SELECT/i);
    } finally {
      await own.stop();
    }
  });
});

describe(`GraphQL with GRAPHQL_INTROSPECTION=false on ${testProvider}`, () => {
  const t = useTestApp({ GRAPHQL_INTROSPECTION: "false" });

  it("refuses introspection and still answers queries", async () => {
    const introspection = await graphql(t.url, "{ __schema { queryType { name } } }", bearer(t.apiKey));
    expect(introspection.body.errors?.[0]?.message).toMatch(/introspection/i);
    const query = await graphql(t.url, "{ viewer { account { id } } }", bearer(t.apiKey));
    expect(query.body).toEqual({ data: { viewer: { account: { id: t.accountId } } } });
  });
});

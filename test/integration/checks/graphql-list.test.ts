import { beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const PAGE = `query ($first: Int, $after: String, $last: Int, $before: String, $checkType: CheckType, $tag: [String!], $search: String, $url: String) {
  checks(first: $first, after: $after, last: $last, before: $before, checkType: $checkType, tag: $tag, search: $search, apiCheckUrlFilterPattern: $url) {
    edges { cursor node { __typename name checkType } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

type Walk = { names: string[]; pages: number };

describe(`GraphQL checks connection on ${testProvider}`, () => {
  const t = useTestApp();
  let account: { accountId: string; apiKey: string };
  /** In creation order: a mix of types, names and tags to filter on. */
  const made: { name: string; type: string; tags: string[]; url?: string }[] = [
    { name: "Shop home", type: "url", tags: ["shop"] },
    { name: "Orders API", type: "api", tags: ["shop", "api"], url: "https://api.example.com/orders" },
    { name: "Search API", type: "api", tags: ["search"], url: "https://search.example.com/q" },
    { name: "Nightly backup", type: "heartbeat", tags: [] },
    { name: "Login flow", type: "browser", tags: ["shop"] },
    { name: "Primary DB", type: "tcp", tags: ["db"] },
    { name: "Payments API", type: "api", tags: ["shop", "payments"], url: "https://pay.example.com/charge" },
  ];
  const body = (m: (typeof made)[number]) => {
    const base = { name: m.name, tags: m.tags };
    if (m.type === "api") return { ...base, request: { method: "GET", url: m.url } };
    if (m.type === "url") return { ...base, request: { url: "https://shop.example.com" } };
    if (m.type === "tcp") return { ...base, request: { hostname: "db.example.com", port: 5432 } };
    if (m.type === "heartbeat")
      return { ...base, heartbeat: { period: 1, periodUnit: "days", grace: 1, graceUnit: "hours" } };
    return { ...base, script: "run()" };
  };
  const page = (variables: Record<string, unknown>, key = account.apiKey) =>
    graphql(t.url, PAGE, bearer(key), variables);

  /** Every page forwards (first/after) and backwards (last/before), asserting no name twice. */
  async function walk(filters: Record<string, unknown>, size: number): Promise<{ forward: Walk; backward: Walk }> {
    const forward: Walk = { names: [], pages: 0 };
    for (let after: string | null = null; ; forward.pages++) {
      const { body } = await page({ ...filters, first: size, after });
      expect(body.errors).toBeUndefined();
      const connection = body.data.checks;
      forward.names.push(...connection.edges.map((e: any) => e.node.name));
      expect(connection.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    const backward: Walk = { names: [], pages: 0 };
    for (let before: string | null = null; ; backward.pages++) {
      const { body } = await page({ ...filters, last: size, before });
      const connection = body.data.checks;
      backward.names.unshift(...connection.edges.map((e: any) => e.node.name));
      expect(connection.pageInfo.hasNextPage).toBe(before !== null);
      if (!connection.pageInfo.hasPreviousPage) break;
      before = connection.pageInfo.startCursor;
    }
    expect(new Set(forward.names).size).toBe(forward.names.length);
    return { forward, backward };
  }

  beforeAll(async () => {
    account = await t.newAccount("Checks list");
    const rest = restClient(t.url, account.apiKey);
    const db = t.db;
    for (const [index, m] of made.entries()) {
      const created = await rest.post(`/v1/checks/${m.type}`, body(m));
      expect(created.status).toBe(201);
      // A second apart, so that "newest first" is the creation order whatever the clock's resolution.
      await db.check.update({
        where: { id: created.body.id },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) },
      });
    }
  });

  it("walks every check newest first, forwards and backwards, with no duplicates and no gaps", async () => {
    const { forward, backward } = await walk({}, 3);
    expect(forward.names).toEqual(made.map((m) => m.name).reverse());
    expect(backward.names).toEqual(forward.names);
    expect(forward.pages).toBe(2);
  });

  it("filters as REST does, and pages within the filter", async () => {
    const expectNames = (pick: (m: (typeof made)[number]) => boolean) =>
      made
        .filter(pick)
        .map((m) => m.name)
        .reverse();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ checkType: "API" }, expectNames((m) => m.type === "api")],
      [{ tag: ["shop"] }, expectNames((m) => m.tags.includes("shop"))],
      [{ tag: ["db", "search"] }, expectNames((m) => m.tags.includes("db") || m.tags.includes("search"))],
      [{ search: "api" }, expectNames((m) => m.name.toLowerCase().includes("api"))],
      [{ url: "EXAMPLE.COM/O" }, ["Orders API"]],
      [{ checkType: "API", tag: ["shop"], search: "a" }, ["Payments API", "Orders API"]],
      [{ checkType: "DNS" }, []],
    ];
    for (const [filters, names] of cases) {
      const { forward, backward } = await walk(filters, 1);
      expect(forward.names, JSON.stringify(filters)).toEqual(names);
      expect(backward.names, JSON.stringify(filters)).toEqual(names);
      // The REST list answers the same filters with the same checks, in the same order.
      const query = new URLSearchParams(
        Object.entries(filters).flatMap(([k, v]) =>
          [v].flat().map((x) => [k === "url" ? "apiCheckUrlFilterPattern" : k, String(x)]),
        ),
      );
      const rest = await restClient(t.url, account.apiKey).get(`/v1/checks?limit=100&${query}`);
      expect(rest.body.map((c: { name: string }) => c.name)).toEqual(names);
    }
  });

  it("gives each edge its type, and a cursor REST-shaped ([created ms, id])", async () => {
    const { body } = await page({ first: 7 });
    expect(body.data.checks.edges.map((e: any) => e.node.__typename)).toEqual([
      "ApiCheck",
      "TcpCheck",
      "BrowserCheck",
      "HeartbeatCheck",
      "ApiCheck",
      "ApiCheck",
      "UrlCheck",
    ]);
    const [ms, id] = JSON.parse(Buffer.from(body.data.checks.edges[0].cursor, "base64url").toString());
    expect(typeof ms).toBe("number");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses bad filters and page sizes with the domain's validation error", async () => {
    const tooLong = await page({ first: 1, search: "x".repeat(256) });
    expect(tooLong.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining("search"),
      extensions: { code: "VALIDATION", fieldPaths: ["search"] },
    });
    const tooMany = await page({ first: 101 });
    expect(tooMany.body.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fieldPaths: ["first"] });
    const foreignCursor = await page({ first: 1, after: Buffer.from(JSON.stringify(["x", 1])).toString("base64url") });
    expect(foreignCursor.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
  });

  it("shows another account none of these checks", async () => {
    const stranger = await t.newAccount();
    const { body } = await page({ first: 100 }, stranger.apiKey);
    expect(body.data.checks).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
    const anonymous = await graphql(t.url, PAGE, {}, { first: 1 });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const PUBLIC = `query ($url: String!, $first: Int, $after: String) {
  publicStatusPage(url: $url) {
    id name url isPrivate
    cards { name services { id name } }
    incidents(first: $first, after: $after) {
      edges { node { id name lastUpdateStatus services { id name } updates { edges { node { description incident { id services { name } } } } } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

describe(`GraphQL publicStatusPage on ${testProvider}`, () => {
  const t = useTestApp();
  let gql: (
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => ReturnType<typeof graphql>;
  const ids: Record<string, string> = {};
  const write = async (query: string, variables: Record<string, unknown>) => {
    const { body } = await gql(query, variables, bearer(t.apiKey));
    const result = Object.values(body.data ?? {})[0] as { data?: { id: string } };
    if (!result?.data) throw new Error(`seeding failed: ${JSON.stringify(body)}`);
    return result.data.id;
  };
  const service = (name: string) =>
    write(
      `mutation ($name: String!) { createService(input: { name: $name }) { ... on CreateServiceSuccess { data { id } } } }`,
      { name },
    );
  const page = (url: string, services: string[]) =>
    write(
      `mutation ($url: String!, $s: [ServiceReferenceInput!]) { createStatusPage(input: { name: $url, url: $url, cards: [{ name: "Card", services: $s }] }) { ... on CreateStatusPageSuccess { data { id } } } }`,
      {
        url,
        s: services.map((id) => ({ id })),
      },
    );
  const incident = (name: string, services: string[]) =>
    write(
      `mutation ($input: CreateIncidentInput!) { createIncident(input: $input) { ... on CreateIncidentSuccess { data { id } } } }`,
      {
        input: {
          name,
          severity: "MINOR",
          services: services.map((id) => ({ id })),
          incidentUpdates: [{ description: `${name} update` }],
        },
      },
    );

  beforeAll(async () => {
    gql = (query, variables, headers = {}) => graphql(t.url, query, headers, variables);
    // One account: a public page (web, api), a private page (secret), another public page (other).
    for (const name of ["web", "api", "secret", "other"]) ids[name] = await service(name);
    ids.publicPage = await page("public-page", [ids.web!, ids.api!]);
    ids.privatePage = await page("private-page", [ids.secret!]);
    ids.otherPage = await page("other-page", [ids.other!]);
    const raw = (id: string) => Buffer.from(id, "base64").toString().split(":")[1]!;
    await t.db.statusPage.update({
      where: { id: raw(ids.privatePage) },
      data: { isPrivate: true },
    });
    await t.db.statusPageKey.create({
      data: { statusPageId: raw(ids.publicPage), keyHash: "public-page-key", maskedKey: "sp_****page" },
    });
    ids.shared = await incident("shared", [ids.secret!, ids.web!]);
    ids.secretOnly = await incident("secret only", [ids.secret!]);
    ids.otherOnly = await incident("other only", [ids.other!]);
    ids.webOnly = await incident("web only", [ids.web!]);
  });

  it("answers without a key with the page, its cards, services, incidents and updates", async () => {
    const { status, body } = await gql(PUBLIC, { url: "Public-Page" });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const shown = (id: string, name: string, services: { id: string; name: string }[]) => ({
      node: {
        id,
        name,
        lastUpdateStatus: "INVESTIGATING",
        services,
        updates: {
          edges: [
            {
              node: {
                description: `${name} update`,
                incident: { id, services: services.map(({ name: n }) => ({ name: n })) },
              },
            },
          ],
        },
      },
    });
    expect(body.data.publicStatusPage).toEqual({
      id: ids.publicPage,
      name: "public-page",
      url: "public-page",
      isPrivate: false,
      cards: [
        {
          name: "Card",
          services: [
            { id: ids.web, name: "web" },
            { id: ids.api, name: "api" },
          ],
        },
      ],
      incidents: {
        // The shared incident also names the private page's service: the visitor sees only this page's.
        edges: [
          shown(ids.webOnly!, "web only", [{ id: ids.web!, name: "web" }]),
          shown(ids.shared!, "shared", [{ id: ids.web!, name: "web" }]),
        ],
        pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
      },
    });
  });

  it("pages through a public page's incidents without a key", async () => {
    const first = (await gql(PUBLIC, { url: "public-page", first: 1 })).body.data.publicStatusPage.incidents;
    expect(first.edges.map((e: any) => e.node.name)).toEqual(["web only"]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await gql(PUBLIC, { url: "public-page", first: 1, after: first.pageInfo.endCursor })).body.data
      .publicStatusPage.incidents;
    expect(second).toEqual({
      edges: [expect.objectContaining({ node: expect.objectContaining({ name: "shared" }) })],
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
    });
  });

  it("is null for a private page and an unknown url", async () => {
    const { body } = await gql(
      `{ private: publicStatusPage(url: "private-page") { id } unknown: publicStatusPage(url: "no-such-page") { id } }`,
    );
    expect(body).toEqual({ data: { private: null, unknown: null } });
  });

  it("reaches nothing else of the account without a key", async () => {
    // An owner's field is null for a visitor, with an error of its own; the page is still answered.
    const keys = await gql(`{ publicStatusPage(url: "public-page") { name keys { maskedKey } } }`);
    expect(keys.body.data.publicStatusPage).toEqual({ name: "public-page", keys: null });
    expect(keys.body.errors?.map((e: any) => [e.path.join("."), e.extensions?.code])).toEqual([
      ["publicStatusPage.keys", "UNAUTHENTICATED"],
    ]);
    expect(JSON.stringify(keys.body)).not.toContain("sp_****page");

    // node(id:) reaches a public page's objects without a key (test/integration/status-pages/graphql-visitor-nodes.test.ts), nothing else:
    // a private page, an incident or a service only it shows answer null, like an id of nothing.
    for (const id of [ids.secretOnly, ids.secret, ids.privatePage]) {
      const node = await gql(`query ($id: ID!) { node(id: $id) { id } }`, { id });
      expect(node.body).toEqual({ data: { node: null } });
    }
    for (const list of ["statusPages", "incidents", "services"]) {
      const listed = await gql(`{ ${list} { edges { node { id } } } }`);
      expect([list, listed.body.data, listed.body.errors?.[0]?.extensions?.code]).toEqual([
        list,
        null,
        "UNAUTHENTICATED",
      ]);
    }
    const viewer = await gql(`{ viewer { account { id } } }`);
    expect(viewer.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const everything = JSON.stringify((await gql(PUBLIC, { url: "public-page" })).body);
    for (const hidden of ["secret", "other only", "private-page", "other-page", t.accountId])
      expect([hidden, everything.includes(hidden)]).toEqual([hidden, false]);
  });

  it("answers for the page's account, not the caller's, when a key of another account is sent", async () => {
    const other = await t.newAccount();
    const { body } = await gql(PUBLIC, { url: "public-page" }, bearer(other.apiKey));
    expect(body.errors).toBeUndefined();
    expect(body.data.publicStatusPage.cards[0].services.map((s: any) => s.name)).toEqual(["web", "api"]);
    expect(body.data.publicStatusPage.incidents.edges.map((e: any) => e.node.name)).toEqual(["web only", "shared"]);
    // An authenticated field stays the caller's: another account's key sees none of this page's keys.
    const keys = await gql(`{ publicStatusPage(url: "public-page") { keys { maskedKey } } }`, {}, bearer(other.apiKey));
    expect(keys.body.data.publicStatusPage.keys).toEqual([]);
    const own = await gql(`{ publicStatusPage(url: "public-page") { keys { maskedKey } } }`, {}, bearer(t.apiKey));
    expect(own.body.data.publicStatusPage.keys).toEqual([{ maskedKey: "sp_****page" }]);
  });
});

// checkGroups(search:) for every GraphQL client (the app's pickers find a group among thousands as
// the person types): a part of the name, without case, `%` and `_` as themselves, paged by cursor,
// in the caller's account only; and the migration's backfill gives stored groups the same column.
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../../../src/db/migrate.js";
import { providerOf } from "../../../src/db/provider.js";
import { searchForm } from "../../../src/domain/shared/search-form.js";
import { type Gql, useTestApp } from "../../support/app.js";
import { testDatabase, testProvider } from "../../support/database.js";

const SEARCH = `query ($search: String, $after: String) {
  checkGroups(first: 2, after: $after, search: $search) { edges { node { name } } pageInfo { hasNextPage endCursor } }
}`;
const CREATE = `mutation ($name: String!) { createCheckGroup(input: { name: $name }) { __typename } }`;
const RENAME = `mutation ($id: ID!, $name: String!) { updateCheckGroup(id: $id, input: { name: $name }) { __typename } }`;

describe(`GraphQL checkGroups(search:) on ${testProvider}`, () => {
  const t = useTestApp();
  let me: { accountId: string; apiKey: string };
  const gql: Gql = (query, variables, key = me.apiKey) => t.gql(query, variables, key);
  const names = async (search: string | null, after?: string) => {
    const { body } = await gql(SEARCH, { search, after });
    expect(body.errors).toBeUndefined();
    const page = body.data.checkGroups;
    return { names: page.edges.map((e: { node: { name: string } }) => e.node.name), ...page.pageInfo };
  };
  beforeAll(async () => {
    me = await t.newAccount("Group search");
    for (const name of ["Payments EU", "payments US", "Search", "100% up", "a_b", "Payments ÄÖ"])
      expect((await gql(CREATE, { name })).body.data.createCheckGroup.__typename).toBe("CreateCheckGroupSuccess");
    const other = await t.newAccount("Other");
    await gql(CREATE, { name: "Payments of another account" }, other.apiKey);
  });

  it("finds groups by a part of the name, without case, newest first, a page at a time", async () => {
    const first = await names("PAYMENTS");
    expect(first.names).toEqual(["Payments ÄÖ", "payments US"]);
    expect(first.hasNextPage).toBe(true);
    const second = await names("PAYMENTS", first.endCursor);
    expect(second).toMatchObject({ names: ["Payments EU"], hasNextPage: false });
    expect((await names("äö")).names).toEqual(["Payments ÄÖ"]);
    expect((await names("nothing like it")).names).toEqual([]);
    // Every group when the search is empty or absent.
    expect((await names("")).names).toHaveLength(2);
    expect((await names(null)).hasNextPage).toBe(true);
  });

  it("takes % and _ as themselves, not as LIKE's wildcards", async () => {
    expect((await names("%")).names).toEqual(["100% up"]);
    expect((await names("_")).names).toEqual(["a_b"]);
    expect((await names("a%b")).names).toEqual([]);
  });

  it("follows a rename, and refuses a search longer than 255 characters with a clear error", async () => {
    const { body } = await gql(`{ checkGroups(first: 1, search: "Search") { edges { node { id } } } }`);
    const id = body.data.checkGroups.edges[0].node.id;
    expect((await gql(RENAME, { id, name: "Indexing" })).body.data.updateCheckGroup.__typename).toBe(
      "UpdateCheckGroupSuccess",
    );
    expect((await names("search")).names).toEqual([]);
    expect((await names("INDEX")).names).toEqual(["Indexing"]);
    const long = await gql(SEARCH, { search: "x".repeat(256) });
    expect(long.status).toBe(200);
    expect(long.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(long.body.errors?.[0]?.message).toMatch(/search/);
  });
});

describe(`the groups' search column backfill on ${testProvider}`, () => {
  it("gives groups stored before the migration the column the write path gives new ones", async () => {
    const { prisma, close, url } = await testDatabase();
    try {
      const dir = migrationsDir(providerOf(url));
      const folder = readdirSync(dir).find((entry) => entry.endsWith("_check_group_search"))!;
      const sql = readFileSync(`${dir}/${folder}/migration.sql`, "utf8");
      const backfill = sql
        .slice(sql.indexOf("-- Backfill"))
        .replace(/^--.*$/gm, "")
        .trim()
        .replace(/;$/, "");
      const account = await prisma.account.create({ data: { name: "backfill" } });
      const group = await prisma.checkGroup.create({
        data: { accountId: account.id, name: "Shop_100% Up\\", tags: [], locations: [], apiCheckDefaults: {} },
      });
      expect(group.searchName).toBe("");
      await prisma.$executeRawUnsafe(backfill);
      const stored = await prisma.checkGroup.findUniqueOrThrow({ where: { id: group.id } });
      expect(stored.searchName).toBe(searchForm(group.name));
    } finally {
      await close();
    }
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient, type RestClient } from "../../support/rest.js";

type Check = { id: string; name: string };

/**
 * The checks list filters run in SQL (issue 14 item 5): one statement reads the page of matching
 * checks, whatever the number of checks of the account, and the filters follow every write.
 */
describe(`checks list filters in SQL on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  let client: RestClient;
  const names = async (query: string) => {
    const response = await client.get(`/v1/checks?${query}`);
    expect(response.status).toBe(200);
    return (response.body as Check[]).map((check) => check.name).sort();
  };
  /** The statements of one request, without the key lookup and transaction control. */
  async function statementsOf(path: string) {
    statements.length = 0;
    expect((await client.get(path)).status).toBe(200);
    return statements.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(sql.trim()) && !/"ApiKey"/.test(sql));
  }

  beforeAll(async () => {
    client = restClient(t.url, (await t.newAccount()).apiKey);
    const api = (name: string, url: string, tags: string[] = []) =>
      client.post("/v1/checks/api", { name, tags, request: { method: "GET", url } });
    await api("100% up", "https://a.example.com/100%25", ["x%"]);
    await api("under_score", "https://b.example.com/a_b", ["y_"]);
    await api("ÉCOLE", "https://École.example.com/", ["École"]);
    await api("plain", "https://c.example.com/", ["a", "b"]);
  });

  it("matches `%` and `_` literally, folds non-ASCII case, and matches tags exactly", async () => {
    expect(await names("search=%25")).toEqual(["100% up"]);
    expect(await names("search=_")).toEqual(["under_score"]);
    expect(await names("search=%C3%A9cole")).toEqual(["ÉCOLE"]);
    expect(await names("apiCheckUrlFilterPattern=%C3%A9COLE")).toEqual(["ÉCOLE"]);
    expect(await names("apiCheckUrlFilterPattern=a_b")).toEqual(["under_score"]);
    expect(await names("tag=x")).toEqual([]);
    expect(await names("tag=%C3%A9cole")).toEqual([]);
    expect(await names("tag=%C3%89cole&tag=b")).toEqual(["plain", "ÉCOLE"].sort());
  });

  it("follows updates of name, URL and tags", async () => {
    const created = await client.post("/v1/checks/api", {
      name: "before",
      tags: ["old"],
      request: { method: "GET", url: "https://old.example.com" },
    });
    expect(await names("tag=old")).toEqual(["before"]);
    const updated = await client.put(`/v1/checks/api/${created.body.id}`, {
      name: "After",
      tags: ["new", "new"],
      request: { method: "GET", url: "https://NEW.example.com" },
    });
    expect(updated.status).toBe(200);
    expect(await names("tag=old")).toEqual([]);
    expect(await names("tag=new")).toEqual(["After"]);
    expect(await names("search=after")).toEqual(["After"]);
    expect(await names("apiCheckUrlFilterPattern=new.example")).toEqual(["After"]);
    expect(await names("search=before")).toEqual([]);
    // A deprecated update that changes nothing searched keeps the tags.
    expect((await client.put(`/v1/checks/${created.body.id}`, { muted: true })).status).toBe(200);
    expect(await names("tag=new")).toEqual(["After"]);
  });

  it("reads one page of matching checks in one statement that carries every filter", async () => {
    const filtered = "/v1/checks?search=zzz&tag=a&apiCheckUrlFilterPattern=example&status=passing&limit=5&page=2";
    const few = await statementsOf(filtered);
    for (let i = 0; i < 5; i++)
      await client.post("/v1/checks/api", { name: `more-${i}`, request: { method: "GET", url: "https://m.example" } });
    const many = await statementsOf(filtered);
    expect(many.length).toBe(few.length);
    // The one statement that reads checks: its WHERE carries every filter, and LIMIT/OFFSET the page.
    const reads = many.filter((sql) => /FROM [`"]?\w*[`"]?\.?[`"]Check[`"] /.test(sql));
    expect(reads).toHaveLength(1);
    const where = reads[0]!.slice(reads[0]!.indexOf(" WHERE "));
    for (const part of ["searchName", "searchUrl", "CheckTag", "LIMIT", "OFFSET"]) expect(where, part).toContain(part);
    // On SQLite the search columns are tested on the account's index, before a large row is read.
    if (testProvider === "sqlite") {
      const columns = await t.db.$queryRawUnsafe<{ name: string }[]>(
        `SELECT name FROM pragma_index_info('Check_accountId_createdAt_idx') ORDER BY seqno`,
      );
      expect(columns.map((c) => c.name)).toEqual(["accountId", "createdAt", "searchName", "searchUrl"]);
    }
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheckGroup } from "../../support/index.js";
import { restClient, type RestClient } from "../../support/rest.js";

type Check = { id: string; name: string; checkType: string; created_at: string; groupOrder: number | null };
const apiCheck = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  request: { method: "GET", url: `https://${name}.example.com` },
  ...extra,
});
/** The list order: newest first, ties broken by id, both descending. */
const newestFirst = (a: Check, b: Check) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

describe(`REST check lists on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let own: RestClient;
  const created: Check[] = [];
  const newGroup = (accountId: string) => createCheckGroup(t, {}, accountId);

  beforeAll(async () => {
    // A fresh account holds exactly the checks of this file's list tests.
    own = restClient(t.url, (await t.newAccount()).apiKey);
    const bodies: [string, Record<string, unknown>][] = [
      ["api", apiCheck("shop", { tags: ["prod", "web"] })],
      ["api", apiCheck("Shop-Admin", { tags: ["staging"] })],
      ["api", apiCheck("billing", { tags: ["prod"] })],
      ["url", { name: "Shop homepage", request: { url: "https://shop.example.com" }, tags: ["web"] }],
      ["tcp", { name: "database", request: { hostname: "db", port: 5432 } }],
      ["browser", { name: "checkout", script: "x", tags: ["prod"] }],
      ["heartbeat", { name: "cron", heartbeat: { period: 1, periodUnit: "hours", grace: 0, graceUnit: "seconds" } }],
    ];
    for (const [slug, body] of bodies) created.push((await own.post(`/v1/checks/${slug}`, body)).body);
  });

  it("lists newest first, 10 by default, and walks pages with no duplicate and no gap", async () => {
    const all = await own.get("/v1/checks");
    expect(all.status).toBe(200);
    expect(all.body.map((c: Check) => c.id)).toEqual([...created].sort(newestFirst).map((c) => c.id));
    expect(all.body.find((c: Check) => c.id === created[0]!.id)).toEqual(created[0]);
    const walked: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const { body } = await own.get(`/v1/checks?limit=2&page=${page}`);
      expect(body.length).toBe(page < 4 ? 2 : 1);
      walked.push(...body.map((c: Check) => c.id));
    }
    expect(walked).toEqual(all.body.map((c: Check) => c.id));
    expect((await own.get("/v1/checks?limit=2&page=5")).body).toEqual([]);
  });

  it("applies the default limit of 10 and the bounds of limit and page", async () => {
    const other = restClient(t.url, (await t.newAccount()).apiKey);
    for (let i = 0; i < 11; i++) await other.post("/v1/checks/api", apiCheck(`c${i}`));
    expect((await other.get("/v1/checks")).body).toHaveLength(10);
    expect((await other.get("/v1/checks?limit=100")).body).toHaveLength(11);
    expect((await other.get("/v1/checks?limit=1")).body).toHaveLength(1);
    for (const bad of ["limit=0", "limit=101", "limit=x", "page=0", "page=1.5", "checkType=SMTP"]) {
      const response = await other.get(`/v1/checks?${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "query", keys: [bad.split("=")[0]] });
    }
  });

  it.each([
    ["checkType=API", ["shop", "Shop-Admin", "billing"]],
    ["checkType=HEARTBEAT", ["cron"]],
    ["tag=prod", ["shop", "billing", "checkout"]],
    ["tag=staging&tag=web", ["shop", "Shop-Admin", "Shop homepage"]],
    ["search=SHOP", ["shop", "Shop-Admin", "Shop homepage"]],
    ["search=shop&checkType=URL", ["Shop homepage"]],
    ["apiCheckUrlFilterPattern=SHOP.example", ["shop"]],
    ["apiCheckUrlFilterPattern=example.com&tag=prod", ["shop", "billing"]],
    ["tag=prod&limit=1&page=2", ["shop", "billing", "checkout"]],
    ["tag=none", []],
  ])("filters with %s", async (query, names) => {
    const { status, body } = await own.get(`/v1/checks?${query}`);
    expect(status).toBe(200);
    const params = new URLSearchParams(query);
    const limit = Number(params.get("limit") ?? 10);
    const skip = (Number(params.get("page") ?? 1) - 1) * limit;
    const expected = created
      .filter((c) => names.includes(c.name))
      .sort(newestFirst)
      .slice(skip, skip + limit);
    expect(body.map((c: Check) => c.id)).toEqual(expected.map((c) => c.id));
  });

  it("lists a group's checks in run order, pages them, and is 404 for another account's group", async () => {
    const { accountId, apiKey } = await t.newAccount();
    const client = restClient(t.url, apiKey);
    const group = await newGroup(accountId);
    const otherGroup = await newGroup(accountId);
    const add = async (name: string, groupId: number | null, groupOrder: number | null) =>
      (await client.post("/v1/checks/api", apiCheck(name, { groupId, groupOrder }))).body as Check;
    const unordered = await add("unordered", group.id, null);
    const second = await add("second", group.id, 2);
    const first = await add("first", group.id, 0);
    await add("elsewhere", otherGroup.id, 1);
    await add("loose", null, 1);
    const list = await client.get(`/v1/check-groups/${group.id}/checks`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: Check) => c.id)).toEqual([first.id, second.id, unordered.id]);
    expect(list.body[0]).toEqual(first);
    const pages = await Promise.all(
      [1, 2].map((page) => client.get(`/v1/check-groups/${group.id}/checks?limit=2&page=${page}`)),
    );
    expect(pages.flatMap((p) => p.body.map((c: Check) => c.name))).toEqual(["first", "second", "unordered"]);
    expect((await client.get(`/v1/check-groups/${group.id}/checks?limit=101`)).body.validation).toEqual({
      source: "query",
      keys: ["limit"],
    });
    expect((await api.get(`/v1/check-groups/${group.id}/checks`)).status).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999", "2147483647"])
      expect((await client.get(`/v1/check-groups/${bad}/checks`)).status).toBe(404);
    expect((await client.get(`/v1/check-groups/${(await newGroup(accountId)).id}/checks`)).body).toEqual([]);
  });

  it("keeps accounts apart: another account's check is 404 on every item path and absent from lists", async () => {
    const check = created[0]!;
    const before = await own.get(`/v1/checks/${check.id}`);
    expect((await api.get(`/v1/checks/${check.id}`)).status).toBe(404);
    expect((await api.put(`/v1/checks/api/${check.id}`, { name: "stolen" })).status).toBe(404);
    expect((await api.put(`/v1/checks/${check.id}`, { name: "stolen" })).status).toBe(404);
    expect((await api.delete(`/v1/checks/${check.id}`)).status).toBe(404);
    expect((await api.get("/v1/checks?limit=100")).body.map((c: Check) => c.id)).not.toContain(check.id);
    expect((await api.get(`/v1/checks?search=${check.name}`)).body).toEqual([]);
    expect((await own.get(`/v1/checks/${check.id}`)).body).toEqual(before.body);
  });

  it("answers 404 for ids of the wrong form and for unknown uuids, on every item path", async () => {
    const paths = (id: string) =>
      [
        ["GET", `/v1/checks/${id}`],
        ["DELETE", `/v1/checks/${id}`],
        ["PUT", `/v1/checks/${id}`],
        ["PUT", `/v1/checks/api/${id}`],
        ["PUT", `/v1/checks/heartbeat/${id}`],
      ] as const;
    for (const id of [
      "abc",
      "123",
      "not-a-uuid-at-all",
      "00000000-0000-4000-8000-000000000000",
      `${created[0]!.id}x`,
    ]) {
      for (const [method, path] of paths(id)) {
        const response =
          method === "GET"
            ? await own.get(path)
            : method === "DELETE"
              ? await own.delete(path)
              : await own.put(path, { name: "x" });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, error: "Not Found" });
      }
    }
  });

  it("documents every check route in the OpenAPI document, the old update as deprecated", async () => {
    const document = await (await fetch(`${t.url}/openapi.json`)).json();
    for (const slug of ["api", "url", "tcp", "dns", "icmp", "heartbeat", "browser", "multistep"]) {
      expect(Object.keys(document.paths[`/v1/checks/${slug}`])).toEqual(["post"]);
      expect(Object.keys(document.paths[`/v1/checks/${slug}/{id}`])).toEqual(["put"]);
    }
    expect(document.paths["/v1/checks/{id}"].put.deprecated).toBe(true);
    expect(Object.keys(document.paths["/v1/checks/{id}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(document.paths["/v1/checks/api"].post.requestBody.content["application/json"].schema.required).toEqual([
      "name",
      "request",
    ]);
    expect(document.paths["/v1/check-groups/{id}/checks"].get.responses["200"]).toBeDefined();
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

type Group = { id: number; name: string; tags: string[] };

describe(`REST check group list on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  /** The groups of this file's account, oldest first, as created. */
  const groups: Group[] = [];
  const ids = (response: { body: Group[] }) => response.body.map((g) => g.id);
  const newestFirst = (selected: Group[]) => selected.map((g) => g.id).sort((a, b) => b - a);

  beforeAll(async () => {
    const tagsOf = (i: number) => [
      i % 2 === 0 ? "even" : "odd",
      ...(i % 3 === 0 ? ["three"] : []),
      ...(i === 7 ? ["seven"] : []),
    ];
    for (let i = 0; i < 13; i++)
      groups.push((await api.post("/v1/check-groups", { name: `group ${i % 5}`, tags: tagsOf(i) })).body);
    // Another account's groups, with the same names and tags, must never show.
    const stranger = restClient(t.url, (await t.newAccount()).apiKey);
    for (let i = 0; i < 3; i++) await stranger.post("/v1/check-groups", { name: `group ${i}`, tags: tagsOf(i) });
  });

  it("lists newest first, 10 by default", async () => {
    const response = await api.get("/v1/check-groups");
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual(newestFirst(groups).slice(0, 10));
    expect(response.body[0]).toEqual(groups.at(-1));
  });

  it.each([1, 2, 3, 5, 13, 100])("walks every page of limit %i with no duplicates and no gaps", async (limit) => {
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const response = await api.get(`/v1/check-groups?limit=${limit}&page=${page}`);
      expect(response.status).toBe(200);
      expect(response.body.length).toBeLessThanOrEqual(limit);
      seen.push(...ids(response));
      if (response.body.length < limit) break;
    }
    expect(seen).toEqual(newestFirst(groups));
  });

  it("filters by tag: groups having at least one of the tags", async () => {
    expect(ids(await api.get("/v1/check-groups?tag=three&limit=100"))).toEqual(
      newestFirst(groups.filter((g) => g.tags.includes("three"))),
    );
    const either = await api.get("/v1/check-groups?tag=three&tag=seven&limit=100");
    expect(ids(either)).toEqual(
      newestFirst(groups.filter((g) => g.tags.includes("three") || g.tags.includes("seven"))),
    );
    expect((await api.get("/v1/check-groups?tag=none")).body).toEqual([]);
  });

  it("filters by exact name: groups named any of the names", async () => {
    expect(ids(await api.get("/v1/check-groups?name=group%201&limit=100"))).toEqual(
      newestFirst(groups.filter((g) => g.name === "group 1")),
    );
    const either = await api.get("/v1/check-groups?name=group%201&name=group%203&limit=100");
    expect(ids(either)).toEqual(newestFirst(groups.filter((g) => g.name === "group 1" || g.name === "group 3")));
    expect((await api.get("/v1/check-groups?name=group")).body).toEqual([]);
  });

  it("combines the filters and pages through the filtered list", async () => {
    const expected = newestFirst(
      groups.filter((g) => g.tags.includes("even") && (g.name === "group 0" || g.name === "group 2")),
    );
    expect(expected.length).toBeGreaterThan(2);
    const pages = [1, 2, 3].map(
      (page) => `/v1/check-groups?tag=even&name=group%200&name=group%202&limit=2&page=${page}`,
    );
    const walked = (await Promise.all(pages.map((path) => api.get(path)))).flatMap(ids);
    expect(walked).toEqual(expected);
  });

  it.each([
    ["limit=0", ["limit"]],
    ["limit=101", ["limit"]],
    ["limit=abc", ["limit"]],
    ["limit=1.5", ["limit"]],
    ["page=0", ["page"]],
    ["page=-1", ["page"]],
    ["limit=0&page=0", ["limit", "page"]],
  ])("refuses the query %s", async (query, keys) => {
    const response = await api.get(`/v1/check-groups?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      validation: { source: "query", keys },
    });
  });

  it("answers an empty list past the last page", async () => {
    expect((await api.get("/v1/check-groups?limit=100&page=2")).body).toEqual([]);
  });
});

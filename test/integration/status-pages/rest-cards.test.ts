import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, type Service } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
let slugs = 0;
const slug = () => `cards-${++slugs}`;
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe(`REST status page cards, keys, shown incidents and pagination on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const counts = async () => [
    await db().statusPage.count(),
    await db().statusPageCard.count(),
    await db().statusPageCardService.count(),
  ];
  const service = (name: string, client = api) => createService(client, name);

  it("keeps cards and their services in the order sent, showing full service objects", async () => {
    const [a, b, c] = [await service("a"), await service("b"), await service("c")];
    const created = await api.post("/v1/status-pages", {
      name: "Cards",
      url: slug(),
      // A service reference needs only its id; the rest of a service object read back is ignored.
      cards: [
        { name: "Second", services: [c, { id: a.id }] },
        { name: "First", services: [{ id: b.id, name: "ignored" }, { id: a.id }] },
        { name: "Empty" },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.cards).toEqual([
      { id: uuid, name: "Second", services: [c, a], created_at: stamp, updated_at: stamp },
      { id: uuid, name: "First", services: [b, a], created_at: stamp, updated_at: stamp },
      { id: uuid, name: "Empty", services: [], created_at: stamp, updated_at: stamp },
    ]);
    expect((await api.get(`/v1/status-pages/${created.body.id}`)).body.cards).toEqual(created.body.cards);
  });

  it("refuses services of another account, unknown or malformed ids and duplicates, naming cards.N.services.M.id", async () => {
    const mine = await service("mine");
    const theirs = await service("theirs", restClient(t.url, (await t.newAccount()).apiKey));
    const before = await counts();
    const response = await api.post("/v1/status-pages", {
      name: "Bad refs",
      url: slug(),
      cards: [
        { name: "ok", services: [{ id: mine.id }] },
        {
          name: "bad",
          services: [
            { id: mine.id },
            { id: theirs.id },
            { id: "abc" },
            { id: "00000000-0000-4000-8000-000000000000" },
            { id: mine.id },
          ],
        },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.validation).toEqual({
      source: "payload",
      keys: ["cards.1.services.1.id", "cards.1.services.2.id", "cards.1.services.3.id", "cards.1.services.4.id"],
    });
    expect(await counts()).toEqual(before);
    const page = (
      await api.post("/v1/status-pages", { name: "P", url: slug(), cards: [{ name: "c", services: [mine] }] })
    ).body;
    const put = await api.put(`/v1/status-pages/${page.id}`, {
      name: "P",
      url: page.url,
      cards: [{ name: "d", services: [{ id: theirs.id }] }],
    });
    expect(put.status).toBe(400);
    expect(put.body.validation.keys).toEqual(["cards.0.services.0.id"]);
    expect((await api.get(`/v1/status-pages/${page.id}`)).body).toEqual(page);
  });

  it("accepts 100 services in a card and refuses 101", async () => {
    const hundred: Service[] = [];
    for (let i = 0; i < 101; i++) hundred.push(await service(`bulk ${i}`));
    const ok = await api.post("/v1/status-pages", {
      name: "Big",
      url: slug(),
      cards: [{ name: "all", services: hundred.slice(0, 100).map(({ id }) => ({ id })) }],
    });
    expect(ok.status).toBe(201);
    expect(ids(ok.body.cards[0].services)).toEqual(ids(hundred.slice(0, 100)));
    const before = await counts();
    const tooMany = await api.post("/v1/status-pages", {
      name: "Too big",
      url: slug(),
      cards: [{ name: "all", services: hundred.map(({ id }) => ({ id })) }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.validation.keys).toEqual(["cards.0.services"]);
    expect(await counts()).toEqual(before);
  });

  it("PUT replaces cards when sent, keeps them when omitted, and keeps the id of a card sent back", async () => {
    const [a, b] = [await service("pa"), await service("pb")];
    const { body: page } = await api.post("/v1/status-pages", {
      name: "P",
      url: slug(),
      cards: [
        { name: "one", services: [a] },
        { name: "two", services: [b] },
      ],
    });
    const [one, two] = page.cards;
    const omitted = await api.put(`/v1/status-pages/${page.id}`, { name: "P", url: page.url });
    expect(omitted.body.cards).toEqual(page.cards);

    // The read-back card keeps its id and created_at; an unknown id makes a new card; "one" goes.
    const replaced = await api.put(`/v1/status-pages/${page.id}`, {
      name: "P",
      url: page.url,
      cards: [
        { name: "new", id: "7b6f7a52-3c1e-4a8e-9d6f-4c0f3f0d1a2b", services: [b] },
        { ...two, name: "two renamed", services: [a, b] },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.cards).toEqual([
      { id: uuid, name: "new", services: [b], created_at: stamp, updated_at: stamp },
      { id: two.id, name: "two renamed", services: [a, b], created_at: two.created_at, updated_at: stamp },
    ]);
    expect(replaced.body.cards[0].id).not.toBe("7b6f7a52-3c1e-4a8e-9d6f-4c0f3f0d1a2b");
    expect(await db().statusPageCard.count({ where: { id: one.id } })).toBe(0);

    const duplicate = await api.put(`/v1/status-pages/${page.id}`, {
      name: "P",
      url: page.url,
      cards: [
        { id: two.id, name: "x" },
        { id: two.id, name: "y" },
      ],
    });
    expect(duplicate.body.validation).toEqual({ source: "payload", keys: ["cards.1.id"] });
    const cleared = await api.put(`/v1/status-pages/${page.id}`, { name: "P", url: page.url, cards: [] });
    expect(cleared.body.cards).toEqual([]);
    expect(await db().statusPageCard.count({ where: { statusPageId: page.id } })).toBe(0);
  });

  it("shows its keys masked, never their hashes", async () => {
    const { body: page } = await api.post("/v1/status-pages", { name: "Keys", url: slug() });
    const key = await db().statusPageKey.create({
      data: { statusPageId: page.id, keyHash: "f".repeat(64), maskedKey: "sp_abcd************" },
    });
    const read = await api.get(`/v1/status-pages/${page.id}`);
    expect(read.body.keys).toEqual([
      {
        id: key.id,
        maskedKey: "sp_abcd************",
        created_at: key.createdAt.toISOString(),
        updated_at: key.updatedAt.toISOString(),
      },
    ]);
    expect(JSON.stringify(read.body)).not.toContain("f".repeat(64));
    expect((await api.delete(`/v1/status-pages/${page.id}`)).status).toBe(204);
    expect(await db().statusPageKey.count({ where: { id: key.id } })).toBe(0);
  });

  it("shows the incidents that name a service of one of its cards, newest first", async () => {
    const [web, db1, other] = [await service("web"), await service("db"), await service("other")];
    const pageA = (
      await api.post("/v1/status-pages", {
        name: "A",
        url: slug(),
        cards: [
          { name: "c", services: [web] },
          { name: "d", services: [db1] },
        ],
      })
    ).body;
    const pageB = (
      await api.post("/v1/status-pages", { name: "B", url: slug(), cards: [{ name: "c", services: [db1] }] })
    ).body;
    const incident = async (name: string, services: Service[]) =>
      (
        await api.post("/v1/status-pages/incidents", {
          name,
          severity: "MAJOR",
          services,
          incidentUpdates: [{ description: "looking" }],
        })
      ).body;
    const first = await incident("web down", [web]);
    const second = await incident("db slow", [db1, other]);
    const unrelated = await incident("elsewhere", [other]);

    const a = (await api.get(`/v1/status-pages/${pageA.id}`)).body;
    expect(a.incidents).toEqual([await (await api.get(`/v1/status-pages/incidents/${second.id}`)).body, first]);
    expect(ids((await api.get(`/v1/status-pages/${pageB.id}`)).body.incidents)).toEqual([second.id]);
    const listed = (await api.get("/v1/status-pages?limit=100")).body.entries as {
      id: string;
      incidents: { id: string }[];
    }[];
    expect(ids(listed.find((p) => p.id === pageA.id)!.incidents)).toEqual([second.id, first.id]);
    expect(listed.flatMap((p) => ids(p.incidents))).not.toContain(unrelated.id);

    // Taking the service off the page takes its incidents off too.
    const b = await api.put(`/v1/status-pages/${pageB.id}`, {
      name: "B",
      url: pageB.url,
      cards: [{ name: "c", services: [web] }],
    });
    expect(ids(b.body.incidents)).toEqual([first.id]);
  });

  it("walks the list newest first with an opaque cursor, without duplicates or gaps, also across equal created_at", async () => {
    const other = await t.newAccount();
    const own = restClient(t.url, other.apiKey);
    for (let i = 0; i < 3; i++)
      expect((await own.post("/v1/status-pages", { name: `p${i}`, url: slug() })).status).toBe(201);
    const tie = new Date("2030-01-01T00:00:00.000Z");
    await db().statusPage.createMany({
      data: [0, 1, 2, 3].map((i) => ({ accountId: other.accountId, name: `tie${i}`, url: slug(), createdAt: tie })),
    });
    const seen: { id: string; name: string; created_at: string }[] = [];
    let nextId: string | null = null;
    let pages = 0;
    do {
      const response: {
        status: number;
        body: { length: number; entries: { id: string; name: string; created_at: string }[]; nextId: string | null };
      } = await own.get(`/v1/status-pages?limit=2${nextId ? `&nextId=${encodeURIComponent(nextId)}` : ""}`);
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(response.body.entries.length);
      seen.push(...response.body.entries);
      nextId = response.body.nextId;
      pages++;
    } while (nextId);
    expect(pages).toBe(4);
    expect(new Set(ids(seen)).size).toBe(7);
    expect(
      seen
        .slice(0, 4)
        .map((p) => p.name)
        .sort(),
    ).toEqual(["tie0", "tie1", "tie2", "tie3"]);
    const expected = [...seen].sort((x, y) => y.created_at.localeCompare(x.created_at) || (x.id < y.id ? 1 : -1));
    expect(ids(seen)).toEqual(ids(expected));
    expect((await own.get("/v1/status-pages")).body).toMatchObject({ length: 7, nextId: null });
    expect((await own.get("/v1/status-pages?limit=1")).body.length).toBe(1);
    expect((await own.get("/v1/status-pages?limit=100")).body.length).toBe(7);
    for (const [query, key] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=x", "limit"],
      ["nextId=abc", "nextId"],
    ]) {
      expect((await own.get(`/v1/status-pages?${query}`)).body).toMatchObject({
        statusCode: 400,
        validation: { source: "query", keys: [key] },
      });
    }
  });
});

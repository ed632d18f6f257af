import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";
import { isoTimestamp as iso } from "../../support/matchers.js";

/** Rows created in the same millisecond would tie on created_at; the ordering tests space them out. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

describe(`REST private locations on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let slugs = 0;
  const db = () => t.db;
  const counts = async () => ({ locations: await db().privateLocation.count(), keys: await db().agentKey.count() });
  const valid = () => ({ name: "Office basement", slugName: `office-${++slugs}` });
  const create = async (client = api, body: Record<string, unknown> = valid()) => {
    const response = await client.post("/v1/private-locations", body);
    expect(response.status).toBe(201);
    return response.body;
  };

  it("creates with every default and a first agent key shown once; reads, lists, updates and deletes", async () => {
    const before = await counts();
    const body = valid();
    const created = await api.post("/v1/private-locations", body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: uuid,
      name: "Office basement",
      slugName: body.slugName,
      icon: "location",
      proxyUrl: null,
      keys: [
        {
          id: uuid,
          rawKey: expect.stringMatching(/^pl_[A-Za-z0-9_-]{32}$/),
          maskedKey: expect.any(String),
          lastUsedAt: null,
          created_at: iso,
          updated_at: null,
        },
      ],
      lastSeen: null,
      agentCount: 0,
      queueSize: 0,
      created_at: iso,
      updated_at: iso,
    });
    expect(await counts()).toEqual({ locations: before.locations + 1, keys: before.keys + 1 });
    const {
      id,
      keys: [key],
    } = created.body;
    expect(key.maskedKey).toBe(`${key.rawKey.slice(0, 7)}${"*".repeat(24)}`);

    // Only the hash is stored: nothing in the row holds the key itself.
    const stored = await db().agentKey.findUniqueOrThrow({ where: { keyHash: sha256(key.rawKey) } });
    expect(stored.privateLocationId).toBe(id);
    expect(JSON.stringify(stored)).not.toContain(key.rawKey);

    const { rawKey: _shownOnce, ...maskedKey } = key;
    const expected = { ...created.body, keys: [maskedKey] };
    const read = await api.get(`/v1/private-locations/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(expected);
    expect((await api.get("/v1/private-locations")).body.find((l: { id: string }) => l.id === id)).toEqual(expected);

    const updated = await api.put(`/v1/private-locations/${id}`, {
      name: "Server room",
      icon: "building",
      proxyUrl: "http://user:pw@10.0.0.5:3128",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...expected,
      name: "Server room",
      icon: "building",
      proxyUrl: "http://user:pw@10.0.0.5:3128",
      updated_at: iso,
    });
    // Omitted optional properties keep their value; null clears the proxy; response-only fields are ignored.
    const renamed = await api.put(`/v1/private-locations/${id}`, {
      name: "Rack 2",
      id: randomUUID(),
      created_at: "2000-01-01",
    });
    expect(renamed.body).toMatchObject({
      id,
      name: "Rack 2",
      icon: "building",
      proxyUrl: "http://user:pw@10.0.0.5:3128",
      created_at: created.body.created_at,
    });
    expect((await api.put(`/v1/private-locations/${id}`, { name: "Rack 2", proxyUrl: null })).body).toMatchObject({
      icon: "building",
      proxyUrl: null,
    });
    expect((await api.get(`/v1/private-locations/${id}`)).body).toMatchObject({
      name: "Rack 2",
      icon: "building",
      proxyUrl: null,
    });

    expect((await api.delete(`/v1/private-locations/${id}`)).status).toBe(204);
    expect(await counts()).toEqual(before);
    expect((await api.get(`/v1/private-locations/${id}`)).status).toBe(404);
    expect((await api.delete(`/v1/private-locations/${id}`)).status).toBe(404);
  });

  it("accepts the reference's properties and ignores response-only ones on create", async () => {
    const created = await create(api, {
      ...valid(),
      icon: "cloud",
      proxyUrl: "https://proxy.internal:8443",
      id: randomUUID(),
      created_at: "2000-01-01",
      updated_at: null,
    });
    expect(created).toMatchObject({ icon: "cloud", proxyUrl: "https://proxy.internal:8443" });
    expect(created.created_at).not.toMatch(/^2000/);
  });

  it("answers 409 for a slugName taken in the account, and writes nothing", async () => {
    const body = valid();
    await create(api, body);
    const before = await counts();
    const again = await api.post("/v1/private-locations", { ...body, name: "Another" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      statusCode: 409,
      error: "Conflict",
      message: expect.stringContaining(body.slugName),
    });
    expect(await counts()).toEqual(before);
    // Slugs are per account.
    const other = await t.newAccount();
    await create(restClient(t.url, other.apiKey), body);
  });

  it.each([
    [{ name: "n".repeat(255) }, 201, []],
    [{ name: "n".repeat(256) }, 400, ["name"]],
    [{ name: "   " }, 400, ["name"]],
    [{ name: 7 }, 400, ["name"]],
    [{ slugName: "s".repeat(30) }, 201, []],
    [{ slugName: "s".repeat(31) }, 400, ["slugName"]],
    [{ slugName: "" }, 400, ["slugName"]],
    [{ slugName: "my_location" }, 400, ["slugName"]],
    [{ slugName: "eu-west-1" }, 400, ["slugName"]],
    [{ slugName: "us-gov-east-2" }, 400, ["slugName"]],
    [{ slugName: "ap-southeast-3-lab" }, 400, ["slugName"]],
    [{ slugName: "eu-west-lab" }, 201, []],
    [{ icon: "i".repeat(100) }, 201, []],
    [{ icon: "i".repeat(101) }, 400, ["icon"]],
    [{ icon: "" }, 400, ["icon"]],
    [{ proxyUrl: "ftp://proxy.example.com" }, 400, ["proxyUrl"]],
    [{ proxyUrl: "not a url" }, 400, ["proxyUrl"]],
    [{ proxyUrl: 3128 }, 400, ["proxyUrl"]],
    [{ agentCount: 2 }, 400, ["agentCount"]],
    [{ keys: [] }, 400, ["keys"]],
  ])("validates %o → %i", async (change, status, keys) => {
    const before = await counts();
    const response = await api.post("/v1/private-locations", { ...valid(), ...change });
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: "Bad Request",
        validation: { source: "payload", keys },
      });
      expect(await counts()).toEqual(before);
    }
  });

  it("needs name and slugName on create, name on update, and refuses slugName on update", async () => {
    const before = await counts();
    expect((await api.post("/v1/private-locations", {})).body.validation).toEqual({
      source: "payload",
      keys: ["name", "slugName"],
    });
    const location = await create();
    const beforeUpdate = await api.get(`/v1/private-locations/${location.id}`);
    expect((await api.put(`/v1/private-locations/${location.id}`, { icon: "x" })).body.validation).toEqual({
      source: "payload",
      keys: ["name"],
    });
    expect(
      (await api.put(`/v1/private-locations/${location.id}`, { name: "x", slugName: "other" })).body.validation,
    ).toEqual({ source: "payload", keys: ["slugName"] });
    expect((await api.put(`/v1/private-locations/${location.id}`, { name: "n".repeat(256) })).body.validation).toEqual({
      source: "payload",
      keys: ["name"],
    });
    expect((await api.put(`/v1/private-locations/${location.id}`, { name: "x", proxyUrl: "nope" })).status).toBe(400);
    expect((await api.get(`/v1/private-locations/${location.id}`)).body).toEqual(beforeUpdate.body);
    expect((await counts()).locations).toBe(before.locations + 1);
  });

  it("answers malformed JSON with 400, a non-JSON body with 415, a non-object body with 400", async () => {
    const before = await counts();
    const malformed = await api.raw("POST", "/v1/private-locations", {
      body: "{ nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    const text = await api.raw("POST", "/v1/private-locations", {
      body: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await api.post("/v1/private-locations", [valid()])).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("keeps accounts apart: another account's location is 404 on every item path and changes nothing", async () => {
    const location = await create();
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    const keyId = location.keys[0].id;
    const before = await counts();
    expect((await stranger.get(`/v1/private-locations/${location.id}`)).status).toBe(404);
    expect((await stranger.put(`/v1/private-locations/${location.id}`, { name: "mine now" })).status).toBe(404);
    expect((await stranger.delete(`/v1/private-locations/${location.id}`)).status).toBe(404);
    expect((await stranger.post(`/v1/private-locations/${location.id}/keys`)).status).toBe(404);
    expect((await stranger.delete(`/v1/private-locations/${location.id}/keys/${keyId}`)).status).toBe(404);
    expect((await stranger.get("/v1/private-locations")).body).toEqual([]);
    expect(await counts()).toEqual(before);
    expect((await api.get(`/v1/private-locations/${location.id}`)).body).toMatchObject({
      name: location.name,
      keys: [{ id: keyId }],
    });

    for (const bad of ["abc", "1", `${location.id}0`, randomUUID()]) {
      expect((await api.get(`/v1/private-locations/${bad}`)).status).toBe(404);
      expect((await api.put(`/v1/private-locations/${bad}`, { name: "x" })).status).toBe(404);
      expect((await api.delete(`/v1/private-locations/${bad}`)).status).toBe(404);
      expect((await api.post(`/v1/private-locations/${bad}/keys`)).status).toBe(404);
      expect((await api.delete(`/v1/private-locations/${bad}/keys/${keyId}`)).status).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it("lists the account's locations newest first", async () => {
    const other = await t.newAccount();
    const own = restClient(t.url, other.apiKey);
    const made: { id: string }[] = [];
    for (let i = 0; i < 3; i++) {
      await tick();
      made.push(await create(own, { name: `loc ${i}`, slugName: `loc-${i}` }));
    }
    const listed = await own.get("/v1/private-locations");
    expect(listed.status).toBe(200);
    expect(listed.body.map((l: { slugName: string }) => l.slugName)).toEqual(["loc-2", "loc-1", "loc-0"]);
    expect(listed.body.map((l: { id: string }) => l.id)).toEqual(made.map((l) => l.id).reverse());
  });
});

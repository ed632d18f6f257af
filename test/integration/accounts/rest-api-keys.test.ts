import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { restClient, type RestClient } from "../../support/rest.js";

type KeyBody = { id: string; name: string | null; maskedKey: string; created_at: string; last_used_at: string | null };

describe(`REST API keys on ${testProvider}`, () => {
  const t = useTestApp({}, { keyWatchMs: 200 });
  let other: { accountId: string; apiKey: string };
  let mine: RestClient;
  let mineKey: string;
  beforeAll(async () => {
    other = await t.newAccount("Other");
    // An account of this file's own for the revocations, so the bootstrap key stays usable.
    const account = await t.newAccount("Keys");
    mineKey = account.apiKey;
    mine = restClient(t.url, mineKey);
  });

  it("lists the account's keys masked (first 7 and last 4), never the key or its hash", async () => {
    const list = await t.api.get<KeyBody[]>("/v1/api-keys");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        name: "bootstrap (VIGIL_API_KEY)",
        maskedKey: `${t.apiKey.slice(0, 7)}…${t.apiKey.slice(-4)}`,
        created_at: expect.any(String),
        // Written in the background on the first use, so this very request may not see it yet.
        last_used_at: list.body[0]?.last_used_at ?? null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(t.apiKey);
    const [row] = await t.db.apiKey.findMany({ where: { accountId: t.accountId } });
    expect(JSON.stringify(list.body)).not.toContain(row!.keyHash);
  });

  it("creates a key shown once, which then works, and honours Idempotency-Key", async () => {
    const created = await mine.post<KeyBody & { key: string }>("/v1/api-keys", { name: "deploys" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "deploys", last_used_at: null });
    expect(created.body.key).toMatch(/^vg_[A-Za-z0-9_-]{32}$/);
    expect(created.body.maskedKey).toBe(`${created.body.key.slice(0, 7)}…${created.body.key.slice(-4)}`);
    expect((await restClient(t.url, created.body.key).get("/v1/api-keys")).status).toBe(200);
    const listed = (await mine.get<KeyBody[]>("/v1/api-keys")).body;
    expect(listed.map((k) => k.id)).toContain(created.body.id);
    expect(JSON.stringify(listed)).not.toContain(created.body.key);

    const idempotencyKey = randomUUID();
    const send = () => mine.raw("POST", "/v1/api-keys", { headers: { "idempotency-key": idempotencyKey } });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await mine.get<KeyBody[]>("/v1/api-keys")).body.filter((k) => k.id === first.body.id)).toHaveLength(1);
    expect((await mine.post("/v1/api-keys", { name: "" })).status).toBe(400);
  });

  it("revokes a key at once, the calling key too; another account's key or an unknown id is a 404", async () => {
    const a = (await mine.post<{ id: string; key: string }>("/v1/api-keys", {})).body;
    const withA = restClient(t.url, a.key);
    expect((await withA.get("/v1/api-keys")).status).toBe(200); // cached now
    const otherKeys = (await restClient(t.url, other.apiKey).get<KeyBody[]>("/v1/api-keys")).body;
    expect((await mine.delete(`/v1/api-keys/${otherKeys[0]!.id}`)).status).toBe(404);
    expect((await mine.delete("/v1/api-keys/not-a-uuid")).status).toBe(404);
    expect((await mine.delete(`/v1/api-keys/${randomUUID()}`)).status).toBe(404);

    expect((await withA.delete(`/v1/api-keys/${a.id}`)).status).toBe(204);
    const refused = await withA.get("/v1/api-keys");
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ statusCode: 401, error: "Unauthorized", message: "invalid API key" });
    expect((await mine.delete(`/v1/api-keys/${a.id}`)).status).toBe(404); // already revoked
    expect((await mine.get<KeyBody[]>("/v1/api-keys")).body.map((k) => k.id)).not.toContain(a.id);
    expect((await restClient(t.url, other.apiKey).get("/v1/api-keys")).status).toBe(200);
  });

  it("refuses to revoke the account's last key (409), also when its last two are revoked at once", async () => {
    const account = await t.newAccount("Last key");
    const first = restClient(t.url, account.apiKey);
    const second = (await first.post<{ id: string; key: string }>("/v1/api-keys", {})).body;
    const keys = (await first.get<KeyBody[]>("/v1/api-keys")).body;
    expect(keys).toHaveLength(2);
    // Each key revokes itself: whichever commits first, the other key still authenticates and meets the rule.
    // Paired by id, not by list position (two keys made in the same millisecond list in id order).
    const firstId = keys.find((k) => k.id !== second.id)!.id;
    const results = await Promise.all([
      first.delete(`/v1/api-keys/${firstId}`),
      restClient(t.url, second.key).delete(`/v1/api-keys/${second.id}`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    const conflict = results.find((r) => r.status === 409)!;
    expect(conflict.body).toEqual({
      statusCode: 409,
      error: "Conflict",
      message: "this is the account's last API key: create another key before revoking it",
    });
    expect(await t.db.apiKey.count({ where: { accountId: account.accountId, revokedAt: null } })).toBe(1);
    const survivor = results[0]!.status === 409 ? account.apiKey : second.key;
    const left = (await restClient(t.url, survivor).get<KeyBody[]>("/v1/api-keys")).body;
    expect(left).toHaveLength(1);
    expect((await restClient(t.url, survivor).delete(`/v1/api-keys/${left[0]!.id}`)).status).toBe(409);
  });

  it("marks a key used at most once a minute", async () => {
    const created = (await mine.post<{ id: string; key: string }>("/v1/api-keys", {})).body;
    const client = restClient(t.url, created.key);
    await client.get("/v1/api-keys");
    const used = await eventually(async () => {
      const row = await t.db.apiKey.findUnique({ where: { id: created.id } });
      return row?.lastUsedAt ?? null;
    });
    for (let i = 0; i < 5; i++) await client.get("/v1/api-keys");
    const row = await t.db.apiKey.findUnique({ where: { id: created.id } });
    expect(row?.lastUsedAt?.getTime()).toBe(used.getTime());
  });
});

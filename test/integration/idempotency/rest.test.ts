import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "../../../src/app-context.js";
import { canonicalJson, sweepIdempotencyKeys } from "../../../src/domain/idempotency/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient, type RestClient } from "../../support/rest.js";
import { createHash } from "node:crypto";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const check = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  request: { method: "GET", url: `https://${name}.example.com` },
  ...extra,
});

/** Idempotency-Key on every creating POST (issue 12): a retry after a reset creates nothing twice. */
describe(`Idempotency-Key on ${testProvider}`, () => {
  const t = useTestApp();
  let client: RestClient;
  let accountId: string;
  const post = (path: string, body: unknown, key: string) =>
    client.raw(
      "POST",
      path,
      body === undefined
        ? { headers: { "idempotency-key": key } }
        : {
            body: typeof body === "string" ? body : JSON.stringify(body),
            headers: { "content-type": "application/json", "idempotency-key": key },
          },
    );
  const countNamed = (name: string) => t.db.check.count({ where: { accountId, name } });

  beforeAll(async () => {
    const account = await t.newAccount();
    accountId = account.accountId;
    client = restClient(t.url, account.apiKey);
  });

  it("replays the first response of the same request and creates nothing more", async () => {
    const key = randomUUID();
    const first = await post("/v1/checks/api", check("replayed", { tags: ["a"], locations: ["eu-west-1"] }), key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    // The same body with its keys in another order and other spacing is the same request.
    const again = await post(
      "/v1/checks/api",
      `{ "locations": ["eu-west-1"], "request": {"url": "https://replayed.example.com", "method": "GET"}, "tags": ["a"], "name": "replayed" }`,
      key,
    );
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await countNamed("replayed")).toBe(1);
    // Without the header, the same body creates again.
    expect(
      (await client.post("/v1/checks/api", check("replayed", { tags: ["a"], locations: ["eu-west-1"] }))).status,
    ).toBe(201);
    expect(await countNamed("replayed")).toBe(2);
  });

  it("answers 409 for the same key with another body, query or path, and changes nothing", async () => {
    const key = randomUUID();
    expect((await post("/v1/checks/api", check("conflict"), key)).status).toBe(201);
    for (const [path, body] of [
      ["/v1/checks/api", check("conflict", { tags: ["other"] })],
      ["/v1/checks/api?autoAssignAlerts=false", check("conflict")],
      ["/v1/checks/url", { name: "conflict", request: { url: "https://conflict.example.com" } }],
      ["/v1/check-groups", { name: "conflict" }],
    ] as const) {
      const response = await post(path, body, key);
      expect(response.status, path).toBe(409);
      expect(response.body).toEqual({
        statusCode: 409,
        error: "Conflict",
        message: expect.stringContaining("Idempotency-Key was already used with another request"),
      });
    }
    expect(await countNamed("conflict")).toBe(1);
    expect(await t.db.checkGroup.count({ where: { accountId, name: "conflict" } })).toBe(0);
  });

  it("does not store a failed request: the corrected request reuses the key", async () => {
    const key = randomUUID();
    const bad = await post("/v1/checks/api", { name: "corrected", request: { url: "not a url" } }, key);
    expect(bad.status).toBe(400);
    const good = await post("/v1/checks/api", check("corrected"), key);
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
    expect((await post("/v1/checks/api", check("corrected"), key)).body).toEqual(good.body);
    expect(await countNamed("corrected")).toBe(1);
  });

  it("creates exactly once when requests with one key arrive at once", async () => {
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => post("/v1/checks/api", check("concurrent"), key)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = responses.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const refused of responses.filter((r) => r.status === 409))
      expect(refused.body.message).toMatch(/still in progress/);
    expect(await countNamed("concurrent")).toBe(1);
  });

  it("refuses a request while the first with its key is in flight, and takes over an abandoned one", async () => {
    const key = randomUUID();
    const body = check("in-flight");
    const claim = (createdAt: Date) =>
      t.db.idempotencyKey.create({
        data: {
          accountId,
          keyHash: sha256(key),
          operation: "POST /v1/checks/api",
          requestHash: sha256(canonicalJson({ body, query: {} })),
          createdAt,
        },
      });
    const row = await claim(new Date());
    const busy = await post("/v1/checks/api", body, key);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/still in progress/);
    await t.db.idempotencyKey.update({
      where: { id: row.id },
      data: { createdAt: new Date(Date.now() - 10 * 60_000) },
    });
    expect((await post("/v1/checks/api", body, key)).status).toBe(201);
    expect(await countNamed("in-flight")).toBe(1);
  });

  it("forgets a key after 24 hours, keeps keys per account, and stores no readable response", async () => {
    const key = randomUUID();
    const first = await post("/v1/checks/api", check("windowed"), key);
    const row = await t.db.idempotencyKey.findFirstOrThrow({ where: { accountId, keyHash: sha256(key) } });
    expect(row.status).toBe(201);
    expect(row.response).not.toContain(first.body.id);
    expect(JSON.stringify(row)).not.toContain(key);
    await t.db.idempotencyKey.update({
      where: { id: row.id },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60_000) },
    });
    const later = await post("/v1/checks/api", check("windowed"), key);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await t.db.idempotencyKey.count({ where: { id: row.id } })).toBe(0);
    // Another account's same key is its own.
    const other = await t.newAccount();
    const theirs = await restClient(t.url, other.apiKey).raw("POST", "/v1/checks/api", {
      body: JSON.stringify(check("windowed")),
      headers: { "content-type": "application/json", "idempotency-key": key },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("works on other creations (an agent key, shown once, comes back only to its key) and bounds the key", async () => {
    const location = await client.post("/v1/private-locations", { name: "Idem", slugName: "idem-loc" });
    expect(location.status).toBe(201);
    const key = randomUUID();
    const first = await post(`/v1/private-locations/${location.body.id}/keys`, undefined, key);
    const again = await post(`/v1/private-locations/${location.body.id}/keys`, undefined, key);
    expect(first.status).toBe(201);
    expect(first.body.rawKey).toMatch(/^pl_/);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const stored = await t.db.idempotencyKey.findFirstOrThrow({ where: { accountId, keyHash: sha256(key) } });
    expect(stored.response).not.toContain(first.body.rawKey);
    for (const bad of ["x".repeat(256), "caf\u00e9"]) {
      const response = await post("/v1/checks/api", check("bounded"), bad);
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "headers", keys: ["Idempotency-Key"] });
    }
    expect((await post("/v1/checks/api", check("bounded"), "x".repeat(255))).status).toBe(201);
    expect(await countNamed("bounded")).toBe(1);
  });

  it("sweeps every account's keys past 24 hours and keeps the others", async () => {
    const row = (keyHash: string, createdAt: Date) =>
      t.db.idempotencyKey.create({
        data: {
          accountId,
          keyHash,
          operation: "POST /v1/checks/api",
          requestHash: "x",
          status: 201,
          response: "",
          createdAt,
        },
      });
    const now = new Date();
    const old = await row(sha256(randomUUID()), new Date(now.getTime() - 25 * 60 * 60_000));
    const recent = await row(sha256(randomUUID()), new Date(now.getTime() - 23 * 60 * 60_000));
    expect(await sweepIdempotencyKeys({ ctx: systemContext(t.app.context), now })).toBeGreaterThanOrEqual(1);
    expect(await t.db.idempotencyKey.count({ where: { id: { in: [old.id, recent.id] } } })).toBe(1);
    expect(await t.db.idempotencyKey.findUnique({ where: { id: recent.id } })).not.toBeNull();
  });

  it("documents the header and the 409 on every creating POST", async () => {
    const document = await (await fetch(`${t.url}/openapi.json`)).json();
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ name: "Idempotency-Key", in: "header" });
    let creating = 0;
    for (const [path, operations] of Object.entries<Record<string, any>>(document.paths)) {
      const post = operations.post;
      if (!post?.responses["201"] || post.security) continue;
      creating++;
      expect(post.parameters, path).toContainEqual({ $ref: "#/components/parameters/IdempotencyKey" });
      expect(post.responses["409"], path).toBeDefined();
      expect(post.responses["201"].headers["Idempotent-Replayed"], path).toBeDefined();
    }
    expect(creating).toBeGreaterThan(10);
  });
});

// Subscribers of a status page through REST (issue 13, item 4): the reference's shapes, validation
// naming fields, tenant isolation, and the write-only webhookSecret.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { isoTimestamp as stamp } from "../../support/matchers.js";
import { restClient } from "../../support/rest.js";

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const slug = () => `subs-${randomBytes(4).toString("hex")}`;

describe(`REST status page subscriptions on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const newPage = async (body: Record<string, unknown> = {}) => {
    const created = await api.post("/v1/status-pages", { name: "Acme", url: slug(), ...body });
    expect(created.status).toBe(201);
    return created.body as { id: string; url: string };
  };

  it("bulk creates (reference response), lists as Subscription, skips existing ones and deletes", async () => {
    const page = await newPage();
    const path = `/v1/status-pages/${page.id}/subscriptions`;
    const created = await api.post(`${path}/bulk`, {
      subscriptions: [
        { type: "EMAIL", config: "Ada@Example.com" },
        { type: "EMAIL", config: "ada@example.com" },
        { type: "WEBHOOK", config: "https://hooks.example.com/status" },
      ],
      autoVerify: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ created: 2, skipped: 1, status: "VERIFIED" });

    const again = await api.post(`${path}/bulk`, { subscriptions: [{ type: "EMAIL", config: "ada@example.com" }] });
    expect(again.body).toEqual({ created: 0, skipped: 1, status: "PENDING" });

    const pending = await api.post(`${path}/bulk`, { subscriptions: [{ type: "EMAIL", config: "bob@example.com" }] });
    expect(pending.body).toEqual({ created: 1, skipped: 0, status: "PENDING" });

    const list = await api.get(path);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: uuid, type: "EMAIL", address: "ada@example.com", status: "VERIFIED", created_at: stamp, updated_at: stamp },
      {
        id: uuid,
        type: "WEBHOOK",
        address: "https://hooks.example.com/status",
        status: "VERIFIED",
        created_at: stamp,
        updated_at: stamp,
      },
      { id: uuid, type: "EMAIL", address: "bob@example.com", status: "PENDING", created_at: stamp, updated_at: stamp },
    ]);

    const [first] = list.body as { id: string }[];
    expect((await api.delete(`${path}/${first!.id}`)).status).toBe(204);
    expect((await api.delete(`${path}/${first!.id}`)).status).toBe(404);
    expect((await api.get(path)).body).toHaveLength(2);
  });

  it.each([
    [{}, ["subscriptions"]],
    [{ subscriptions: [] }, ["subscriptions"]],
    [{ subscriptions: [{ type: "SMS", config: "+1555" }] }, ["subscriptions.0.type"]],
    [{ subscriptions: [{ type: "EMAIL", config: "not an address" }] }, ["subscriptions.0.config"]],
    [
      {
        subscriptions: [
          { type: "EMAIL", config: "a@example.com" },
          { type: "WEBHOOK", config: "ftp://x.example" },
        ],
      },
      ["subscriptions.1.config"],
    ],
    [{ subscriptions: [{ type: "EMAIL" }] }, ["subscriptions.0.config"]],
    [{ subscriptions: [{ type: "EMAIL", config: "a@example.com", extra: 1 }] }, ["subscriptions.0.extra"]],
    [{ subscriptions: [{ type: "EMAIL", config: "a@example.com" }], autoVerify: "yes" }, ["autoVerify"]],
    [
      { subscriptions: Array.from({ length: 101 }, (_, i) => ({ type: "EMAIL", config: `u${i}@x.example` })) },
      ["subscriptions"],
    ],
  ])("refuses bad bodies with a 400 naming the fields (%#)", async (body, keys) => {
    const page = await newPage();
    const response = await api.post(`/v1/status-pages/${page.id}/subscriptions/bulk`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(response.body.validation).toEqual({ source: "payload", keys });
  });

  it("another account's page and subscriptions are 404 everywhere", async () => {
    const page = await newPage();
    const path = `/v1/status-pages/${page.id}/subscriptions`;
    await api.post(`${path}/bulk`, { subscriptions: [{ type: "EMAIL", config: "x@example.com" }], autoVerify: true });
    const [sub] = (await api.get(path)).body as { id: string }[];
    const other = restClient(t.url, (await t.newAccount()).apiKey);
    expect((await other.get(path)).status).toBe(404);
    expect(
      (await other.post(`${path}/bulk`, { subscriptions: [{ type: "EMAIL", config: "y@example.com" }] })).status,
    ).toBe(404);
    expect((await other.delete(`${path}/${sub!.id}`)).status).toBe(404);
    // Its own page does not reach this page's subscription either.
    const own = (await other.post("/v1/status-pages", { name: "Other", url: slug() })).body as { id: string };
    expect((await other.delete(`/v1/status-pages/${own.id}/subscriptions/${sub!.id}`)).status).toBe(404);
    expect((await api.get(path)).body).toHaveLength(1);
    expect((await api.get(`/v1/status-pages/not-a-uuid/subscriptions`)).status).toBe(404);
    expect((await restClient(t.url, null).get(path)).status).toBe(401);
  });

  it("webhookSecret is write-only: null in responses, kept when omitted or null on update", async () => {
    const page = await newPage({ webhookSecret: "s3cret-value" });
    expect((await api.get(`/v1/status-pages/${page.id}`)).body.webhookSecret).toBeNull();
    const stored = () => t.db.statusPage.findUniqueOrThrow({ where: { id: page.id } });
    expect((await stored()).webhookSecret).toBe("s3cret-value");
    const updated = await api.put(`/v1/status-pages/${page.id}`, {
      name: "Renamed",
      url: page.url,
      webhookSecret: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.webhookSecret).toBeNull();
    await api.put(`/v1/status-pages/${page.id}`, { name: "Again", url: page.url });
    expect((await stored()).webhookSecret).toBe("s3cret-value");
    await api.put(`/v1/status-pages/${page.id}`, { name: "Again", url: page.url, webhookSecret: "rotated" });
    expect((await stored()).webhookSecret).toBe("rotated");
    const bad = await api.put(`/v1/status-pages/${page.id}`, {
      name: "Again",
      url: page.url,
      webhookSecret: "whsec_!!",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validation).toEqual({ source: "payload", keys: ["webhookSecret"] });
  });

  it("the subscribe form takes 20 posts a minute from one client, then answers 429 with Retry-After", async () => {
    const page = await newPage();
    const post = (i: number) =>
      fetch(`${t.url}/status/${page.url}/subscriptions`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `email=client-${i}%40example.com`,
      });
    for (let i = 0; i < 20; i++) expect((await post(i)).status).toBe(202);
    const limited = await post(20);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many requests");
    expect((await api.get(`/v1/status-pages/${page.id}/subscriptions`)).body).toHaveLength(20);
  });
});

import { randomUUID } from "node:crypto";
import { createClient } from "graphql-ws";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

describe(`the service over loopback on ${testProvider}`, () => {
  const t = useTestApp();

  it("answers the health endpoints without a key", async () => {
    for (const [path, status] of [
      ["/-/readiness", "ready"],
      ["/-/liveness", "alive"],
      ["/health", "ok"],
    ] as const) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status });
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("tells the caller its account through GraphQL", async () => {
    const { status, body } = await graphql(t.url, "{ viewer { account { id name } } }", bearer(t.apiKey));
    expect(status).toBe(200);
    expect(body).toEqual({ data: { viewer: { account: { id: t.accountId, name: "Default account" } } } });
  });

  it("answers 401 on GraphQL for a wrong key, and a field error without one", async () => {
    const wrong = await graphql(t.url, "{ viewer { account { id } } }", bearer(`${t.apiKey}-wrong`));
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const none = await graphql(t.url, "{ viewer { account { id } } }");
    expect(none.status).toBe(200);
    expect(none.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("guards /v1 and /v2 with 401 and 403 bodies of docs/decisions.md", async () => {
    const missing = await fetch(`${t.url}/v1/checks`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      message: expect.stringContaining("Authorization"),
    });

    const wrong = await fetch(`${t.url}/v2/check-results/${randomUUID()}`, {
      headers: bearer("vg_not-a-real-key-at-all"),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ statusCode: 401, error: "Unauthorized", message: "invalid API key" });

    const mismatch = await fetch(`${t.url}/v1/checks`, {
      headers: bearer(t.apiKey, { "x-service-account": randomUUID() }),
    });
    expect(mismatch.status).toBe(403);
    expect(await mismatch.json()).toMatchObject({ statusCode: 403, error: "Forbidden" });

    const unknownRoute = await fetch(`${t.url}/v1/no-such-thing`, {
      headers: bearer(t.apiKey, { "x-service-account": t.accountId }),
    });
    expect(unknownRoute.status).toBe(404);
    expect(await unknownRoute.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const response = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(t.apiKey) },
      body: JSON.stringify({ query: `{ viewer { account { id } } }`, padding: "x".repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413, error: "Payload Too Large" });
  });

  it("serves graphql-ws on /graphql with the key from connectionParams, and refuses a wrong key", async () => {
    const run = (authorization: string) =>
      new Promise<unknown>((resolve, reject) => {
        const client = createClient({
          url: `${t.url.replace("http", "ws")}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { authorization },
          retryAttempts: 0,
          lazy: true,
        });
        let result: unknown;
        client.subscribe(
          { query: "{ viewer { account { id } } }" },
          {
            next: (value) => (result = value),
            error: (error) => (void client.dispose(), reject(error)),
            complete: () => (void client.dispose(), resolve(result)),
          },
        );
      });
    expect(await run(`Bearer ${t.apiKey}`)).toEqual({ data: { viewer: { account: { id: t.accountId } } } });
    await expect(run("Bearer vg_wrong-key-wrong-key")).rejects.toMatchObject({ code: 4403 });
  });
});

describe(`rate limiting on ${testProvider}`, () => {
  const t = useTestApp({ RATE_LIMIT_PER_MINUTE: "3" });

  it("answers 429 with Retry-After once a key is over its budget, on REST and GraphQL alike", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await fetch(`${t.url}/v1/nothing`, { headers: bearer(t.apiKey) })).status);
    expect(statuses).toEqual([404, 404, 404]);
    const limited = await fetch(`${t.url}/v1/nothing`, { headers: bearer(t.apiKey) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ statusCode: 429, error: "Too Many Requests" });
    expect((await graphql(t.url, "{ viewer { account { id } } }", bearer(t.apiKey))).status).toBe(429);
    // Health is never counted.
    expect((await fetch(`${t.url}/health`)).status).toBe(200);
  });
});

// Issue 12: key-less traffic (GraphQL without a key, public status pages, pings) is limited per
// client address; X-Forwarded-For counts only with TRUST_PROXY=true. Keyed traffic keeps its
// per-key limit.
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { subscribeWs, wsClient } from "../../support/subscriptions.js";

const tooMany = {
  statusCode: 429,
  error: "Too Many Requests",
  message: expect.stringMatching(/^rate limit exceeded, retry in \d+ s$/),
};

/** The status of a WebSocket upgrade on /graphql (101 when accepted). */
const upgradeStatus = (url: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", { headers });
    socket.once("upgrade", () => (socket.close(), resolve(101)));
    socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.once("error", reject);
  });

describe(`key-less limit per client address on ${testProvider}`, () => {
  const t = useTestApp({ KEYLESS_RATE_LIMIT_PER_MINUTE: "3" });

  it("counts GraphQL without a key, status pages and pings together, then answers 429 with Retry-After", async () => {
    expect((await graphql(t.url, "{ __typename }")).status).toBe(200);
    expect((await fetch(`${t.url}/status/no-such-page`)).status).not.toBe(429);
    expect((await fetch(`${t.url}/ping/no-such-token`)).status).not.toBe(429);
    for (const path of ["/graphql?query=%7B__typename%7D", "/status/no-such-page", "/ping/no-such-token"]) {
      const refused = await fetch(`${t.url}${path}`, { headers: { accept: "application/json" } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual(tooMany);
    }
    const ws = await upgradeStatus(t.url);
    expect(ws).toBe(429);
  });

  it("does not count health probes or requests with a key", async () => {
    expect((await fetch(`${t.url}/health`)).status).toBe(200);
    const keyed = await graphql(t.url, "{ viewer { account { id } } }", bearer(t.apiKey));
    expect(keyed.body).toEqual({ data: { viewer: { account: { id: t.accountId } } } });
    expect((await t.api.get("/v1/checks")).status).toBe(200);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a client cannot pose as many", async () => {
    const answer = await graphql(t.url, "{ __typename }", { "x-forwarded-for": "198.51.100.77" });
    expect(answer.status).toBe(429);
  });
});

describe(`key-less limit behind a proxy (TRUST_PROXY=true) on ${testProvider}`, () => {
  const t = useTestApp({ KEYLESS_RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY: "true" });
  const from = (address: string) => ({ "x-forwarded-for": `${address}, 10.0.0.1` });

  it("counts each forwarded client address on its own", async () => {
    for (let i = 0; i < 2; i++) expect((await graphql(t.url, "{ __typename }", from("203.0.113.1"))).status).toBe(200);
    const refused = await graphql(t.url, "{ __typename }", from("203.0.113.1"));
    expect(refused.status).toBe(429);
    expect(await upgradeStatus(t.url, from("203.0.113.1"))).toBe(429);
    expect((await graphql(t.url, "{ __typename }", from("203.0.113.2"))).status).toBe(200);
    expect(await upgradeStatus(t.url, from("203.0.113.3"))).toBe(101);
  });

  it("counts an IPv6 client's whole /64 as one address", async () => {
    for (let i = 0; i < 2; i++)
      expect((await graphql(t.url, "{ __typename }", from(`2001:db8:1:2::${i + 1}`))).status).toBe(200);
    expect((await graphql(t.url, "{ __typename }", from("2001:db8:1:2:ffff::9"))).status).toBe(429);
    expect((await graphql(t.url, "{ __typename }", from("2001:db8:1:3::1"))).status).toBe(200);
  });
});

describe(`the per-key limit beside the key-less one on ${testProvider}`, () => {
  const t = useTestApp({ RATE_LIMIT_PER_MINUTE: "2", KEYLESS_RATE_LIMIT_PER_MINUTE: "2" });

  it("limits keyed GraphQL by key, and leaves the address's key-less budget alone", async () => {
    for (let i = 0; i < 2; i++) expect((await t.gql("{ viewer { account { id } } }")).status).toBe(200);
    const refused = await t.gql("{ viewer { account { id } } }");
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    expect((await graphql(t.url, "{ __typename }")).status).toBe(200);
  });
});

describe(`key-less operations over one WebSocket on ${testProvider}`, () => {
  const t = useTestApp({ KEYLESS_RATE_LIMIT_PER_MINUTE: "3" });

  it("counts the upgrade and each key-less operation", async () => {
    const client = wsClient(t.url);
    try {
      // Sent together, on one connection (the client closes an idle one): upgrade, 2 operations, 1 too many.
      const feeds = [1, 2, 3].map(() => subscribeWs(client, "{ __typename }"));
      const outcomes = await Promise.all(feeds.map((feed) => feed.ended));
      expect(feeds.slice(0, 2).map((feed) => feed.received)).toEqual([
        [{ data: { __typename: "Query" } }],
        [{ data: { __typename: "Query" } }],
      ]);
      const refused = outcomes[2]?.error as { extensions?: { code?: string } }[] | undefined;
      expect(refused?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    } finally {
      await client.dispose();
    }
  });
});

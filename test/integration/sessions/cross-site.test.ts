// The cross-site rule of cookie requests: a non-simple content type or X-Vigil-App, and an Origin
// (when sent) of the service itself: PUBLIC_URL's, else the scheme and Host the request reached.
import WebSocket from "ws";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { cookieGql, SESSION, SIGN_IN, signIn } from "../../support/sessions.js";
import { subscribeWs, wsClient } from "../../support/subscriptions.js";

const VIEWER = "{ viewer { account { id } } }";

/** The answer to a WebSocket upgrade: "open", or the HTTP status it was refused with. */
function upgrade(base: string, headers: Record<string, string>): Promise<number | "open"> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", { headers });
    socket.once("open", () => (socket.close(), resolve("open")));
    socket.once("unexpected-response", (_req, res) => (res.resume(), resolve(res.statusCode ?? 0)));
    socket.once("error", reject);
  });
}

describe(`cookie requests from other sites on ${testProvider}`, () => {
  const t = useTestApp();

  it("refuses a cookie request without a non-simple content type or the app's header", async () => {
    const cookie = await signIn(t.url, t.apiKey);
    const query = encodeURIComponent(VIEWER);
    const plain = await fetch(`${t.url}/graphql?query=${query}`, { headers: { cookie, accept: "application/json" } });
    expect(plain.status).toBe(403);
    expect(JSON.stringify(await plain.json())).toMatch(/X-Vigil-App/);
    const form = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { cookie, "content-type": "text/plain" },
      body: JSON.stringify({ query: VIEWER }),
    });
    expect(form.status).toBe(415); // refused before the cookie is even read: only JSON bodies are parsed
    const withHeader = await fetch(`${t.url}/graphql?query=${query}`, {
      headers: { cookie, accept: "application/json", "x-vigil-app": "1" },
    });
    expect(((await withHeader.json()) as any).data.viewer.account.id).toBe(t.accountId);
    // A key-less request without a cookie is not concerned (public status pages read over GET).
    const keyless = await fetch(`${t.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { accept: "application/json", origin: "https://elsewhere.example" },
    });
    expect(keyless.status).toBe(200);
  });

  it("refuses a foreign Origin on a cookie POST and on signIn, and takes the request's own host", async () => {
    const cookie = await signIn(t.url, t.apiKey);
    const foreign = await cookieGql(t.url, VIEWER, { cookie, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const other = await cookieGql(t.url, VIEWER, { cookie, headers: { origin: "http://localhost:1" } });
    expect(other.status).toBe(403);
    const own = await cookieGql(t.url, VIEWER, { cookie, headers: { origin: t.url } });
    expect(own.body.data.viewer.account.id).toBe(t.accountId);
    // localhost and 127.0.0.1 both work: the Origin is compared with the Host the request reached.
    const port = new URL(t.url).port;
    const byName = await cookieGql(`http://localhost:${port}`, VIEWER, {
      cookie,
      headers: { origin: `http://localhost:${port}` },
    });
    expect(byName.body.data.viewer.account.id).toBe(t.accountId);

    const signInForeign = await cookieGql(t.url, SIGN_IN, {
      variables: { apiKey: t.apiKey },
      headers: { origin: "https://evil.example" },
    });
    expect(signInForeign.cookies).toEqual([]);
    expect(signInForeign.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("answers other origins' preflights without offering credentials", async () => {
    const preflight = await fetch(`${t.url}/graphql`, {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, x-vigil-app",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://evil.example");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("refuses a WebSocket upgrade carrying the cookie from a foreign Origin", async () => {
    const cookie = await signIn(t.url, t.apiKey);
    expect(await upgrade(t.url, { cookie, origin: "https://evil.example" })).toBe(403);
    expect(await upgrade(t.url, { cookie, origin: t.url })).toBe("open");
    // Without the cookie, a foreign page may still open a key-less or Bearer WebSocket.
    expect(await upgrade(t.url, { origin: "https://evil.example" })).toBe("open");
  });

  it("signs in over HTTP only: over graphql-ws no cookie could be set", async () => {
    const client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    const sessions = () => t.db.session.count({ where: { accountId: t.accountId } });
    const before = await sessions();
    try {
      const answer = await subscribeWs(client, SIGN_IN, { apiKey: t.apiKey }).next();
      expect(answer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(await sessions()).toBe(before);
    } finally {
      await client.dispose();
    }
  });
});

describe(`cookie requests with PUBLIC_URL on ${testProvider}`, () => {
  const t = useTestApp({ PUBLIC_URL: "https://vigil.example.com/" });

  it("marks the cookie Secure and takes PUBLIC_URL's origin only", async () => {
    const answer = await cookieGql(t.url, SIGN_IN, {
      variables: { apiKey: t.apiKey },
      headers: { origin: "https://vigil.example.com" },
    });
    expect(answer.cookies[0]).toMatch(/; Secure$/);
    const cookie = answer.cookies[0]!.split(";")[0]!;
    const own = await cookieGql(t.url, SESSION, { cookie, headers: { origin: "https://vigil.example.com" } });
    expect(own.body.data.session).not.toBeNull();
    const local = await cookieGql(t.url, SESSION, { cookie, headers: { origin: t.url } });
    expect(local.status).toBe(403);
    expect(await upgrade(t.url, { cookie, origin: t.url })).toBe(403);
  });
});

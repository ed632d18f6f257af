// A session's streams end with it: revoking the key it was opened with (on this instance, on
// another one through Redis, or by the CLI, seen by the key watch) or signing out closes its
// graphql-ws socket and its SSE response, and its next request is no longer signed in.
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../src/domain/accounts/create.js";
import { graphql, bearer, startTestApp, type TestApp } from "../support/app.js";
import { migratedDatabaseUrl, testProvider } from "../support/database.js";
import { startRedis, type RedisServer } from "../support/redis-server.js";
import { cookieGql, SESSION, SIGN_OUT, signIn } from "../support/sessions.js";
import { subscribeSse, subscribeWs, until, wsClient, type Feed } from "../support/subscriptions.js";

const STATUS = "subscription { checkStatusChanged { checkId } }";
const REVOKE = `mutation ($id: ID!) { revokeApiKey(id: $id) { __typename } }`;

/** An account with two keys: sessions open with the first, the second revokes it. */
async function twoKeys(app: TestApp) {
  const account = await app.newAccount("Streams");
  const db = app.app.context.database.prisma;
  const { apiKey: other } = await createApiKey({ db, input: { accountId: account.accountId } });
  const first = await db.apiKey.findFirstOrThrow({ where: { accountId: account.accountId, name: null } });
  return { ...account, firstKeyId: first.id, other };
}

describe(`a session's streams on ${testProvider}`, () => {
  let a: TestApp;
  let b: TestApp;
  let redis: RedisServer;
  const clients: Client[] = [];
  const feeds: Feed[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const databaseUrl = await migratedDatabaseUrl();
    a = await startTestApp({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
    // b also runs the key watch, which sees revocations made without an event (the CLI's).
    b = await startTestApp({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url }, { keyWatchMs: 100 });
  });
  afterAll(async () => {
    for (const feed of feeds) feed.close();
    for (const client of clients) await client.dispose();
    await a?.stop();
    await b?.stop();
    await redis?.stop();
  });

  /** A graphql-ws and an SSE subscription on `app` signed in by `cookie`, once both are open. */
  async function streams(app: TestApp, cookie: string) {
    const sessions = app.app.context.auth.sessionStreams;
    const before = sessions.size();
    const client = wsClient(app.url, { headers: { cookie, origin: app.url } });
    clients.push(client);
    const ws = subscribeWs(client, STATUS);
    const sse = await subscribeSse(app.url, STATUS, undefined, { cookie, "x-vigil-app": "1" });
    feeds.push(ws, sse);
    expect(sse.status).toBe(200);
    await until(() => sessions.size() === before + 1, 5_000, "the streams to be open");
    return { ws, sse };
  }

  const ended = (feed: Feed) =>
    Promise.race([
      feed.ended.then(() => "ended"),
      new Promise((resolve) => setTimeout(() => resolve("still open"), 3_000)),
    ]);

  it("revoking the key on this instance closes the streams and refuses the next request", async () => {
    const account = await twoKeys(a);
    const cookie = await signIn(a.url, account.apiKey);
    const { ws, sse } = await streams(a, cookie);
    const revoked = await graphql(a.url, REVOKE, bearer(account.other), { id: account.firstKeyId });
    expect(revoked.body.data.revokeApiKey.__typename).toBe("RevokeApiKeySuccess");
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
    expect((await cookieGql(a.url, SESSION, { cookie })).body.data.session).toBeNull();
  });

  it("revoking the key on another instance closes the streams held here (Redis)", async () => {
    const account = await twoKeys(a);
    const cookie = await signIn(a.url, account.apiKey);
    const { ws, sse } = await streams(b, cookie);
    await graphql(a.url, REVOKE, bearer(account.other), { id: account.firstKeyId });
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
    expect((await cookieGql(b.url, SESSION, { cookie })).body.data.session).toBeNull();
  });

  it("a revocation made without an event (the CLI) closes them at the key watch's next look", async () => {
    const account = await twoKeys(b);
    const cookie = await signIn(b.url, account.apiKey);
    const { ws, sse } = await streams(b, cookie);
    await b.app.context.database.prisma.apiKey.update({
      where: { id: account.firstKeyId },
      data: { revokedAt: new Date() },
    });
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
  });

  it("signing out on one instance closes the session's streams on the other", async () => {
    const account = await twoKeys(a);
    const cookie = await signIn(a.url, account.apiKey);
    const kept = await signIn(a.url, account.apiKey);
    const { ws, sse } = await streams(b, cookie);
    const other = await streams(b, kept);
    expect((await cookieGql(a.url, SIGN_OUT, { cookie })).body.data.signOut.signedOut).toBe(true);
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
    // Another session of the same key keeps its streams.
    expect(await Promise.race([other.ws.ended.then(() => "ended"), Promise.resolve("open")])).toBe("open");
    expect((await cookieGql(b.url, SESSION, { cookie: kept })).body.data.session).not.toBeNull();
  });
});

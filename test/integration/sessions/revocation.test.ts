// A session's streams end with it: revoking the key it was opened with (on this instance, on
// another one through Redis, or by the CLI, seen by the key watch) or signing out closes its
// graphql-ws socket and its SSE response, and its next request is no longer signed in.
import { createClient as createSseClient } from "graphql-sse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../../src/domain/api-keys/create.js";
import { graphql, bearer, startTestApp, type TestApp } from "../../support/app.js";
import { eventually } from "../../support/eventually.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";
import { startRedis, type RedisServer } from "../../support/redis-server.js";
import { cookieGql, SESSION, SIGN_OUT, signIn } from "../../support/sessions.js";
import { countListeners, subscribeSse, subscribeWs, until, wsClient, type Feed } from "../../support/subscriptions.js";

/** Named apart, so that no two of a session's streams share one execution (subscriptions/sharing.ts). */
const STATUS = (name: string) => `subscription ${name} { checkStatusChanged { checkId } }`;
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
  const clients: { dispose: () => unknown }[] = [];
  const listeners = new Map<TestApp, () => number>();
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
    for (const client of clients) client.dispose();
    await a?.stop();
    await b?.stop();
    await redis?.stop();
  });

  /** Starts a subscription and waits until its bus listener holds (until then it could still be refused). */
  async function live<T>(app: TestApp, start: () => T | Promise<T>): Promise<T> {
    if (!listeners.has(app)) listeners.set(app, countListeners(app.app.context.events));
    const count = listeners.get(app)!;
    const before = count();
    const started = await start();
    await until(() => count() > before, 5_000, "the subscription to be live");
    return started;
  }

  /**
   * A subscription on `app` signed in by `cookie` over each streaming transport: graphql-ws,
   * SSE (yoga's distinct connections) and graphql-sse's single connection mode (a stream
   * reserved by PUT, operations posted to it).
   */
  async function streams(app: TestApp, cookie: string) {
    const client = wsClient(app.url, { headers: { cookie, origin: app.url } });
    const single = createSseClient({
      url: `${app.url}/graphql`,
      singleConnection: true,
      headers: { cookie, "x-vigil-app": "1" },
      retryAttempts: 0,
    });
    clients.push(client, single);
    const ws = await live(app, () => subscribeWs(client, STATUS("OverWs")));
    const sse = await live(app, () =>
      subscribeSse(app.url, STATUS("OverSse"), undefined, { cookie, "x-vigil-app": "1" }),
    );
    expect(sse.status).toBe(200);
    const overSingle = await live(app, () => {
      let end!: () => void;
      const ended = new Promise<{ error?: unknown }>((resolve) => (end = () => resolve({})));
      single.subscribe({ query: STATUS("OverSingle") }, { next: () => {}, error: end, complete: end });
      return { ended };
    });
    feeds.push(ws, sse);
    return { ws, sse, single: overSingle };
  }

  /** Whether the stream is still open now (its end, if any, has had every chance to settle). */
  const open = async (feed: Pick<Feed, "ended">) => {
    let over = false;
    void feed.ended.then(() => {
      over = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return !over;
  };

  const ended = (feed: Pick<Feed, "ended">) =>
    Promise.race([
      feed.ended.then(() => "ended"),
      new Promise((resolve) => setTimeout(() => resolve("still open"), 3_000)),
    ]);

  it("revoking the key on this instance closes the streams and refuses the next request", async () => {
    const account = await twoKeys(a);
    const cookie = await signIn(a.url, account.apiKey);
    const { ws, sse, single } = await streams(a, cookie);
    const revoked = await graphql(a.url, REVOKE, bearer(account.other), { id: account.firstKeyId });
    expect(revoked.body.data.revokeApiKey.__typename).toBe("RevokeApiKeySuccess");
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
    expect(await ended(single)).toBe("ended");
    expect((await cookieGql(a.url, SESSION, { cookie })).body.data.session).toBeNull();
  });

  it("revoking the key on another instance closes the streams held here (Redis)", async () => {
    const account = await twoKeys(a);
    const cookie = await signIn(a.url, account.apiKey);
    const { ws, sse, single } = await streams(b, cookie);
    await graphql(a.url, REVOKE, bearer(account.other), { id: account.firstKeyId });
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
    expect(await ended(single)).toBe("ended");
    expect((await cookieGql(b.url, SESSION, { cookie })).body.data.session).toBeNull();
  });

  it("a revocation made without an event (the CLI) closes them at the key watch's next look", async () => {
    const account = await twoKeys(b);
    const cookie = await signIn(b.url, account.apiKey);
    const { ws, sse, single } = await streams(b, cookie);
    await b.app.context.database.prisma.apiKey.update({
      where: { id: account.firstKeyId },
      data: { revokedAt: new Date() },
    });
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
    expect(await ended(single)).toBe("ended");
  });

  it("signing out on one instance closes the session's streams on the other", async () => {
    const account = await twoKeys(a);
    const cookie = await signIn(a.url, account.apiKey);
    const kept = await signIn(a.url, account.apiKey);
    const { ws, sse, single } = await streams(b, cookie);
    const other = await streams(b, kept);
    expect((await cookieGql(a.url, SIGN_OUT, { cookie })).body.data.signOut.signedOut).toBe(true);
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
    expect(await ended(single)).toBe("ended");
    // Another session of the same key keeps its streams.
    for (const stream of [other.ws, other.sse, other.single]) expect(await open(stream)).toBe(true);
    expect((await cookieGql(b.url, SESSION, { cookie: kept })).body.data.session).not.toBeNull();
  });

  it("keeps a session with open streams seen, and closes them at its 30 days' end", async () => {
    const account = await twoKeys(b);
    const cookie = await signIn(b.url, account.apiKey);
    const { ws, sse, single } = await streams(b, cookie);
    const db = b.app.context.database.prisma;
    const where = { accountId: account.accountId };
    // Idle for 11 hours as far as requests go, but a live view is open: b's watch marks it seen.
    const longAgo = new Date(Date.now() - 11 * 3_600_000);
    await db.session.updateMany({ where, data: { lastSeenAt: longAgo } });
    await eventually(async () => (await db.session.findFirstOrThrow({ where })).lastSeenAt > longAgo, 5_000);
    for (const stream of [ws, sse, single]) expect(await open(stream)).toBe(true);
    await db.session.updateMany({ where, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await ended(ws)).toBe("ended");
    expect(await ended(sse)).toBe("ended");
    expect(await ended(single)).toBe("ended");
  });
});

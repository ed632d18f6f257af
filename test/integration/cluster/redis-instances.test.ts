// Two instances in one process, on one database and one real Redis (REDIS_URL): events written
// through one reach the other's subscribers, streams and caches; rate limits and key revocations
// hold across them; Redis stopped mid-test leaves both serving, and its return is announced.
import { createServer, type Server } from "node:http";
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import type { Client } from "graphql-ws";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../../src/domain/api-keys/create.js";
import type { VigilEvent } from "../../../src/events/bus.js";
import { graphql, startTestApp, bearer, type TestApp } from "../../support/app.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { addUpdate, pageWithIncident, renameIncident } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { freePort } from "../../support/postgres-server.js";
import { startRedis, type RedisServer } from "../../support/redis-server.js";
import { restClient } from "../../support/rest.js";
import { countListeners, subscribeSse, subscribeWs, until, wsClient, type Feed } from "../../support/subscriptions.js";
import { openEventStream, visit } from "../../support/visitor.js";

const UPDATES = `subscription ($incidentId: ID) {
  incidentUpdateAdded(incidentId: $incidentId) { id description }
}`;

describe(`two instances sharing one database and one Redis on ${testProvider}`, () => {
  let redis: RedisServer;
  let databaseUrl: string;
  let a: TestApp;
  let b: TestApp;
  /** Two more, with rate limits of 5 a minute (per key and per key-less address). */
  let c: TestApp;
  let d: TestApp;
  const extra: TestApp[] = [];
  const clients: Client[] = [];
  let target: Server;
  let targetUrl: string;
  let listenersOnB: () => number;

  const serve = async (env: Record<string, string> = {}) => {
    const app = await startTestApp({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      // Counted (through Redis) on every request, so that the limiter's outage path is exercised too.
      RATE_LIMIT_PER_MINUTE: "100000",
      ...env,
    });
    return app;
  };
  /** A graphql-ws subscription on `app`, once its bus listener holds (a write before that would be missed). */
  const subscribeOn = async (
    app: TestApp,
    listeners: () => number,
    query: string,
    variables: Record<string, unknown>,
  ) => {
    const client = wsClient(app.url, { connectionParams: { authorization: `Bearer ${a.apiKey}` } });
    clients.push(client);
    const before = listeners();
    const feed: Feed = subscribeWs(client, query, variables);
    await until(() => listeners() > before, 5_000, "the subscription");
    return feed;
  };

  beforeAll(async () => {
    redis = await startRedis();
    databaseUrl = await migratedDatabaseUrl();
    target = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
    // One after the other: two SQLite connections bootstrapping at once wait on each other's write lock.
    a = await serve({ ENGINE_ENABLED: "true" });
    b = await serve({ ENGINE_ENABLED: "true" });
    listenersOnB = countListeners(b.app.context.events);
    const limited = { RATE_LIMIT_PER_MINUTE: "5", KEYLESS_RATE_LIMIT_PER_MINUTE: "5" };
    c = await serve(limited);
    extra.push(c);
    d = await serve(limited);
    extra.push(d);
  });
  afterAll(async () => {
    for (const client of clients) await client.dispose();
    for (const app of [...extra, b, a]) await app?.stop();
    await new Promise<void>((resolve) => target?.close(() => resolve()));
    await redis?.stop();
  });

  it("delivers each event once per instance: at once on the publisher, through Redis on the other, no echo", async () => {
    const seen = { a: [] as VigilEvent[], b: [] as VigilEvent[] };
    const stopA = a.app.context.events.subscribe((event) => seen.a.push(event));
    const stopB = b.app.context.events.subscribe((event) => seen.b.push(event));
    try {
      const event: VigilEvent = { type: "notificationsQueued", accountId: `once-${Date.now()}` };
      a.app.context.events.publish(event);
      expect(seen.a).toEqual([event]);
      await eventually(() => seen.b.some((e) => e.accountId === event.accountId), 2_000);
      // A marker from B reaches A after A's own echo would have (Redis delivers in order).
      const marker: VigilEvent = { type: "notificationsQueued", accountId: `marker-${Date.now()}` };
      b.app.context.events.publish(marker);
      await eventually(() => seen.a.some((e) => e.accountId === marker.accountId), 2_000);
      expect(seen.a.filter((e) => e.accountId === event.accountId)).toHaveLength(1);
      expect(seen.b.filter((e) => e.accountId === event.accountId)).toHaveLength(1);
      expect(seen.b.filter((e) => e.accountId === marker.accountId)).toHaveLength(1);
      expect(a.app.context.events.redisConnected()).toBe(true);
      expect(JSON.parse((await visit(a.url, "/health")).body)).toMatchObject({ status: "ok", redis: "connected" });
    } finally {
      stopA();
      stopB();
    }
  });

  it("an incident update written through A reaches a graphql-ws subscriber and a status-page stream on B", async () => {
    const apiA = restClient(a.url, a.apiKey);
    const fixture = await pageWithIncident(apiA, "Cross");
    const feed = await subscribeOn(b, listenersOnB, UPDATES, { incidentId: globalId("Incident", fixture.incidentId) });
    const stream = await openEventStream(b.url, `/status/${fixture.slug}/events`);
    try {
      expect(stream.status).toBe(200);
      const update = await addUpdate(apiA, fixture.incidentId, "Written on A", "MONITORING");
      expect(await feed.next()).toEqual({
        data: { incidentUpdateAdded: { id: globalId("IncidentUpdate", update.id), description: "Written on A" } },
      });
      const incident = await eventually(() => stream.events.find((e) => e.event === "incident"), 5_000);
      expect(JSON.parse(incident.data)).toMatchObject({ id: fixture.incidentId, lastUpdateStatus: "MONITORING" });
    } finally {
      feed.close();
      stream.close();
    }
  });

  it("a status-page cache on B is emptied by a write on A", async () => {
    const apiA = restClient(a.url, a.apiKey);
    const fixture = await pageWithIncident(apiA, "Cached");
    const summary = async () => JSON.parse((await visit(b.url, `/status/${fixture.slug}/summary.json`)).body);
    expect((await summary()).incidents[0].name).toBe("Cached is down");
    // Served from B's cache now; the rename through A reaches it only through Redis.
    await renameIncident(apiA, fixture.incidentId, [fixture.serviceId], "Renamed on A");
    const renamed = await eventually(async () => {
      const body = await summary();
      return body.incidents[0].name === "Renamed on A" && body;
    }, 2_000);
    expect(renamed.incidents).toHaveLength(1);
  });

  it("a key revoked on A (apiKeyRevoked) is refused by B within a second, though B had it cached", async () => {
    const db = a.app.context.database.prisma;
    const key = await createApiKey({ db, input: { accountId: a.accountId } });
    const onB = restClient(b.url, key.apiKey);
    expect((await onB.get("/v1/checks")).status).toBe(200);
    await db.apiKey.delete({ where: { id: key.id } });
    // Still cached on B (for up to 10 s) until the event comes.
    expect((await onB.get("/v1/checks")).status).toBe(200);
    a.app.context.events.publish({ type: "apiKeyRevoked", accountId: a.accountId, keyId: key.id });
    const refused = await eventually(async () => {
      const response = await onB.get("/v1/checks");
      return response.status === 401 && response;
    }, 1_000);
    expect(refused.body).toMatchObject({ statusCode: 401, error: "Unauthorized" });
  });

  it("a rate limit of 5 a minute holds across the instances, with and without a key", async () => {
    const key = await createApiKey({ db: a.app.context.database.prisma, input: { accountId: a.accountId } });
    const statuses: number[] = [];
    for (const app of [c, d, c, d, c]) statuses.push((await restClient(app.url, key.apiKey).get("/v1/checks")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await restClient(d.url, key.apiKey).get("/v1/checks");
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ statusCode: 429, error: "Too Many Requests", message: expect.any(String) });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await graphql(c.url, "{ __typename }", bearer(key.apiKey))).status).toBe(429);

    // Key-less requests count per address (127.0.0.1 here), across the two as well.
    const keyless: number[] = [];
    for (const app of [c, d, d, c, c, d]) keyless.push((await graphql(app.url, "{ __typename }")).status);
    expect(keyless).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("Redis stopped: both keep serving and scheduling; started again: subscribers are told and events flow", async () => {
    const apiA = restClient(a.url, a.apiKey);
    const apiB = restClient(b.url, a.apiKey);
    const fixture = await pageWithIncident(apiA, "Outage");
    const feed = await subscribeOn(b, listenersOnB, UPDATES, { incidentId: globalId("Incident", fixture.incidentId) });
    const before = listenersOnB();
    const sseFeed = await subscribeSse(
      b.url,
      UPDATES,
      { incidentId: globalId("Incident", fixture.incidentId) },
      bearer(a.apiKey),
    );
    await until(() => listenersOnB() > before, 5_000, "the SSE subscription");
    const stream = await openEventStream(b.url, `/status/${fixture.slug}/events`);
    const check = (
      await apiA.post("/v1/checks/api", {
        name: "During the outage",
        locations: ["eu-west-1"],
        frequency: 1440,
        request: { method: "GET", url: targetUrl },
      })
    ).body as { id: string };
    try {
      await redis.stop();
      await until(
        () => !a.app.context.events.redisConnected() && !b.app.context.events.redisConnected(),
        10_000,
        "both instances noticing",
      );
      for (const api of [apiA, apiB]) expect((await api.get("/v1/checks")).status).toBe(200);
      // The limit is counted in each instance's memory meanwhile: 5 a minute still holds on one.
      const key = await createApiKey({ db: a.app.context.database.prisma, input: { accountId: a.accountId } });
      const onC = restClient(c.url, key.apiKey);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await onC.get("/v1/checks")).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      for (const app of [a, b]) {
        const answer = await graphql(app.url, "{ checks(first: 1) { edges { node { id } } } }", bearer(a.apiKey));
        expect(answer.body.errors).toBeUndefined();
        expect((await visit(app.url, "/-/readiness")).status).toBe(200);
        expect(JSON.parse((await visit(app.url, "/health")).body)).toMatchObject({
          status: "ok",
          redis: "unreachable",
        });
      }
      // Written on A meanwhile: stored, but B's subscriber cannot hear of it.
      await addUpdate(apiA, fixture.incidentId, "Written while Redis is down");
      // A session triggered now is claimed, run and recorded by an engine.
      const triggered = await apiA.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
      expect(triggered.status).toBe(201);
      const result = await eventually(async () => {
        const page = await apiB.get(`/v2/check-results/${check.id}`);
        return page.body.entries?.length > 0 && page.body.entries[0];
      });
      expect(result).toMatchObject({ checkId: check.id, hasFailures: false });

      await redis.start();
      await until(
        () => a.app.context.events.redisConnected() && b.app.context.events.redisConnected(),
        15_000,
        "both instances reconnecting",
      );
      // The subscriber is told it may have missed events, and its subscription ends.
      const notice = await feed.next(5_000);
      expect(notice.errors?.[0]?.extensions?.code).toBe("EVENTS_MISSED");
      expect(await feed.ended).toEqual({});
      const sseNotice = await sseFeed.next(5_000);
      expect(sseNotice.errors?.[0]?.extensions?.code).toBe("EVENTS_MISSED");
      expect(await sseFeed.ended).toEqual({});
      const resync = await eventually(() => stream.events.find((e) => e.event === "resync"), 5_000);
      expect(JSON.parse(resync.data)).toEqual({ reason: expect.stringContaining("missed") });

      // Subscribing again: events written on A reach B again.
      const again = await subscribeOn(b, listenersOnB, UPDATES, {
        incidentId: globalId("Incident", fixture.incidentId),
      });
      const update = await addUpdate(apiA, fixture.incidentId, "Redis is back");
      expect(await again.next()).toEqual({
        data: { incidentUpdateAdded: { id: globalId("IncidentUpdate", update.id), description: "Redis is back" } },
      });
      again.close();
    } finally {
      feed.close();
      sseFeed.close();
      stream.close();
    }
  });

  it("starts and serves with Redis unreachable, says so once, and never logs Redis's password", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const unreachable = `redis://:hunter2-secret@127.0.0.1:${await freePort()}`;
    const lonely = await startTestApp(
      { DATABASE_URL: databaseUrl, REDIS_URL: unreachable, RATE_LIMIT_PER_MINUTE: "100", LOG_LEVEL: "info" },
      { logger: pino({ level: "info" }, sink) },
    );
    extra.push(lonely);
    const bus = lonely.app.context.events;
    expect(bus.redisConnected()).toBe(false);
    expect((await restClient(lonely.url, lonely.apiKey).get("/v1/checks")).status).toBe(200);
    // Its own listeners still hear its events.
    const heard: VigilEvent[] = [];
    const stop = bus.subscribe((event) => heard.push(event));
    bus.publish({ type: "notificationsQueued", accountId: lonely.accountId });
    stop();
    expect(heard).toHaveLength(1);
    const warnings = lines.filter((line) => line.includes("cannot reach Redis"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("redis://:***@127.0.0.1:");
    expect(lines.join("")).not.toContain("hunter2-secret");
  });
});

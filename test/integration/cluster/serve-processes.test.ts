// Three real `vigil serve` processes on one PostgreSQL database and one real Redis behave as one
// service (issue 15): events cross instances, scheduled runs run once, a killed instance's runs
// and subscribers move to the others, rate limits and key revocations are shared, and a Redis
// outage does not stop the service. PostgreSQL only (vitest.config.ts keeps it out of the SQLite
// project: several processes on one database is what PostgreSQL is for).
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../src/db/client.js";
import { type Cluster, startCluster } from "../../support/cluster.js";
import { emptyDatabaseUrl } from "../../support/database.js";
import { apiCheckRequest } from "../../support/index.js";
import { eventually } from "../../support/eventually.js";
import { type Feed, subscribeSse, subscribeWs, wsClient } from "../../support/subscriptions.js";

const UPDATES = `subscription ($incidentId: ID) { incidentUpdateAdded(incidentId: $incidentId) { databaseId description } }`;

/** A cluster for this file: started before its tests, stopped after; a failing test prints its output. */
function useCluster(options: { instances: number; redis: boolean; env: Record<string, string> }) {
  const state: { cluster: Cluster | null; db: Database | null } = { cluster: null, db: null };
  beforeAll(async () => {
    state.cluster = await startCluster({ ...options, databaseUrl: await emptyDatabaseUrl() });
    state.db = await openDatabase(state.cluster.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await state.db?.close();
    await state.cluster?.stop();
  }, 60_000);
  beforeEach((context) => {
    context.onTestFailed(() => console.error(`cluster output (tail):\n${state.cluster?.logs().slice(-8_000)}`));
  });
  return {
    get c() {
      return state.cluster!;
    },
    get db() {
      return state.db!.prisma;
    },
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}`, "content-type": "application/json" });

async function rest(base: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: bearer(key),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function graphql(base: string, key: string, query: string) {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: bearer(key),
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: await response.json() };
}

/** A local target for the checks: counts hits per path, answering after `delayMs` (the SIGKILL part slows it). */
async function startTarget() {
  const hits = new Map<string, number>();
  const target = { delayMs: 0, hits, url: "", server: null as Server | null };
  target.server = createServer((req, res) => {
    hits.set(req.url ?? "", (hits.get(req.url ?? "") ?? 0) + 1);
    setTimeout(() => res.end('{"status":"ok"}'), target.delayMs);
  });
  await new Promise<void>((resolve) => target.server!.listen(0, "127.0.0.1", resolve));
  target.url = `http://127.0.0.1:${(target.server.address() as AddressInfo).port}`;
  return target;
}

/** API checks every 10 s (frequency 0, offset 10), each against its own path of the target. */
function apiChecks(accountId: string, targetUrl: string, count: number, prefix: string) {
  return Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    return {
      id,
      accountId,
      checkType: "API",
      name: `${prefix} ${i}`,
      frequency: 0,
      frequencyOffset: 10,
      locations: ["eu-west-1"],
      tags: [],
      request: apiCheckRequest(`${targetUrl}/${prefix}/${id}`),
    };
  });
}

describe("three instances on PostgreSQL and Redis", () => {
  const t = useCluster({
    instances: 3,
    redis: true,
    env: { RUN_LEASE_MS: "15000", ENGINE_CONCURRENCY: "100", RATE_LIMIT_PER_MINUTE: "100000" },
  });
  let target: Awaited<ReturnType<typeof startTarget>>;
  let incidentId: string;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target.server?.close());

  /** Adds an update through instance `via` (REST) until `feeds` all received one, at most `ms`. */
  async function updateUntilReceived(via: number, feeds: Feed[], description: string, ms = 15_000) {
    const deadline = Date.now() + ms;
    const before = feeds.map((f) => f.received.length);
    let sent = 0;
    while (feeds.some((f, i) => f.received.length === before[i])) {
      if (Date.now() > deadline) throw new Error(`no update reached every subscriber within ${ms} ms (${sent} sent)`);
      const added = await rest(
        t.c.url(via),
        t.c.apiKey,
        "POST",
        `/v1/status-pages/incidents/${incidentId}/incident-updates`,
        {
          description: `${description} ${++sent}`,
        },
      );
      expect(added.status).toBe(201);
      await new Promise((r) => setTimeout(r, 300));
    }
    return feeds.map((f, i) => f.received[before[i]!]);
  }

  it("a graphql-ws subscriber on instance 1 and an SSE one on instance 3 receive an update written through instance 2", async () => {
    const service = await rest(t.c.url(1), t.c.apiKey, "POST", "/v1/status-pages/services", { name: "API" });
    expect(service.status).toBe(201);
    const created = await rest(t.c.url(1), t.c.apiKey, "POST", "/v1/status-pages/incidents", {
      name: "Cluster outage",
      severity: "MAJOR",
      services: [{ id: service.body.id }],
      incidentUpdates: [{ description: "start" }],
    });
    expect(created.status).toBe(201);
    incidentId = created.body.id;

    const client = wsClient(t.c.url(0), { connectionParams: { authorization: `Bearer ${t.c.apiKey}` } });
    const ws = subscribeWs(client, UPDATES, { incidentId });
    const sse = await subscribeSse(t.c.url(2), UPDATES, { incidentId }, bearer(t.c.apiKey));
    try {
      expect(sse.status).toBe(200);
      // Wait for both subscriptions to be live: the first update may go before they are.
      const [viaWs, viaSse] = await updateUntilReceived(1, [ws, sse], "cross-instance");
      expect(viaSse).toEqual({
        data: {
          incidentUpdateAdded: {
            databaseId: expect.any(String),
            description: expect.stringMatching(/^cross-instance/),
          },
        },
      });
      expect(viaWs).toEqual({
        data: {
          incidentUpdateAdded: {
            databaseId: expect.any(String),
            description: expect.stringMatching(/^cross-instance/),
          },
        },
      });
      // Once live, one write is one message on each, exactly (earlier writes may still be arriving).
      const added = await rest(
        t.c.url(1),
        t.c.apiKey,
        "POST",
        `/v1/status-pages/incidents/${incidentId}/incident-updates`,
        {
          description: "exactly once",
        },
      );
      const expected = { data: { incidentUpdateAdded: { databaseId: added.body.id, description: "exactly once" } } };
      const copies = (feed: Feed) =>
        feed.received.filter((m) => m.data?.incidentUpdateAdded?.databaseId === added.body.id);
      await eventually(() => copies(ws).length > 0 && copies(sse).length > 0, 10_000);
      for (const feed of [ws, sse]) {
        expect(copies(feed)).toEqual([expected]);
        const ids = feed.received.map((m) => m.data.incidentUpdateAdded.databaseId);
        expect(new Set(ids).size).toBe(ids.length);
      }
    } finally {
      ws.close();
      sse.close();
      await client.dispose();
    }
  });

  it("600 scheduled runs across the three instances each run exactly once", async () => {
    // 150 checks every 10 s: any 40 s window holds exactly 4 runs of each.
    const checks = apiChecks(t.c.accountId, target.url, 150, "once");
    await t.db.check.createMany({ data: checks });
    // The scheduler plans 10 s ahead: the window starts where the first plan that saw the new
    // checks starts (a plan under way during the insert may have missed them; ticks are 1 s).
    await new Promise((r) => setTimeout(r, 1_500));
    const from = (await t.db.schedulerState.findUniqueOrThrow({ where: { id: "scheduler" } })).plannedUntil;
    const to = new Date(from.getTime() + 40_000);
    const ids = checks.map((c) => c.id);
    const inWindow = { checkId: { in: ids }, dueAt: { gt: from, lte: to } };
    await eventually(
      async () =>
        (await t.db.checkRun.count({ where: { ...inWindow, status: { not: "DONE" } } })) === 0 &&
        Date.now() > to.getTime(),
      150_000,
    ).catch(async (error) => {
      const statuses = await t.db.checkRun.groupBy({ by: ["status"], where: inWindow, _count: true });
      const running = await t.db.checkRun.findMany({ where: { ...inWindow, status: "RUNNING" } });
      console.error(JSON.stringify(running.slice(0, 5)), new Date().toISOString());
      throw new Error(
        `${error.message}: runs in the window by status ${JSON.stringify(statuses)}, window ${from.toISOString()}..${to.toISOString()}`,
      );
    });
    // A revision bump, as every write through the domain makes: the engines' caches keep a check
    // for as long as the revision their claims read is the one they hold.
    await t.db.check.updateMany({ where: { id: { in: ids } }, data: { activated: false, revision: { increment: 1 } } });
    // Runs already claimed when the checks stopped finish: wait for none of them to be under way.
    await eventually(
      async () => (await t.db.checkRun.count({ where: { checkId: { in: ids }, status: "RUNNING" } })) === 0,
      60_000,
    );

    const runs = await t.db.checkRun.findMany({
      where: inWindow,
      select: { id: true, checkId: true, leaseOwner: true },
    });
    expect(runs).toHaveLength(600);
    const perCheck = groupBy(runs, (r) => r.checkId);
    expect([...perCheck.values()].every((r) => r.length === 4)).toBe(true);
    // Every instance took part.
    expect(new Set(runs.map((r) => r.leaseOwner)).size).toBe(3);

    const results = await t.db.checkResult.findMany({
      where: { checkId: { in: ids } },
      select: { checkId: true, checkRunId: true, resultType: true },
    });
    const done = await t.db.checkRun.findMany({
      where: { checkId: { in: ids }, status: "DONE" },
      select: { id: true, checkId: true },
    });
    // One result per run that ran, none for another, none twice.
    expect(
      results
        .filter((r) => r.resultType === "FINAL")
        .map((r) => r.checkRunId)
        .sort(),
    ).toEqual(done.map((r) => r.id).sort());
    expect(results.every((r) => r.resultType === "FINAL")).toBe(true);
    for (const run of runs) expect(done.some((d) => d.id === run.id)).toBe(true);
    // And the target saw each run once: hits per check equal its runs that ran.
    const doneByCheck = groupBy(done, (r) => r.checkId);
    const mismatched = checks
      .map((c) => ({
        check: c.id,
        hits: target.hits.get(`/once/${c.id}`) ?? 0,
        runs: doneByCheck.get(c.id)?.length ?? 0,
      }))
      .filter((c) => c.hits !== c.runs);
    expect(mismatched).toEqual([]);
  }, 300_000);

  it("SIGKILL of an instance during runs: its runs are claimed again, nothing is recorded twice, its subscriber moves on", async () => {
    // A graphql-ws client on instance 2 whose URL list rotates over the instances.
    const urls = [1, 2, 0].map((i) => `${t.c.url(i).replace(/^http/, "ws")}/graphql`);
    let attempt = 0;
    const connections: string[] = [];
    const client = createClient({
      url: () => urls[attempt++ % urls.length]!,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${t.c.apiKey}` },
      retryAttempts: 10,
      retryWait: () => new Promise((r) => setTimeout(r, 200)),
      shouldRetry: () => true,
      on: { connected: (socket) => connections.push((socket as WebSocket).url) },
    });
    const feed = subscribeWs(client, UPDATES, { incidentId });
    try {
      await updateUntilReceived(0, [feed], "before the kill");
      expect(connections).toEqual([urls[0]]);

      // Slow runs, so that instance 2 dies holding some.
      target.delayMs = 1_500;
      const checks = apiChecks(t.c.accountId, target.url, 60, "kill");
      const ids = checks.map((c) => c.id);
      await t.db.check.createMany({ data: checks });
      const running = await eventually(async () => {
        const rows = await t.db.checkRun.findMany({
          where: { checkId: { in: ids }, status: "RUNNING" },
          select: { id: true, leaseOwner: true },
        });
        return new Set(rows.map((r) => r.leaseOwner)).size === 3 ? rows : null;
      }, 90_000);
      expect(await t.c.kill(1, "SIGKILL")).toBe(null);
      const killedAt = new Date();

      // The subscriber's client reconnects to another instance and hears the next update.
      await updateUntilReceived(0, [feed], "after the kill");
      expect(connections.length).toBeGreaterThan(1);
      expect(connections.at(-1)).not.toBe(urls[0]);

      // Every run that was under way at the kill finishes; the dead instance's are claimed again.
      const held = running.map((r) => r.id);
      await eventually(
        async () => (await t.db.checkRun.count({ where: { id: { in: held }, status: { not: "DONE" } } })) === 0,
        60_000,
      );
      await t.db.check.updateMany({
        where: { id: { in: ids } },
        data: { activated: false, revision: { increment: 1 } },
      });
      target.delayMs = 0;
      await eventually(
        async () => (await t.db.checkRun.count({ where: { checkId: { in: ids }, status: "RUNNING" } })) === 0,
        60_000,
      );
      const after = await t.db.checkRun.findMany({
        where: { id: { in: held } },
        select: { id: true, leaseOwner: true, claimedAt: true },
      });
      const reclaimed = after.filter((r) => r.leaseOwner !== running.find((x) => x.id === r.id)!.leaseOwner);
      expect(reclaimed.length).toBeGreaterThan(0);
      expect(reclaimed.every((r) => r.claimedAt! >= killedAt)).toBe(true);
      // Only the killed instance's runs changed hands.
      expect(new Set(reclaimed.map((r) => running.find((x) => x.id === r.id)!.leaseOwner)).size).toBe(1);

      // Nothing recorded twice: per run, one final result and one row per attempt.
      const results = await t.db.checkResult.findMany({
        where: { checkId: { in: ids } },
        select: { checkRunId: true, resultType: true, attempts: true },
      });
      const keys = results.map((r) => `${r.checkRunId}:${r.resultType}:${r.attempts}`);
      expect(new Set(keys).size).toBe(keys.length);
      const finals = results.filter((r) => r.resultType === "FINAL").map((r) => r.checkRunId);
      expect(new Set(finals).size).toBe(finals.length);
      expect(finals).toEqual(expect.arrayContaining(held));
      const done = await t.db.checkRun.count({ where: { checkId: { in: ids }, status: "DONE" } });
      expect(finals).toHaveLength(done);
    } finally {
      feed.close();
      await client.dispose();
      target.delayMs = 0;
      if (!t.c.instances[1]!.served) await t.c.restart(1);
    }
  }, 80_000);

  it("a key revoked on one instance is refused by the others", async () => {
    const key = await t.c.createKey();
    // Every instance has seen (and cached) the key.
    for (let i = 0; i < 3; i++) expect((await rest(t.c.url(i), key, "GET", "/v1/checks")).status).toBe(200);
    const listed = await rest(t.c.url(0), t.c.apiKey, "GET", "/v1/api-keys");
    expect(listed.status).toBe(200);
    // A key is listed masked: its first 7 and last 4 characters.
    const revoked = (listed.body as { id: string; maskedKey: string }[]).find((k) => {
      const [head, tail] = k.maskedKey.split("…");
      return key.startsWith(head!) && key.endsWith(tail!);
    })!;
    expect(revoked).toBeDefined();
    expect((await rest(t.c.url(0), t.c.apiKey, "DELETE", `/v1/api-keys/${revoked.id}`)).status).toBe(204);
    for (const i of [1, 2]) {
      await eventually(async () => (await rest(t.c.url(i), key, "GET", "/v1/checks")).status === 401, 5_000);
    }
    expect((await rest(t.c.url(0), key, "GET", "/v1/checks")).status).toBe(401);
    expect((await rest(t.c.url(2), t.c.apiKey, "GET", "/v1/checks")).status).toBe(200);
  });

  it("Redis stopped and started again: every instance keeps answering and scheduling, and events flow again", async () => {
    const checks = apiChecks(t.c.accountId, target.url, 30, "outage");
    const ids = checks.map((c) => c.id);
    await t.db.check.createMany({ data: checks });
    try {
      await t.c.redis!.stop();
      const downAt = new Date();
      for (let i = 0; i < 3; i++) {
        expect((await rest(t.c.url(i), t.c.apiKey, "GET", "/v1/checks?limit=1")).status).toBe(200);
        const viewer = await graphql(t.c.url(i), t.c.apiKey, "{ viewer { account { id } } }");
        expect(viewer).toEqual({ status: 200, body: { data: { viewer: { account: { id: t.c.accountId } } } } });
      }
      // Runs keep being claimed and recorded while Redis is away.
      await eventually(
        async () =>
          (await t.db.checkResult.count({ where: { checkId: { in: ids }, startedAt: { gt: downAt } } })) >= 30,
        90_000,
      );
      for (let i = 0; i < 3; i++)
        expect((await rest(t.c.url(i), t.c.apiKey, "GET", "/v1/checks?limit=1")).status).toBe(200);
    } finally {
      await t.c.redis!.start();
      await t.db.check.updateMany({
        where: { id: { in: ids } },
        data: { activated: false, revision: { increment: 1 } },
      });
    }
    // Once every instance has Redis back (its /health says so), events flow again: subscribers
    // on instances 1 and 3 hear a write through instance 2.
    for (let i = 0; i < 3; i++)
      await eventually(
        async () => ((await (await fetch(`${t.c.url(i)}/health`)).json()) as { redis?: string }).redis === "connected",
        30_000,
      );
    const client = wsClient(t.c.url(0), { connectionParams: { authorization: `Bearer ${t.c.apiKey}` } });
    const ws = subscribeWs(client, UPDATES, { incidentId });
    const sse = await subscribeSse(t.c.url(2), UPDATES, { incidentId }, bearer(t.c.apiKey));
    try {
      await updateUntilReceived(1, [ws, sse], "after the outage", 20_000);
      for (const feed of [ws, sse])
        expect(feed.received.at(-1)).toEqual({
          data: {
            incidentUpdateAdded: {
              databaseId: expect.any(String),
              description: expect.stringMatching(/^after the outage/),
            },
          },
        });
    } finally {
      ws.close();
      sse.close();
      await client.dispose();
    }
  }, 200_000);
});

describe("a rate limit of 5 a minute across three instances", () => {
  const t = useCluster({ instances: 3, redis: true, env: { RATE_LIMIT_PER_MINUTE: "5", ENGINE_ENABLED: "false" } });

  it("answers the sixth request over any mix of instances with 429", async () => {
    const statuses: number[] = [];
    for (const i of [0, 1, 2, 0, 2]) statuses.push((await rest(t.c.url(i), t.c.apiKey, "GET", "/v1/checks")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await fetch(`${t.c.url(1)}/v1/checks`, { headers: bearer(t.c.apiKey) });
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ statusCode: 429, error: "Too Many Requests" });
    // Every instance refuses the key now, GraphQL included.
    for (let i = 0; i < 3; i++) expect((await rest(t.c.url(i), t.c.apiKey, "GET", "/v1/checks")).status).toBe(429);
    expect((await graphql(t.c.url(2), t.c.apiKey, "{ viewer { account { id } } }")).status).toBe(429);
    // Another key has its own budget.
    const other = await t.c.createKey();
    expect((await rest(t.c.url(1), other, "GET", "/v1/checks")).status).toBe(200);
  });
});

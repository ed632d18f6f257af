import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEngine } from "../../../src/engine/engine.js";
import { engineSweeps } from "../../../src/engine/sweeps.js";
import { dueRuns } from "../../../src/domain/monitoring/plan.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { createCheck, createCheckResults, createStatusPage } from "../../support/index.js";
import { parsePrometheus, pick, total } from "../../support/prometheus.js";
import { subscribeSse, subscribeWs, wsClient } from "../../support/subscriptions.js";
import { openEventStream } from "../../support/visitor.js";

const TOKEN = "metrics-token-0123456789abcdef";

async function scrape(base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(await response.text());
}

/** Sends `count` requests, `width` at a time. */
async function hammer(count: number, width: number, send: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await send(next++);
    }),
  );
}

describe(`GET /metrics on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  let target: Server;
  let base: string;
  beforeAll(async () => {
    target = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => target.close(() => r())));

  it("counts REST requests by route pattern and status, with durations, and GraphQL operations and errors", async () => {
    const created = await t.api.post("/v1/maintenance-windows", {
      name: "metrics",
      startsAt: "2030-01-01",
      endsAt: "2030-01-01T01:00:00Z",
      repeatUnit: "WEEK",
    });
    expect(created.status).toBe(201);
    await t.api.get(`/v1/maintenance-windows/${created.body.id}`);
    await t.api.get("/v1/maintenance-windows/999999999");
    expect((await t.gql("query Viewer { checkGroups(first: 1) { edges { node { id } } } }")).status).toBe(200);
    await t.gql("query Broken { nope }");

    const samples = await scrape(t.url);
    expect(total(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    const item = { method: "GET", route: "/v1/maintenance-windows/:id" };
    expect(total(samples, "vigil_http_requests_total", { ...item, status_code: "404" })).toBe(1);
    expect(total(samples, "vigil_http_requests_total", { method: "POST", route: "/v1/maintenance-windows" })).toBe(1);
    expect(total(samples, "vigil_http_request_duration_seconds_count", item)).toBeGreaterThanOrEqual(1);
    expect(pick(samples, "vigil_http_request_duration_seconds_bucket", { ...item, le: "+Inf" })).toHaveLength(1);
    expect(total(samples, "vigil_graphql_operations_total", { type: "query", name: "Viewer" })).toBe(1);
    expect(total(samples, "vigil_graphql_errors_total", { type: "invalid" })).toBe(1);
    expect(total(samples, "vigil_database_up")).toBe(1);
    expect(pick(samples, "vigil_redis_connected")).toHaveLength(0); // no REDIS_URL
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes("999999999")))).toBe(false);
  });

  it("shows the SQLite checkpointer's checkpoints and WAL frames from its stats (PostgreSQL: no such series)", async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await t.api.post("/v1/maintenance-windows", {
            name: `wal ${i}`,
            startsAt: "2030-01-01",
            endsAt: "2030-01-02",
            repeatUnit: "DAY",
          })
        ).status,
      ).toBe(201);
    const stats = t.app.context.database.checkpoints;
    if (testProvider === "sqlite") {
      // The writes above are checkpointed by the thread within a tick or two.
      const samples = await eventually(async () => {
        const s = await scrape(t.url);
        return total(s, "vigil_sqlite_checkpoints_total", { result: "done" }) > 0 && s;
      });
      expect(total(samples, "vigil_sqlite_checkpoints_total", { result: "done" })).toBeLessThanOrEqual(stats!.done);
      expect(pick(samples, "vigil_sqlite_checkpoints_total", { result: "busy" })).toHaveLength(1);
      expect(pick(samples, "vigil_sqlite_wal_frames")).toHaveLength(1);
      expect(total(samples, "vigil_sqlite_wal_frames")).toBeGreaterThanOrEqual(0);
    } else {
      expect(stats).toBeUndefined();
      const samples = await scrape(t.url);
      expect(pick(samples, "vigil_sqlite_checkpoints_total")).toHaveLength(0);
      expect(pick(samples, "vigil_sqlite_wal_frames")).toHaveLength(0);
    }
  });

  it("keeps label cardinality bounded: 1,000 unknown URLs are one series, odd GraphQL names are 'other'", async () => {
    await hammer(1000, 20, (i) => fetch(`${t.url}/no-such-page-${i}?x=${i}`).then((r) => r.arrayBuffer()));
    await hammer(300, 20, (i) => t.gql(`query Op${i} { __typename }`));
    const samples = await scrape(t.url);
    const unmatched = pick(samples, "vigil_http_requests_total", { route: "unmatched" });
    expect(unmatched).toHaveLength(1);
    expect(unmatched[0]!.value).toBeGreaterThanOrEqual(1000);
    const routes = new Set(pick(samples, "vigil_http_requests_total").map((s) => s.labels.route));
    expect(routes.size).toBeLessThan(20);
    expect(pick(samples, "vigil_graphql_operations_total").length).toBeLessThanOrEqual(205);
    expect(total(samples, "vigil_graphql_operations_total", { name: "other" })).toBeGreaterThanOrEqual(100);
  });

  it("costs no SQL per request, and scrapes within 5 s reuse one database look", async () => {
    await scrape(t.url);
    statements.length = 0;
    await hammer(50, 5, () => fetch(`${t.url}/-/liveness`).then((r) => r.arrayBuffer()));
    await hammer(50, 5, () => t.api.get("/v1/maintenance-windows"));
    // The authenticator's revocation watch (one aggregate a second) is not per request.
    const perRequest = statements.filter((sql) => !/MAX\(/i.test(sql));
    const perList = perRequest.length / 50;
    expect(perRequest.filter((sql) => !/maintenance/i.test(sql))).toEqual([]);
    expect(perList).toBeLessThanOrEqual(2);
    statements.length = 0;
    await scrape(t.url);
    await scrape(t.url);
    expect(statements.filter((sql) => !/MAX\(/i.test(sql)).length).toBeLessThanOrEqual(3); // SELECT 1 and the two grouped counts, once at most
  });

  it("counts open subscriptions by transport (graphql-ws, SSE, status page streams) and their end", async () => {
    const open = async (transport: string) => total(await scrape(t.url), "vigil_open_subscriptions", { transport });
    const client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    const ws = subscribeWs(client, "subscription Live { incidentChanged { id } }");
    const sse = await subscribeSse(t.url, "subscription { incidentChanged { id } }", undefined, {
      authorization: `Bearer ${t.apiKey}`,
    });
    const page = await createStatusPage(t.api, []);
    const stream = await openEventStream(t.url, `/status/${page.url}/events`);
    expect(stream.status).toBe(200);
    await eventually(async () => (await open("graphql_ws")) === 1);
    await eventually(async () => (await open("graphql_sse")) === 1);
    expect(await open("status_page")).toBe(1);
    ws.close();
    sse.close();
    stream.close();
    await client.dispose();
    for (const transport of ["graphql_ws", "graphql_sse", "status_page"])
      await eventually(async () => (await open(transport)) === 0);
    expect(await open("graphql_ws")).toBe(0);
  });

  it("shows a scheduled run: queue depth, claimed and recorded, and its scheduling lag", async () => {
    const check = await t.api.post("/v1/checks/api", {
      name: "metrics run",
      locations: ["eu-west-1"],
      frequency: 1,
      request: { method: "GET", url: `${base}/` },
    });
    expect(check.status).toBe(201);
    const next = dueRuns(
      { id: check.body.id, frequency: 1, frequencyOffset: null, locations: ["eu-west-1"], runParallel: false },
      Date.now(),
      Date.now() + 60_000,
    )[0]!;
    const shift = next.dueAt - Date.now() - 500;
    const engine = startEngine(t.app.context, {
      concurrency: 5,
      leaseMs: 60_000,
      now: () => new Date(Date.now() + shift),
      maxIdleMs: 50,
    });
    try {
      await eventually(async () => engine.stats.recorded >= 1);
    } finally {
      await engine.stop(5_000);
    }
    const samples = await scrape(t.url);
    expect(total(samples, "vigil_runs_total", { event: "claimed" })).toBeGreaterThanOrEqual(1);
    expect(total(samples, "vigil_runs_total", { event: "recorded" })).toBeGreaterThanOrEqual(1);
    expect(pick(samples, "vigil_runs_total", { event: "lost" })).toHaveLength(1);
    expect(total(samples, "vigil_scheduling_lag_seconds_count")).toBeGreaterThanOrEqual(1);
    // A run waiting in a location's queue (far ahead, so no engine takes it).
    await t.db.checkRun.create({
      data: {
        accountId: t.accountId,
        checkId: check.body.id,
        location: "metrics-queue",
        sequenceId: "metrics-queue",
        dueAt: new Date(Date.now() + 86_400_000),
      },
    });
    await eventually(async () => total(await scrape(t.url), "vigil_queue_depth", { location: "metrics-queue" }) === 1);
  });
});

describe(`GET /metrics of the retention sweep on ${testProvider}`, () => {
  const t = useTestApp({ RESULT_RETENTION_DAYS: "30" });

  it("counts the rows the engine's retention sweep deleted, by table, times its statements, and counts those that went while the engine was busy", async () => {
    const check = await createCheck(t, { name: "Old results" });
    const old = Date.now() - 31 * 86_400_000;
    await createCheckResults(t, check, 2, (i) => ({ startedAt: new Date(old + i * 1_000) }));
    await createCheckResults(t, check, 1, () => ({ startedAt: new Date() }));
    const retention = engineSweeps.find((s) => s.name === "retention")!;
    await retention.run(t.app.context, new Date());
    const samples = await scrape(t.url);
    expect(total(samples, "vigil_retention_deleted_rows_total", { table: "checkResults" })).toBe(2);
    expect(total(samples, "vigil_retention_statement_seconds_count", { table: "checkResults" })).toBeGreaterThanOrEqual(
      1,
    );
    // Run alone (no engine to wait for): every statement went in a quiet moment.
    expect(pick(samples, "vigil_retention_unquiet_statements_total")).toHaveLength(1);
    expect(total(samples, "vigil_retention_unquiet_statements_total")).toBe(0);
    expect(await t.db.checkResult.count({ where: { checkId: check.id } })).toBe(1);
  });
});

describe(`GET /metrics with METRICS_TOKEN on ${testProvider}`, () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN, KEYLESS_RATE_LIMIT_PER_MINUTE: "2" });

  it("answers only the token, in constant time, with our error body otherwise, and is not rate limited", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong",
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${t.apiKey}`,
    ]) {
      const response = await fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        statusCode: 401,
        error: "Unauthorized",
        message: expect.stringContaining("METRICS_TOKEN"),
      });
    }
    for (let i = 0; i < 5; i++)
      expect(total(await scrape(t.url, { authorization: `Bearer ${TOKEN}` }), "vigil_database_up")).toBe(1);
  });
});

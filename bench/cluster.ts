// Scale-out: three `vigil serve` instances on one PostgreSQL database and one Redis, beside one
// instance alone (same database server, no Redis), alternated over rounds. Each setup gets a fresh
// database and, in turn:
//   1. cross-instance event delivery: BENCH_SUBSCRIBERS (2,000) graphql-ws subscribers of one
//      incident spread over the instances (three client processes, one per instance), writes (REST
//      incident updates) through the first instance, timed from just before the write to the last
//      delivery anywhere: p50 and p99 over BENCH_WRITES writes;
//   2. scheduling: BENCH_CHECKS (10,000) API checks at 1 minute against a local HTTP target; after
//      BENCH_WARMUP s, over BENCH_SECONDS s: runs/s, lag due -> claim (p50, p99, max), results and
//      the instances' CPU.
// Everything runs on this machine (2 cores): the instances share them with PostgreSQL, Redis, the
// target and the subscriber processes, so three instances cannot add cores, only spread the work.
//   npm run bench:cluster
//   BENCH_CHECKS=2000 BENCH_SUBSCRIBERS=300 BENCH_WARMUP=30 BENCH_SECONDS=30 BENCH_ROUNDS=1 npm run bench:cluster
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import pg from "pg";
import { openDatabase } from "../src/db/client.js";
import { type Cluster, startCluster } from "../test/support/cluster.js";
import { addUpdate, pageWithIncident } from "../test/support/fixtures/incidents.js";
import { globalId } from "../test/support/global-id.js";
import { startPostgres } from "../test/support/postgres-server.js";
import { restClient } from "../test/support/rest.js";
import { cpuSeconds, engineWindow, percentile, seedApiChecks } from "./support/engine-load.js";
import { record } from "./support/report.js";
import { sleep } from "./support/server-process.js";
import type { WorkerCommand, WorkerReport } from "./support/subscriptions-worker.js";

const CHECKS = Number(process.env.BENCH_CHECKS ?? 10_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 2_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 65);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WRITES = Number(process.env.BENCH_WRITES ?? 30);
const CLIENTS = 3;
const now = () => performance.timeOrigin + performance.now();

type Figures = {
  instances: number;
  delivery: number[];
  window: number;
  due: number;
  started: number;
  results: number;
  failed: number;
  overdue: number;
  lags: number[];
  cores: number;
  /** Requests the target received in the window. */
  hits: number;
};

const postgres = await startPostgres();
let hits = 0;
const target = createServer((_req, res) => {
  hits++;
  res.setHeader("content-type", "application/json");
  res.end('{"status":"ok"}');
});
await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
const workers: ChildProcess[] = Array.from({ length: CLIENTS }, () =>
  fork(new URL("./support/subscriptions-worker.ts", import.meta.url).pathname, [], { execArgv: ["--import", "tsx"] }),
);

try {
  console.log(
    `cluster bench: ${CHECKS.toLocaleString("en")} API checks at 1 min, ${SUBSCRIBERS.toLocaleString("en")} graphql-ws subscribers over ${CLIENTS} client processes, ` +
      `${ROUNDS} round(s) of 3 instances (PostgreSQL + Redis) then 1 instance (PostgreSQL); ${WARMUP} s warm-up, ${SECONDS} s window; ` +
      `one machine, 2 cores shared by everything (${process.version}, load average ${loadavg()[0]!.toFixed(1)})`,
  );
  const results: Figures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const instances of [3, 1]) {
      const figures = await runSetup(instances, `r${round}i${instances}`);
      results.push(figures);
      console.log(`round ${round}  ${line(figures)}`);
    }
  }
  for (const instances of [3, 1]) {
    const mine = results.filter((r) => r.instances === instances);
    const merged: Figures = {
      ...mine[0]!,
      delivery: mine.flatMap((r) => r.delivery).sort((a, b) => a - b),
      lags: mine.flatMap((r) => r.lags).sort((a, b) => a - b),
      window: sum(mine.map((r) => r.window)),
      due: sum(mine.map((r) => r.due)),
      started: sum(mine.map((r) => r.started)),
      results: sum(mine.map((r) => r.results)),
      failed: sum(mine.map((r) => r.failed)),
      overdue: sum(mine.map((r) => r.overdue)),
      cores: sum(mine.map((r) => r.cores)) / mine.length,
      hits: sum(mine.map((r) => r.hits)),
    };
    console.log(`all rounds  ${line(merged)}`);
    const setup = instances === 3 ? "3 instances + Redis" : "1 instance alone";
    const ms = { bench: "cluster", unit: "ms", better: "lower" } as const;
    const runs = { bench: "cluster", unit: "runs/s", better: "higher" } as const;
    record({
      ...runs,
      name: `${setup}: runs started, vs runs due`,
      value: merged.started / merged.window,
      baseline: merged.due / merged.window,
    });
    record({ ...ms, name: `${setup}: lag due -> claim p99`, value: percentile(merged.lags, 99) });
    record({
      ...ms,
      name: `${setup}: delivery write -> last of ${SUBSCRIBERS} p99`,
      value: percentile(merged.delivery, 99),
    });
    record({ bench: "cluster", name: `${setup}: instances' CPU`, value: merged.cores, unit: "cores", better: "lower" });
  }
} finally {
  for (const worker of workers) worker.kill();
  target.close();
  await postgres.stop();
}

function sum(values: number[]) {
  return values.reduce((a, b) => a + b, 0);
}

function line(f: Figures) {
  const ms = (v: number) => `${Math.round(v)} ms`;
  return [
    `${f.instances === 3 ? "3 instances + Redis" : "1 instance alone   "}:`,
    `runs ${(f.started / f.window).toFixed(1)}/s (due ${(f.due / f.window).toFixed(1)}/s),`,
    `lag p50 ${ms(percentile(f.lags, 50))} p99 ${ms(percentile(f.lags, 99))} max ${ms(f.lags.at(-1) ?? Number.NaN)},`,
    `target ${(f.hits / f.window).toFixed(1)} req/s, results ${(f.results / f.window).toFixed(1)}/s (${f.failed} failed), ${f.overdue} overdue,`,
    `instances' CPU ${f.cores.toFixed(2)} cores;`,
    `delivery write -> last of ${SUBSCRIBERS.toLocaleString("en")} p50 ${ms(percentile(f.delivery, 50))} p99 ${ms(percentile(f.delivery, 99))}`,
  ].join(" ");
}

async function freshDatabase(name: string) {
  const client = new pg.Client({ connectionString: postgres.url("postgres") });
  await client.connect();
  await client.query(`CREATE DATABASE bench_${name}_${randomBytes(3).toString("hex")}`.toLowerCase());
  const { rows } = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY oid DESC LIMIT 1",
    [`bench_${name}_%`.toLowerCase()],
  );
  await client.end();
  return postgres.url(rows[0]!.datname);
}

async function runSetup(instances: number, name: string): Promise<Figures> {
  const cluster = await startCluster({
    databaseUrl: await freshDatabase(name),
    instances,
    redis: instances > 1,
    env: {
      RATE_LIMIT_PER_MINUTE: "0",
      KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
      // Every subscriber connects from 127.0.0.1: the per-address cap would refuse all but 256.
      MAX_CONNECTIONS_PER_ADDRESS: "0",
    },
  });
  const database = await openDatabase(cluster.databaseUrl);
  try {
    const delivery = await measureDelivery(cluster, name);
    await seedApiChecks(database.prisma, { accountId: cluster.accountId, count: CHECKS, url: targetUrl });
    await sleep(WARMUP * 1000);
    const pids = cluster.instances.map((i) => i.served!.child.pid!);
    const cpuBefore = sum(pids.map(cpuSeconds));
    const hitsBefore = hits;
    const from = new Date();
    await sleep(SECONDS * 1000);
    const to = new Date();
    const cores = (sum(pids.map(cpuSeconds)) - cpuBefore) / ((to.getTime() - from.getTime()) / 1000);
    const window = await engineWindow(database.prisma, from, to);
    const seconds = (to.getTime() - from.getTime()) / 1000;
    return { instances, delivery, window: seconds, cores, hits: hits - hitsBefore, ...window };
  } catch (error) {
    console.error(cluster.logs().slice(-4000));
    throw error;
  } finally {
    await database.close();
    await cluster.stop();
  }
}

/** Subscribers spread over the instances (client process i on instance i), writes through the first. */
async function measureDelivery(cluster: Cluster, name: string): Promise<number[]> {
  const api = restClient(cluster.url(0), cluster.apiKey);
  const fixture = await pageWithIncident(api);
  await all(
    (i, share) => ({
      cmd: "vigil",
      url: cluster.url(i % cluster.instances.length),
      authorization: `Bearer ${cluster.apiKey}`,
      count: share,
      query:
        "subscription ($incidentId: ID) { incidentUpdateAdded(incidentId: $incidentId) { id description status } }",
      variables: { incidentId: globalId("Incident", fixture.incidentId) },
    }),
    "ready",
  );
  // Until a write reaches every subscriber, not all subscriptions are live yet.
  for (let i = 0; ; i++) {
    try {
      await timedWrite(api, fixture.incidentId, `${name}-live-${i}`, 3_000);
      break;
    } catch (error) {
      if (i >= 20) throw error;
    }
  }
  for (let i = 0; i < 3; i++) await timedWrite(api, fixture.incidentId, `${name}-warmup-${i}`);
  const latencies: number[] = [];
  for (let i = 0; i < WRITES; i++) latencies.push(await timedWrite(api, fixture.incidentId, `${name}-write-${i}`));
  await all(() => ({ cmd: "close" }), "closed");
  return latencies.sort((a, b) => a - b);
}

/** Sends each worker its command (with its share of the subscribers) and waits for its answer. */
async function all(command: (worker: number, share: number) => WorkerCommand, answer: WorkerReport["type"]) {
  await Promise.all(
    workers.map((worker, i) => {
      const share = Math.floor(SUBSCRIBERS / CLIENTS) + (i < SUBSCRIBERS % CLIENTS ? 1 : 0);
      return new Promise<void>((resolve) => {
        const listen = (report: WorkerReport) => report.type === answer && (worker.off("message", listen), resolve());
        worker.on("message", listen);
        worker.send(command(i, share));
      });
    }),
  );
}

/** One write, timed from just before it to the last delivery in any client process. */
async function timedWrite(api: ReturnType<typeof restClient>, incidentId: string, tag: string, limitMs = 30_000) {
  const lasts: number[] = [];
  const listeners: [ChildProcess, (report: WorkerReport) => void][] = [];
  const delivered = new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new Error(`write ${tag}: ${lasts.length}/${CLIENTS} clients served`)),
      limitMs,
    );
    for (const worker of workers) {
      const listen = (report: WorkerReport) => {
        if (report.type !== "delivered" || report.tag !== tag) return;
        lasts.push(report.last);
        if (lasts.length < CLIENTS) return;
        clearTimeout(timeout);
        resolve();
      };
      worker.on("message", listen);
      listeners.push([worker, listen]);
    }
  });
  const start = now();
  try {
    await addUpdate(api, incidentId, tag);
    await delivered;
    return Math.max(...lasts) - start;
  } finally {
    for (const [worker, listen] of listeners) worker.off("message", listen);
  }
}

// Subscription fan-out: 2,000 graphql-ws subscribers (over a few client processes) of one
// incident's incidentUpdateAdded, on SQLite over loopback. Each write is a REST POST of an incident
// update; we time it to the last delivery (p50, p99 over the writes; goal p99 < 500 ms), and take
// the server's CPU per delivered message and its memory per subscriber. Alternating with it, a
// bare `ws` server broadcasts the same message to as many sockets: the floor. The subscribers share
// one document and key, so they form one group (src/graphql/subscriptions/frames.ts): the bench
// prints the executions per write and "times raw ws" (raw ws CPU per message / ours; goal >= 0.5).
// The server runs in this process (its CPU and heap are what process.cpuUsage/memoryUsage see);
// the clients run in child processes (BENCH_WORKERS, default 2: one per core of the bench machine),
// the writes' HTTP client too (the first worker): only the server's side of a write is charged.
//   npm run bench:subscriptions
//   BENCH_SUBSCRIBERS=500 BENCH_WRITES=10 BENCH_ROUNDS=1 npm run bench:subscriptions
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { loadConfig } from "../src/config.js";
import { subscriptionGroups } from "../src/graphql/subscriptions/sharing.js";
import { buildApp } from "../src/server.js";
import { restClient } from "../test/support/rest.js";
import { globalId } from "../test/support/global-id.js";
import { pageWithIncident } from "../test/support/fixtures/incidents.js";
import { countListeners, until } from "../test/support/subscriptions.js";
import { graphqlWsMessage, startRawBroadcast } from "./support/subscriptions-raw.js";
import { report, type Figures } from "./support/subscriptions-report.js";
import type { WorkerCommand, WorkerReport } from "./support/subscriptions-worker.js";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 2_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const WRITES = Number(process.env.BENCH_WRITES ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP = 3;
const LIMIT_MS = 10 * 60_000;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const now = () => performance.timeOrigin + performance.now();

type Side = {
  /** Executions the server ran so far and its groups (the raw side has none). */
  shared?: () => { executions: number; groups: number };
  open: (count: number) => WorkerCommand;
  /** Makes one write; resolves with the epoch ms at which it began. */
  write: (tag: string) => Promise<number>;
  live: () => Promise<void>;
  gone: () => Promise<void>;
};

await main();

async function main() {
  const timer = setTimeout(
    () => (console.error(`bench: over ${LIMIT_MS / 60_000} min, stopping`), process.exit(1)),
    LIMIT_MS,
  );
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-subscriptions-"));
  const accountId = randomUUID();
  const apiKey = `vg_bench_${randomBytes(16).toString("hex")}`;
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "0",
    KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
    // Every subscriber connects from 127.0.0.1: the per-address cap would refuse all but 256.
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    VIGIL_ACCOUNT_ID: accountId,
    VIGIL_API_KEY: apiKey,
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
  });
  const app = await buildApp(config);
  const raw = await startRawBroadcast();
  const workers: ChildProcess[] = [];
  try {
    const { url } = await app.start();
    const api = restClient(url, apiKey);
    const fixture = await pageWithIncident(api);
    const listeners = countListeners(app.context.events);
    for (let i = 0; i < WORKERS; i++)
      workers.push(
        fork(new URL("./support/subscriptions-worker.ts", import.meta.url).pathname, [], {
          execArgv: ["--import", "tsx"],
        }),
      );
    const vigil: Side = {
      shared: () => {
        const groups = [...subscriptionGroups(app.context).values()];
        return { executions: groups.reduce((sum, group) => sum + group.executions, 0), groups: groups.length };
      },
      open: (count) => ({
        cmd: "vigil",
        url,
        authorization: `Bearer ${apiKey}`,
        count,
        query:
          "subscription ($incidentId: ID) { incidentUpdateAdded(incidentId: $incidentId) { id description status } }",
        variables: { incidentId: globalId("Incident", fixture.incidentId) },
      }),
      write: (tag) => writeThrough(workers[0]!, { cmd: "write", url, apiKey, incidentId: fixture.incidentId, tag }),
      live: () => until(() => listeners() === SUBSCRIBERS, 60_000, "every subscription live"),
      gone: () => until(() => listeners() === 0, 60_000, "every bus listener given back"),
    };
    const floor: Side = {
      open: (count) => ({ cmd: "raw", url: raw.url, count }),
      write: async (tag) => {
        const start = now();
        raw.broadcast(graphqlWsMessage(randomUUID(), tag));
        return start;
      },
      live: () => until(() => raw.clients() === SUBSCRIBERS, 60_000, "every raw socket open"),
      gone: () => until(() => raw.clients() === 0, 60_000, "every raw socket closed"),
    };
    console.log(
      `subscription fan-out: ${SUBSCRIBERS.toLocaleString("en")} subscribers of one incident over ${WORKERS} client processes, ` +
        `${WRITES} writes x ${ROUNDS} rounds each, alternating (SQLite, loopback, ${process.version}, load average ${loadavg()[0]!.toFixed(1)})`,
    );
    const results = { vigil: [] as Measured[], raw: [] as Measured[] };
    for (let round = 1; round <= ROUNDS; round++) {
      results.vigil.push(await measure(workers, vigil, `v${round}`));
      results.raw.push(await measure(workers, floor, `r${round}`));
    }
    report(results.vigil, results.raw, { subscribers: SUBSCRIBERS, writes: WRITES });
    console.log(
      `shared execution: ${results.vigil.map((run) => `${run.groups} group(s), ${run.executionsPerWrite} execution(s) per write`).join("; ")} (per round)`,
    );
  } finally {
    clearTimeout(timer);
    for (const worker of workers) worker.kill();
    await raw.close();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sends a command to every worker (its share of the sockets) and waits for each one's answer. */
async function all(workers: ChildProcess[], command: (share: number) => WorkerCommand, answer: WorkerReport["type"]) {
  await Promise.all(
    workers.map((worker, i) => {
      const share = Math.floor(SUBSCRIBERS / workers.length) + (i < SUBSCRIBERS % workers.length ? 1 : 0);
      return new Promise<void>((resolve) => {
        const listen = (report: WorkerReport) => report.type === answer && (worker.off("message", listen), resolve());
        worker.on("message", listen);
        worker.send(command(share));
      });
    }),
  );
}

/** Has `worker` make a write; resolves with the epoch ms at which it began. */
function writeThrough(worker: ChildProcess, command: Extract<WorkerCommand, { cmd: "write" }>): Promise<number> {
  return new Promise((resolve) => {
    const listen = (report: WorkerReport) => {
      if (report.type !== "written" || report.tag !== command.tag) return;
      worker.off("message", listen);
      resolve(report.start);
    };
    worker.on("message", listen);
    worker.send(command);
  });
}

/** One write, timed from just before it to the last delivery in any worker. */
async function timedWrite(workers: ChildProcess[], side: Side, tag: string): Promise<number> {
  const lasts: number[] = [];
  const delivered = new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new Error(`write ${tag}: ${lasts.length}/${workers.length} workers served after 30 s`)),
      30_000,
    );
    const listen = (report: WorkerReport) => {
      if (report.type !== "delivered" || report.tag !== tag) return;
      lasts.push(report.last);
      if (lasts.length < workers.length) return;
      clearTimeout(timeout);
      for (const worker of workers) worker.off("message", listen);
      resolve();
    };
    for (const worker of workers) worker.on("message", listen);
  });
  const start = await side.write(tag);
  await delivered;
  return Math.max(...lasts) - start;
}

type Measured = Figures & { groups?: number; executionsPerWrite?: number };

async function measure(workers: ChildProcess[], side: Side, round: string): Promise<Measured> {
  gc();
  const before = process.memoryUsage();
  await all(workers, side.open, "ready");
  await side.live();
  gc();
  const after = process.memoryUsage();
  for (let i = 0; i < WARMUP; i++) await timedWrite(workers, side, `${round}-warmup-${i}`);
  const cpu = process.cpuUsage();
  const shared = side.shared?.();
  const latencies: number[] = [];
  for (let i = 0; i < WRITES; i++) latencies.push(await timedWrite(workers, side, `${round}-write-${i}`));
  const used = process.cpuUsage(cpu);
  const sharedAfter = side.shared?.();
  await all(workers, () => ({ cmd: "close" }), "closed");
  await side.gone();
  return {
    ...(shared && sharedAfter
      ? { groups: sharedAfter.groups, executionsPerWrite: (sharedAfter.executions - shared.executions) / WRITES }
      : {}),
    latencies,
    cpuPerMessageUs: (used.user + used.system) / (WRITES * SUBSCRIBERS),
    heapPerSubscriber: (after.heapUsed - before.heapUsed) / SUBSCRIBERS,
    rssPerSubscriber: (after.rss - before.rss) / SUBSCRIBERS,
  };
}

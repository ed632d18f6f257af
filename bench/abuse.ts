// Abuse benchmark (issue 12): `vigil serve` in its own process on SQLite, and phases of attack, each
// while a normal client (127.0.0.1, its own key, keep-alive) sends a cheap authenticated request
// (GET /v1/checks?limit=1) every 50 ms and the server's RSS is sampled (/proc/<pid>/status VmRSS):
//   baseline      no attack
//   fragments     the exponential fragment attack: 22 to 26 fragments each spreading the next twice, a random comment each, 4 at a time
//   documents     100 unique 780 KB documents, 10 at a time
//   slow-bodies   1,000 requests whose body arrives one byte per second
//   soak          2,000 idle graphql-ws WebSockets and 400 slow clients (slow headers, unread responses) at once
// A phase's window starts once its attackers' connections are made (or refused), with the normal
// client's connection made by an untimed request: the window is the attack in force.
// Prints per phase the normal client's p50/p99/max and failures, the peak RSS, whether the server
// stayed up, and what the attackers got. Goal: p99 < 100 ms and RSS < 600 MB throughout, no restart.
// After each phase the bench waits for the server to answer again (BENCH_RECOVERY_SECONDS, default
// 120); a server that does not is killed and started afresh for the next phase, and the summary
// counts it as a restart (the goal is none).
// Attackers connect from 127.0.0.2.. (BENCH_ADDRESSES of them, default 10, so that they stay under
// the per-address cap; 1 shows the cap at work).
//   npm run bench:abuse
//   BENCH_PHASE_SECONDS=20 BENCH_PHASES=baseline,fragments npm run bench:abuse
// The soak's halves can be measured apart: BENCH_SOAK_WEBSOCKETS (default 2000), BENCH_SOAK_SLOW
// (400) and BENCH_SOAK_PIPELINED (the GETs each unread slow client pipelines in one write, 4), e.g.
//   BENCH_PHASES=baseline,soak BENCH_SOAK_WEBSOCKETS=0 BENCH_SOAK_PIPELINED=500 npm run bench:abuse
//   BENCH_NODE_FLAGS="--heapsnapshot-signal=SIGUSR2" npm run bench:abuse   (flags for the server)
// The server inherits this environment: KEYLESS_RATE_LIMIT_PER_MINUTE=0 turns the per-address limit
// off, so that every attack document reaches the GraphQL limits instead of most getting a 429.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { freePort } from "../test/support/postgres-server.js";
import {
  type Attack,
  bigDocument,
  fragmentBomb,
  graphqlFlood,
  idleWebSockets,
  slowBodies,
  slowClients,
} from "./support/abuse-attacks.js";
import { record } from "./support/report.js";
import { ready, sleep } from "./support/server-process.js";

const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 40);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 10);
const PHASES = (process.env.BENCH_PHASES ?? "baseline,fragments,documents,slow-bodies,soak").split(",");
const SCALE = Number(process.env.BENCH_SCALE ?? 1); // 0.1: a tenth of every attacker count

const fdLimit = /Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
const needed = Math.ceil((2_000 + 400) * SCALE) + 200;
if (fdLimit && Number(fdLimit) < needed)
  console.warn(
    `warning: this process may open ${needed} files but its limit is ${fdLimit} (raise ulimit -n, or BENCH_SCALE)`,
  );

const dir = mkdtempSync(join(tmpdir(), "vigil-bench-abuse-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const apiKey = `vk_${randomBytes(24).toString("hex")}`;
const RECOVERY_SECONDS = Number(process.env.BENCH_RECOVERY_SECONDS ?? 120);
const serverEnv = {
  ...process.env,
  DATABASE_URL: `file:${join(dir, "bench.db")}`,
  PORT: String(port),
  HOST: "127.0.0.1",
  LOG_LEVEL: "error",
  VIGIL_ACCOUNT_ID: "bench",
  VIGIL_API_KEY: apiKey,
  RATE_LIMIT_PER_MINUTE: "0",
  ENGINE_ENABLED: "false",
};
const startServer = () =>
  spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
      new URL("../bin/vigil.js", import.meta.url).pathname,
      "serve",
    ],
    {
      env: serverEnv,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
let child: ChildProcess = startServer();
/** Restarts the bench had to make because the server stopped answering (the goal is none). */
let restarts = 0;
/** Normal requests that failed over every phase (the goal is none). */
let failures = 0;

/** Whether readiness answers within `seconds`. */
async function answersWithin(seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/-/readiness`, { signal: AbortSignal.timeout(5_000) })).ok) return true;
    } catch {
      // busy or down
    }
    await sleep(250);
  }
  return false;
}

const rssMb = () => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** The normal client: one request every 50 ms until stopped; latencies of the answered ones, and the failures. */
async function normalClient() {
  const agent = new Agent({ connections: 1, connect: { localAddress: "127.0.0.1", port } });
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let stopped = false;
  let peakRss = rssMb();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 250);
  // Its connection is made by a first request, not timed: a connect is not what a phase measures.
  await request(`${url}/-/readiness`, { dispatcher: agent }).then(
    (r) => r.body.text(),
    () => undefined,
  );
  const running = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        const response = await request(`${url}/v1/checks?limit=1`, {
          dispatcher: agent,
          headers: { authorization: `Bearer ${apiKey}` },
          signal: AbortSignal.timeout(10_000),
        });
        await response.body.text();
        if (response.statusCode === 200) latencies.push(performance.now() - started);
        else failures[`HTTP ${response.statusCode}`] = (failures[`HTTP ${response.statusCode}`] ?? 0) + 1;
      } catch (error) {
        const e = error as { code?: unknown; name?: string };
        const key = typeof e.code === "string" ? e.code : (e.name ?? "error");
        failures[key] = (failures[key] ?? 0) + 1;
      }
      await sleep(Math.max(0, 50 - (performance.now() - started)));
    }
  })();
  return async () => {
    stopped = true;
    await running;
    clearInterval(sampler);
    await agent.close();
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    const max = sorted.at(-1) ?? Number.NaN;
    return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max, failures, peakRss };
  };
}

const n = (count: number) => Math.max(1, Math.round(count * SCALE));
const attacks: Record<string, () => Attack | null> = {
  baseline: () => null,
  fragments: () =>
    graphqlFlood(url, () => fragmentBomb(22 + Math.floor(Math.random() * 5)), {
      concurrency: 4,
      total: Number.POSITIVE_INFINITY,
      addresses: ADDRESSES,
      timeoutMs: 60_000,
    }),
  documents: () =>
    graphqlFlood(url, () => bigDocument(780 * 1024), {
      concurrency: 10,
      total: n(100),
      addresses: ADDRESSES,
      timeoutMs: 60_000,
    }),
  "slow-bodies": () => slowBodies(url, n(1_000), ADDRESSES),
  soak: () => {
    const soak = (name: string, count: number) => n(Number(process.env[`BENCH_SOAK_${name}`] ?? count));
    const ws = idleWebSockets(url, apiKey, soak("WEBSOCKETS", 2_000), ADDRESSES);
    const slow = slowClients(url, soak("SLOW", 400), ADDRESSES, Number(process.env.BENCH_SOAK_PIPELINED ?? 4));
    const tally = { websockets: ws.tally, "slow clients": slow.tally };
    return { tally: tally as never, stop: async () => void (await Promise.all([ws.stop(), slow.stop()])) };
  },
};

const fmt = (ms: number) => (Number.isNaN(ms) ? "n/a" : `${ms.toFixed(1)} ms`);
const rows: string[] = [];
try {
  await ready(`${url}/-/readiness`, child);
  console.log(
    `vigil serve pid ${child.pid} on ${url}; ${PHASE_SECONDS} s per phase; attackers from ${ADDRESSES} address(es); scale ${SCALE}`,
  );
  for (const phase of PHASES) {
    const make = attacks[phase];
    if (!make) throw new Error(`unknown phase ${phase} (${Object.keys(attacks).join(", ")})`);
    // The window is the attack in force: a soak's thousands of connections are made first (a flood
    // of handshakes is not what it measures), then the normal client's timed requests start.
    let openingRss = rssMb();
    const sampler = setInterval(() => (openingRss = Math.max(openingRss, rssMb())), 250);
    const attack = make();
    // At most a phase's length: a connection the server neither accepts nor refuses must not stall the bench.
    await Promise.race([attack?.opened, sleep(PHASE_SECONDS * 1000)]);
    clearInterval(sampler);
    const stopNormal = await normalClient();
    await sleep(PHASE_SECONDS * 1000);
    const figures = await stopNormal();
    figures.peakRss = Math.max(figures.peakRss, openingRss);
    await attack?.stop();
    const up = child.exitCode === null;
    const failed = Object.values(figures.failures).reduce((a, b) => a + b, 0);
    const verdict = figures.p99 < 100 && failed === 0 && figures.peakRss < 600 && up ? "goal met" : "goal NOT met";
    console.log(`\n--- ${phase} ---`);
    console.log(
      `normal client   ${figures.n} answered: p50 ${fmt(figures.p50)}, p95 ${fmt(figures.p95)}, p99 ${fmt(figures.p99)}, max ${fmt(figures.max)}`,
    );
    console.log(`normal failures ${JSON.stringify(figures.failures)}`);
    console.log(`server          peak RSS ${figures.peakRss.toFixed(0)} MB, ${up ? "up" : "DOWN"}; ${verdict}`);
    if (attack) console.log(`attackers got   ${JSON.stringify(attack.tally)}`);
    const lower = { bench: "abuse", better: "lower" } as const;
    record({
      ...lower,
      name: `${phase}: normal client p99`,
      value: figures.p99,
      unit: "ms",
      goal: { op: "<", value: 100 },
    });
    record({
      ...lower,
      name: `${phase}: server peak RSS`,
      value: figures.peakRss,
      unit: "MB",
      goal: { op: "<", value: 600 },
    });
    failures += failed;
    rows.push(
      `${phase.padEnd(12)} p50 ${fmt(figures.p50).padStart(10)}  p99 ${fmt(figures.p99).padStart(10)}  max ${fmt(figures.max).padStart(10)}  RSS ${figures.peakRss.toFixed(0).padStart(4)} MB  ${up ? "up" : "DOWN"}  ${verdict}`,
    );
    // The next phase starts once the server answers again (work the attack queued may keep it busy).
    const settling = performance.now();
    if (up && (await answersWithin(RECOVERY_SECONDS))) {
      const recovery = (performance.now() - settling) / 1000;
      if (recovery > 1) console.log(`server          answered again ${recovery.toFixed(1)} s after the attack stopped`);
      rows[rows.length - 1] += recovery > 1 ? ` (busy ${recovery.toFixed(0)} s after)` : "";
    } else {
      restarts++;
      console.log(
        `server          ${up ? `still not answering ${RECOVERY_SECONDS} s after the attack` : "exited"}: RESTARTED for the next phase`,
      );
      rows[rows.length - 1] += " RESTARTED";
      child.kill("SIGKILL");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
      child = startServer();
      await ready(`${url}/-/readiness`, child);
    }
    await sleep(2_000);
  }
  console.log(`\n--- summary ---\n${rows.join("\n")}\nrestarts: ${restarts}`);
  record({
    bench: "abuse",
    name: "normal client failures, all phases",
    value: failures,
    unit: "requests",
    better: "lower",
    goal: { op: "<=", value: 0 },
  });
  record({
    bench: "abuse",
    name: "server restarts",
    value: restarts,
    unit: "restarts",
    better: "lower",
    goal: { op: "<=", value: 0 },
  });
} finally {
  child.kill("SIGTERM");
  const killing = setTimeout(() => child.kill("SIGKILL"), 15_000); // a server still busy cannot drain
  await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
  clearTimeout(killing);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);

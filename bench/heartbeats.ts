// Heartbeats under load, on a temporary SQLite file:
// (a) ping ingest: N heartbeat checks, autocannon GET /ping/{token} over loopback against
//     `vigil serve`, spread round-robin across the tokens; then every 2xx must be a stored event;
// (b) availability: 100,000 events of one check over 7 days (bulk insert), then the availability
//     through the domain verb and through GET /v1/checks/heartbeats/{id}/availability (median of runs);
// (c) the engine's missed-heartbeat sweep over those checks (latest event per check in one statement).
// Goals (issue 28): ingest >= 3,000 pings/s; the sweep of 1,001 due checks < 100 ms, never holding
// the event loop > 20 ms. The server's CPU per ping (from /proc) is printed too: on a shared
// machine it moves far less than the rate.
//   tsx bench/heartbeats.ts
//   BENCH_CHECKS=1000 BENCH_SECONDS=10 BENCH_CONNECTIONS=10 BENCH_EVENTS=100000 BENCH_RUNS=7 tsx bench/heartbeats.ts
//   BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the `vigil serve` child;
//   BENCH_SWEEP_PROFILE=1 prints the all-due sweep's profile (it runs in this process), per check
//   (=/tmp/x.cpuprofile also writes it there).
//   BENCH_SWEEP_ONLY=1 measures the sweep alone, over the checks as the ingest's warm-up leaves
//   them (each pinged once): no ingest or availability figures.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { hashKey } from "../src/domain/api-keys/keys.js";
import { getHeartbeatAvailability, recordMissedHeartbeats } from "../src/domain/heartbeats/index.js";
import { createInProcessBus } from "../src/events/bus.js";
import { freePort } from "../test/support/postgres-server.js";
import { printTop, profiled } from "./support/cpu-profile.js";
import { cpuSeconds } from "./support/engine-load.js";
import { record } from "./support/report.js";
import { stamp } from "./support/sqlite-format.js";

const DAY_MS = 86_400_000;
const MEASURED = "vigil-bench-measured";
const checks = Number(process.env.BENCH_CHECKS ?? 1_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const eventCount = Number(process.env.BENCH_EVENTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const sweepOnly = process.env.BENCH_SWEEP_ONLY === "1";

/** A row's goal, shown with pass or FAIL. */
type Goal = { text: string; met: boolean };
type Row = { what: string; figure: string; note?: string; goal?: Goal };
const rows: Row[] = [];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

const dir = mkdtempSync(join(tmpdir(), "vigil-bench-heartbeats-"));
const path = join(dir, "bench.db");
const url = `file:${path}`;
let server: ChildProcess | undefined;
try {
  await migrate(url);
  const seeded = seed(path);
  const base = await serve({
    DATABASE_URL: url,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "0",
    KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
    VIGIL_ACCOUNT_ID: seeded.accountId,
    VIGIL_API_KEY: seeded.apiKey,
  });
  const raw = new Database(path, { readonly: true });
  // The measured pings carry their own User-Agent: a warm-up ping still in flight when the
  // measure starts (on a loaded machine) is not counted as one of them.
  const stored = (agent?: string) =>
    (
      raw
        .prepare(`SELECT COUNT(*) AS n FROM "HeartbeatEvent" WHERE ? IS NULL OR "userAgent" = ?`)
        .get(agent ?? null, agent ?? null) as { n: number }
    ).n;

  // (a) Ping ingest, about `seconds` long, in runs of a fixed number of requests: a run cut by
  // a duration leaves requests in flight that the server still records, so only runs that let
  // every request finish can show that the stored count equals the 2xx count exactly. Each run
  // is sized from the rate of the one before (a 2 s warm-up first); latencies of every response
  // are kept, so p50/p99 are over the whole measured phase.
  // The server's own CPU while idle (its engine's sweeps), subtracted from the ingest's: at a low
  // rate on a loaded machine it would otherwise dominate the CPU per ping.
  const idleFrom = cpuSeconds(server!.pid!);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const idleRate = (cpuSeconds(server!.pid!) - idleFrom) / 3;
  // Every check's first ping first: it creates the check's status and reads its alert settings,
  // once in the check's life. On a loaded machine the measure would otherwise be mostly first pings.
  await pingRun(base, seeded.tokens, checks, [], "vigil-bench-warm-up");
  // BENCH_SWEEP_ONLY: the checks as the warm-up leaves them, pinged once each.
  if (!sweepOnly) {
    const warm = await autocannon({ url: base, connections, duration: 2, requests: [pingRequest(seeded.tokens)] });
    // The warm-up was cut by its duration: let the server finish what was in flight.
    for (let last = -1; last !== stored(); ) {
      last = stored();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const cpuBefore = cpuSeconds(server!.pid!);
    const ingest = { ok: 0, other: 0, errors: 0, ms: 0, latencies: [] as number[] };
    for (let rate = Math.max(warm["2xx"] / warm.duration, 50); ingest.ms < seconds * 1000; ) {
      const amount = Math.max(100, Math.round((rate * Math.min(seconds * 1000 - ingest.ms, 5_000)) / 1000));
      const started = performance.now();
      const result = await pingRun(base, seeded.tokens, amount, ingest.latencies);
      const ms = performance.now() - started;
      Object.assign(ingest, {
        ok: ingest.ok + result["2xx"],
        other: ingest.other + result.non2xx,
        errors: ingest.errors + result.errors,
        ms: ingest.ms + ms,
      });
      rate = (result["2xx"] * 1000) / ms;
    }
    const serverCpu = cpuSeconds(server!.pid!) - cpuBefore - (idleRate * ingest.ms) / 1000;
    const recorded = stored(MEASURED);
    const latency = [...ingest.latencies].sort((a, b) => a - b);
    const percentile = (p: number) =>
      latency[Math.min(latency.length - 1, Math.floor((p / 100) * latency.length))] ?? NaN;
    const rate = (ingest.ok * 1000) / ingest.ms;
    rows.push({
      what: `ping ingest: ${checks} checks, ${connections} connections`,
      figure: `${rate.toFixed(0)} pings/s`,
      note: `${ingest.ok} accepted in ${(ingest.ms / 1000).toFixed(1)} s, ${ingest.other} non-2xx, ${ingest.errors} errors`,
      goal: { text: ">= 3,000 pings/s", met: rate >= 3_000 },
    });
    record({
      bench: "heartbeats",
      name: `ping ingest, ${checks} checks, ${connections} connections`,
      value: rate,
      unit: "pings/s",
      better: "higher",
      goal: { op: ">=", value: 3_000 },
    });
    record({
      bench: "heartbeats",
      name: "server CPU per ping",
      value: (serverCpu * 1000) / Math.max(1, ingest.ok),
      unit: "ms",
      better: "lower",
    });
    record({ bench: "heartbeats", name: "ping latency p99", value: percentile(99), unit: "ms", better: "lower" });
    rows.push({
      what: "ping ingest: server CPU per ping",
      figure: `${((serverCpu * 1000) / Math.max(1, ingest.ok)).toFixed(3)} ms`,
      note: `${serverCpu.toFixed(2)} CPU s of \`vigil serve\` net of its idle ${idleRate.toFixed(2)} CPU s/s (${(ingest.ok / Math.max(0.01, serverCpu)).toFixed(0)} pings per CPU second)`,
    });
    rows.push({
      what: "ping latency p50 / p99",
      figure: `${percentile(50).toFixed(1)} / ${percentile(99).toFixed(1)} ms`,
    });
    rows.push({
      what: "stored events = 2xx responses",
      figure: recorded === ingest.ok ? "yes" : "NO",
      note: `${recorded} stored, ${ingest.ok} 2xx`,
    });
  }

  // (b) Availability of one check with 100,000 events over 7 days.
  const checkId = seedEvents(path, seeded.accountId);
  const database = await openDatabase(url);
  const ctx = { db: database.prisma, accountId: seeded.accountId, events: createInProcessBus(), now: () => new Date() };
  const end = new Date();
  const week = { startTime: new Date(end.getTime() - 7 * DAY_MS).toISOString(), endTime: end.toISOString() };
  const headers = { authorization: `Bearer ${seeded.apiKey}` };
  const scenarios: [string, () => Promise<unknown>][] = [
    ["availability, domain verb, 7-day window", () => getHeartbeatAvailability({ ctx, checkId, query: week })],
    ["availability, domain verb, default 24 h", () => getHeartbeatAvailability({ ctx, checkId, query: {} })],
    [
      "availability, REST GET, 7-day window",
      () => getJson(`${base}/v1/checks/heartbeats/${checkId}/availability?${new URLSearchParams(week)}`, headers),
    ],
    [
      "availability, REST GET, default 24 h",
      () => getJson(`${base}/v1/checks/heartbeats/${checkId}/availability`, headers),
    ],
    [
      "events list, REST GET (stats 24 h + 7 d)",
      () => getJson(`${base}/v1/checks/heartbeats/${checkId}/events`, headers),
    ],
  ];
  const first = (await getHeartbeatAvailability({ ctx, checkId, query: week })) as {
    totalEntitiesCurrentPeriod: number;
  } | null;
  if (first?.totalEntitiesCurrentPeriod !== eventCount)
    throw new Error(`expected ${eventCount} events in the 7-day window, got ${first?.totalEntitiesCurrentPeriod}`);
  for (const [what, fn] of sweepOnly ? [] : scenarios) {
    await fn(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await timed(fn)).ms);
    rows.push({
      what: `${what} (${eventCount} events)`,
      figure: `${median(times).toFixed(1)} ms`,
      note: `median of ${runs}`,
    });
  }

  // (c) The missed-heartbeat sweep over every heartbeat check: none due (median of runs), then
  // all due at once (each writes its FAILING), then again (nothing left to write). The first,
  // unmeasured sweep writes the FAILING of one more check, silent since long before: the write
  // path's first run (Prisma compiling its statements, modules loaded) is not the steady state
  // the engine sweeps in every 2 s.
  const sweep = (now: Date) =>
    recordMissedHeartbeats({
      ctx: { db: database.prisma, read: database.read, events: ctx.events, now: () => now },
      now,
    });
  // Its deadline is 30 minutes ahead (the server's own engine, sweeping at the real time, leaves
  // it alone); every other check's is an hour ahead or more.
  seedSilent(path, seeded.accountId);
  if ((await sweep(new Date(Date.now() + 45 * 60_000))) !== 1)
    throw new Error("the warm-up sweep should write one FAILING");
  const idle: number[] = [];
  for (let i = 0; i < runs; i++) idle.push((await timed(() => sweep(new Date()))).ms);
  rows.push({
    what: `missed-heartbeat sweep, ${checks + 1} checks, none due`,
    figure: `${median(idle).toFixed(1)} ms`,
    note: `median of ${runs}`,
  });
  // The loop's longest hold during the sweep: the largest gap between turns of a 1 ms timer, the
  // last one (up to the sweep's end) included: a sweep that never yields holds it all along.
  const cpu = process.cpuUsage();
  const mainFrom = mainThreadMs();
  const {
    value: due,
    holdMs: hold,
    holdCpuMs: holdCpu,
  } = await longestHold(() => timed(() => profiledSweep(() => sweep(new Date(Date.now() + 2 * DAY_MS)))));
  const sweepCpu = process.cpuUsage(cpu);
  const mainCpu = mainThreadMs() - mainFrom;
  rows.push({
    what: `missed-heartbeat sweep, ${checks + 1} checks, all due`,
    figure: `${due.ms.toFixed(1)} ms`,
    note: `${due.value} FAILING written, ${((sweepCpu.user + sweepCpu.system) / 1000).toFixed(0)} ms CPU (${mainCpu.toFixed(0)} ms of it the main thread's)`,
    goal: {
      text: checks + 1 >= 1_001 ? "< 100 ms" : "(goal at 1,001 checks)",
      met: due.ms < 100 || checks + 1 < 1_001,
    },
  });
  rows.push({
    what: "missed-heartbeat sweep: longest event-loop hold",
    figure: `${hold.toFixed(1)} ms`,
    note: `${holdCpu.toFixed(1)} ms of CPU in the longest one by CPU`,
    goal: { text: "<= 20 ms", met: hold <= 20 },
  });
  record({
    bench: "heartbeats",
    name: `missed-heartbeat sweep, ${checks + 1} checks, all due`,
    value: due.ms,
    unit: "ms",
    better: "lower",
    goal: { op: "<", value: 100 },
  });
  record({
    bench: "heartbeats",
    name: "missed-heartbeat sweep: longest event-loop hold",
    value: hold,
    unit: "ms",
    better: "lower",
    goal: { op: "<=", value: 20 },
  });
  const again = await timed(() => sweep(new Date(Date.now() + 2 * DAY_MS)));
  rows.push({
    what: "missed-heartbeat sweep, right after",
    figure: `${again.ms.toFixed(1)} ms`,
    note: `${again.value} written`,
  });
  await database.close();
  raw.close();
  report();
} finally {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server!.once("exit", resolve));
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * With BENCH_SWEEP_PROFILE=1 the all-due sweep runs under the V8 profiler (it runs in this process,
 * not in `vigil serve`) and its CPU is printed by function, per check: the figures then include
 * the profiler's own cost.
 */
async function profiledSweep(run: () => Promise<number>): Promise<number> {
  if (!process.env.BENCH_SWEEP_PROFILE) return run();
  const { result, profile } = await profiled(run);
  printTop(profile, result, 40);
  const file = process.env.BENCH_SWEEP_PROFILE;
  if (file.endsWith(".cpuprofile")) writeFileSync(file, JSON.stringify(profile));
  return result;
}

/**
 * The event loop's longest hold while `fn` runs: the largest gap between turns of a 1 ms timer,
 * the last one (up to the end) included, in wall time and in this process's CPU time (on a loaded
 * machine a gap also holds the time the process waited for a core; its CPU time does not).
 */
async function longestHold<T>(fn: () => Promise<T>): Promise<{ value: T; holdMs: number; holdCpuMs: number }> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let max = 0;
  let maxCpu = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    max = Math.max(max, now - last);
    maxCpu = Math.max(maxCpu, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
  };
  const probe = setInterval(tick, 1);
  const value = await fn();
  clearInterval(probe);
  tick();
  return { value, holdMs: max, holdCpuMs: maxCpu };
}

/**
 * This process's main thread's CPU time (ms, to the scheduler's tick): the process's CPU time also
 * counts V8's threads compiling the hot code, and the sweep's first large run compiles most of it.
 */
function mainThreadMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return Number.NaN; // no /proc (not Linux)
  }
}

/** GET /ping/{token}, round-robin over the tokens. */
function pingRequest(tokens: string[], agent = "vigil-bench-warm-up"): autocannon.Request {
  let next = 0;
  return {
    method: "GET",
    headers: { "user-agent": agent },
    setupRequest: (request) => ({ ...request, path: `/ping/${tokens[next++ % tokens.length]}` }),
  };
}

/** Exactly `amount` pings (every one answered before it resolves), each response's latency kept. */
function pingRun(base: string, tokens: string[], amount: number, latencies: number[], agent = MEASURED) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, amount, requests: [pingRequest(tokens, agent)] },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

async function getJson(target: string, headers: Record<string, string>) {
  const response = await fetch(target, { headers });
  if (!response.ok) throw new Error(`${target}: ${response.status}`);
  return response.json();
}

/** An account, its API key and N heartbeat checks (period 1 day, so no ping in the run is late), in Prisma's storage format. */
function seed(file: string) {
  const db = new Database(file);
  const now = stamp(Date.now() - DAY_MS);
  const accountId = randomUUID();
  const apiKey = `vg_bench_${randomUUID().replaceAll("-", "")}`;
  const tokens: string[] = [];
  db.prepare(`INSERT INTO "Account" (id, name, createdAt, updatedAt) VALUES (?, 'bench', ?, ?)`).run(
    accountId,
    now,
    now,
  );
  db.prepare(`INSERT INTO "ApiKey" (id, accountId, keyHash, prefix, createdAt) VALUES (?, ?, ?, 'vg_benc', ?)`).run(
    randomUUID(),
    accountId,
    hashKey(apiKey),
    now,
  );
  const insert =
    db.prepare(`INSERT INTO "Check" (id, accountId, checkType, name, locations, tags, heartbeat, pingToken, createdAt, updatedAt)
    VALUES (?, ?, 'HEARTBEAT', ?, '[]', '[]', '{"period":1,"periodUnit":"days","grace":1,"graceUnit":"hours"}', ?, ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < checks; i++) {
      const token = randomUUID();
      tokens.push(token);
      insert.run(randomUUID(), accountId, `cron ${i}`, token, now, now);
    }
  })();
  db.close();
  return { accountId, apiKey, tokens };
}

/** A heartbeat check of period 1 day created nearly a day ago, never pinged: due in 30 minutes. */
function seedSilent(file: string, accountId: string) {
  const db = new Database(file);
  const created = stamp(Date.now() - DAY_MS + 30 * 60_000);
  db.prepare(`INSERT INTO "Check" (id, accountId, checkType, name, locations, tags, heartbeat, pingToken, createdAt, updatedAt)
    VALUES (?, ?, 'HEARTBEAT', 'silent', '[]', '[]', '{"period":1,"periodUnit":"days","grace":0,"graceUnit":"seconds"}', ?, ?, ?)`).run(
    randomUUID(),
    accountId,
    randomUUID(),
    created,
    created,
  );
  db.close();
}

/** One more heartbeat check with `eventCount` events spread evenly over the 7 days before now (1 in 50 FAILING). */
function seedEvents(file: string, accountId: string): string {
  const db = new Database(file);
  db.pragma("synchronous = OFF");
  const checkId = randomUUID();
  const now = Date.now();
  db.prepare(`INSERT INTO "Check" (id, accountId, checkType, name, locations, tags, heartbeat, pingToken, createdAt, updatedAt)
    VALUES (?, ?, 'HEARTBEAT', 'busy', '[]', '[]', '{"period":1,"periodUnit":"hours","grace":0,"graceUnit":"seconds"}', ?, ?, ?)`).run(
    checkId,
    accountId,
    randomUUID(),
    stamp(now - 8 * DAY_MS),
    stamp(now - 8 * DAY_MS),
  );
  const insert = db.prepare(
    `INSERT INTO "HeartbeatEvent" (id, accountId, checkId, state, timestamp, source, userAgent) VALUES (?, ?, ?, ?, ?, NULL, 'bench')`,
  );
  const step = (7 * DAY_MS - 60_000) / eventCount;
  db.transaction(() => {
    for (let i = 0; i < eventCount; i++)
      insert.run(
        randomUUID(),
        accountId,
        checkId,
        i % 50 === 0 ? "FAILING" : "RECEIVED",
        stamp(now - 7 * DAY_MS + 30_000 + Math.round(i * step)),
      );
  })();
  db.close();
  return checkId;
}

/** `vigil serve` on a free loopback port; resolves once it answers readiness. */
async function serve(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const args = process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? [];
  server = spawn(process.execPath, [...args, new URL("../bin/vigil.js", import.meta.url).pathname, "serve"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/-/readiness`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("server did not start within 60 s");
}

function report() {
  const width = Math.max(...rows.map((r) => r.what.length));
  const figureWidth = Math.max(...rows.map((r) => r.figure.length));
  const goal = (g?: Goal) => (g ? `${g.met ? "pass" : "FAIL"} ${g.text}` : "");
  const goalWidth = Math.max(4, ...rows.map((r) => goal(r.goal).length));
  console.log(`\nheartbeats bench (SQLite, Node ${process.version})`);
  console.log(`${"measure".padEnd(width)}  ${"figure".padStart(figureWidth)}  ${"goal".padEnd(goalWidth)}  note`);
  console.log(`${"-".repeat(width)}  ${"-".repeat(figureWidth)}  ${"-".repeat(goalWidth)}  ----`);
  for (const row of rows)
    console.log(
      `${row.what.padEnd(width)}  ${row.figure.padStart(figureWidth)}  ${goal(row.goal).padEnd(goalWidth)}  ${row.note ?? ""}`,
    );
}

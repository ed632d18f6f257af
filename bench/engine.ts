// The monitoring engine under full load: N API checks (default 10,000) at a 1-minute frequency
// against a local HTTP target, on SQLite, run by `vigil serve` in its own process. After a warm-up
// (the first minute fills the schedule) it measures, over the window: runs per second, the
// scheduling lag (due time to claim, p50/p99/max), result writes per second, and the server's CPU
// (user+system seconds per second, from /proc) and memory (RSS, peak RSS). Goals (issue 28): lag
// p99 < 1 s and RSS < 300 MB, printed as met or NOT met.
//   npm run bench:engine
//   BENCH_CHECKS=2000 BENCH_WARMUP=20 BENCH_SECONDS=30 npm run bench:engine   (a quick run)
//   BENCH_PROFILE=/tmp/prof npm run bench:engine   (the server's CPU profile, written as it stops)
//   BENCH_NODE_FLAGS="--heapsnapshot-signal=SIGUSR2" npm run bench:engine   (more flags for the server)
//   BENCH_NODE_FLAGS=--trace-gc BENCH_SERVER_OUT=/tmp/gc.log npm run bench:engine   (the server's stdout to a file)
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client.js";
import { freePort } from "../test/support/postgres-server.js";
import { cpuByThread, cpuSeconds, engineWindow, memory, percentile, seedApiChecks } from "./support/engine-load.js";
import { record } from "./support/report.js";
import { ready, sleep } from "./support/server-process.js";

const checks = Number(process.env.BENCH_CHECKS ?? 10_000);
const warmup = Number(process.env.BENCH_WARMUP ?? 70);
const seconds = Number(process.env.BENCH_SECONDS ?? 120);
const concurrency = process.env.ENGINE_CONCURRENCY ?? "100";
const profile = process.env.BENCH_PROFILE;
const LAG_GOAL_MS = 1_000;
const RSS_GOAL_MB = 300;

const dir = mkdtempSync(join(tmpdir(), "vigil-bench-engine-"));
const url = `file:${join(dir, "bench.db")}`;
let child: ChildProcess | null = null;
let targetHits = 0;
const target = createServer((_req, res) => {
  targetHits++;
  res.setHeader("content-type", "application/json");
  res.end('{"status":"ok"}');
});
await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;

try {
  const accountId = "bench";
  const apiKey = `vk_${randomBytes(24).toString("hex")}`;
  const port = await freePort();
  const flags = [
    ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
    ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
  ];
  child = spawn(process.execPath, [...flags, new URL("../bin/vigil.js", import.meta.url).pathname, "serve"], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      VIGIL_ACCOUNT_ID: accountId,
      VIGIL_API_KEY: apiKey,
      ENGINE_CONCURRENCY: concurrency,
    },
    stdio: ["ignore", process.env.BENCH_SERVER_OUT ? openSync(process.env.BENCH_SERVER_OUT, "w") : "ignore", "inherit"],
  });
  await ready(`http://127.0.0.1:${port}/-/readiness`, child);
  const database = await openDatabase(url);
  const db = database.prisma;
  const seededAt = Date.now();
  await seedApiChecks(db, { accountId, count: checks, url: targetUrl });
  console.log(
    `seeded ${checks.toLocaleString("en")} API checks at 1 min in ${((Date.now() - seededAt) / 1000).toFixed(1)} s; warming up ${warmup} s (${dir})`,
  );
  await sleep(warmup * 1000);

  const from = new Date();
  const cpuBefore = cpuSeconds(child.pid!);
  const threadsBefore = cpuByThread(child.pid!);
  const resultsBefore = await db.checkResult.count();
  const hitsBefore = targetHits;
  const rss: number[] = [];
  for (let s = 0; s < seconds; s += 5) {
    await sleep(5000);
    rss.push(memory(child.pid!).rssMb);
  }
  const to = new Date();
  const cpu = cpuSeconds(child.pid!) - cpuBefore;
  const threads = [...cpuByThread(child.pid!)].map(([name, s]) => [name, s - (threadsBefore.get(name) ?? 0)] as const);
  const resultsAfter = await db.checkResult.count();
  const window = (to.getTime() - from.getTime()) / 1000;

  const { due, started, lags, failed, overdue } = await engineWindow(db, from, to);
  const { peakMb } = memory(child.pid!);
  await database.close();

  const pct = (p: number) => percentile(lags, p);
  const rows: [string, string][] = [
    ["checks (API, 1 min)", checks.toLocaleString("en")],
    ["window", `${window.toFixed(0)} s after ${warmup} s warm-up; ENGINE_CONCURRENCY=${concurrency}`],
    ["runs due in window", `${due} (${(due / window).toFixed(1)}/s expected)`],
    ["runs started", `${started} (${(started / window).toFixed(1)}/s)`],
    ["target requests", `${((targetHits - hitsBefore) / window).toFixed(1)}/s`],
    [
      "results written",
      `${resultsAfter - resultsBefore} (${((resultsAfter - resultsBefore) / window).toFixed(1)}/s), ${failed} failed`,
    ],
    ["lag due -> claim p50", `${pct(50)} ms`],
    ["lag due -> claim p99", `${pct(99)} ms`],
    ["lag max", `${lags.at(-1)} ms`],
    ["overdue runs left in queue", String(overdue)],
    ["server CPU", `${(cpu / window).toFixed(2)} cores (user+system)`],
    ["server CPU per result", `${((cpu * 1000) / Math.max(1, resultsAfter - resultsBefore)).toFixed(2)} ms`],
    [
      "server CPU by thread",
      threads
        .filter(([, s]) => s > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([name, s]) => `${name} ${((s * 1000) / Math.max(1, resultsAfter - resultsBefore)).toFixed(2)}`)
        .join(", ") + " ms per result",
    ],
    ["server RSS", `${Math.min(...rss).toFixed(0)}-${Math.max(...rss).toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  const maxRss = Math.max(...rss);
  console.log(`goal lag p99 < 1 s: ${pct(99) < LAG_GOAL_MS ? "met" : "NOT met"}`);
  console.log(
    `goal RSS < ${RSS_GOAL_MB} MB: ${maxRss < RSS_GOAL_MB ? "met" : "NOT met"} (highest sample ${maxRss.toFixed(0)} MB)`,
  );
  const bench = "engine";
  const lower = "lower" as const;
  record({
    bench,
    name: `lag due -> claim p99, ${checks} checks`,
    value: pct(99),
    unit: "ms",
    better: lower,
    goal: { op: "<", value: LAG_GOAL_MS },
  });
  record({
    bench,
    name: "runs started, vs runs due",
    value: started / window,
    baseline: due / window,
    unit: "runs/s",
    better: "higher",
  });
  record({ bench, name: "server CPU", value: cpu / window, unit: "cores", better: lower });
  record({
    bench,
    name: "server CPU per result",
    value: (cpu * 1000) / Math.max(1, resultsAfter - resultsBefore),
    unit: "ms",
    better: lower,
  });
  record({
    bench,
    name: "server RSS, highest sample",
    value: maxRss,
    unit: "MB",
    better: lower,
    goal: { op: "<", value: RSS_GOAL_MB },
  });
} finally {
  child?.kill("SIGTERM");
  await new Promise((r) => (child && child.exitCode === null ? child.once("exit", r) : r(null)));
  target.close();
  rmSync(dir, { recursive: true, force: true });
}

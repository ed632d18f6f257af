// The engine benchmark with alerting (issue 11): N API checks (default 10,000) at 1 minute on
// SQLite, `vigil serve` in its own process, every check subscribed to a WEBHOOK channel of its own
// pointing at a loopback receiver, and 10% of the targets failing. A target that failed for good
// would alert once, so the failing 10% fail on even UTC minutes and pass on odd ones: each of them
// alerts ALERT_FAILURE and ALERT_RECOVERY in turn (about N/10 notifications a minute). Each run
// with channels is alternated with the same run without channels (fresh database and server).
// Prints per run: scheduling lag (due -> claim) p50/p99, and with channels the time from the
// failing FINAL result (its createdAt) to the receiver's request p50/p99 (goal p99 < 2 s) and the
// delivery throughput over the window.
//   npm run bench:alerting
//   BENCH_CHECKS=2000 BENCH_WARMUP=70 BENCH_SECONDS=60 BENCH_ROUNDS=2 npm run bench:alerting
//   BENCH_BASELINE=off: only the runs with channels
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client.js";
import { freePort } from "../test/support/postgres-server.js";
import { apiCheckRequest } from "../test/support/fixtures/checks.js";
import { record } from "./support/report.js";
import { ready, sleep } from "./support/server-process.js";

const checks = Number(process.env.BENCH_CHECKS ?? 10_000);
const warmup = Number(process.env.BENCH_WARMUP ?? 70);
const seconds = Number(process.env.BENCH_SECONDS ?? 120);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const failingShare = Number(process.env.BENCH_FAILING ?? 0.1);
const concurrency = process.env.ENGINE_CONCURRENCY ?? "100";
const deliveryConcurrency = process.env.DELIVERY_CONCURRENCY ?? "50";

const failingNow = () => Math.floor(Date.now() / 60_000) % 2 === 0;
const target = createServer((req, res) => {
  const fail = req.url?.startsWith("/fail") && failingNow();
  res.statusCode = fail ? 500 : 200;
  res.setHeader("content-type", "application/json");
  res.end(fail ? '{"status":"down"}' : '{"status":"ok"}');
});
/** Receiver requests: arrival time, alert type, result id. */
let arrivals: { at: number; alertType: string; resultId: string | null }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const at = Date.now();
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      arrivals.push({ at, alertType: String(body.ALERT_TYPE), resultId: body.CHECK_RESULT_ID ?? null });
    } catch {
      arrivals.push({ at, alertType: "unparsed", resultId: null });
    }
    res.end("ok");
  });
});
await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

type Figures = Record<string, string>;
const summary: {
  channels: boolean;
  lagP99: number;
  alertP50?: number;
  alertP99?: number;
  alerts?: number;
  perSecond?: number;
}[] = [];
/** The latency goal's verdict; with no failing result in the window there is nothing to judge. */
const goal = (p99: number | undefined, samples: number | undefined) =>
  !samples ? "no failing result in the window (lengthen BENCH_SECONDS)" : (p99 ?? Infinity) < 2000 ? "met" : "NOT met";

try {
  for (let round = 0; round < rounds; round++) {
    // BENCH_BASELINE=off leaves out the runs without channels (bench:quick: the engine bench has that lag).
    for (const channels of process.env.BENCH_BASELINE === "off" ? [true] : [true, false]) {
      const figures = await run(channels);
      console.log(`\n--- round ${round + 1}, ${channels ? "WITH channels" : "WITHOUT channels"} ---`);
      const width = Math.max(...Object.keys(figures).map((k) => k.length));
      for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(width)}  ${v}`);
    }
  }
  console.log("\n--- summary ---");
  for (const s of summary) {
    console.log(
      s.channels
        ? `with channels:    lag p99 ${s.lagP99} ms; FINAL failure -> receiver p50 ${s.alertP50} ms, p99 ${s.alertP99} ms (goal p99 < 2 s: ${goal(s.alertP99, s.alerts)}); delivered ${s.perSecond?.toFixed(1)}/s`
        : `without channels: lag p99 ${s.lagP99} ms`,
    );
    const bench = "alerting";
    const lag = { bench, unit: "ms", better: "lower" } as const;
    record({
      ...lag,
      name: `lag due -> claim p99, ${checks} checks ${s.channels ? "with" : "without"} channels`,
      value: s.lagP99,
    });
    if (s.channels) {
      const p99 = s.alerts ? (s.alertP99 ?? Number.NaN) : Number.NaN;
      record({ ...lag, name: "FINAL failure -> receiver p99", value: p99, goal: { op: "<", value: 2000 } });
      record({ bench, name: "webhooks delivered", value: s.perSecond ?? Number.NaN, unit: "/s", better: "higher" });
    }
  }
} finally {
  target.close();
  receiver.close();
}

async function run(withChannels: boolean): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-alerting-"));
  const url = `file:${join(dir, "bench.db")}`;
  let child: ChildProcess | null = null;
  arrivals = [];
  try {
    const accountId = "bench";
    const port = await freePort();
    child = spawn(process.execPath, [new URL("../bin/vigil.js", import.meta.url).pathname, "serve"], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        VIGIL_ACCOUNT_ID: accountId,
        VIGIL_API_KEY: `vk_${randomBytes(24).toString("hex")}`,
        ENGINE_CONCURRENCY: concurrency,
        DELIVERY_CONCURRENCY: deliveryConcurrency,
        BLOCK_PRIVATE_TARGETS: "false",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await ready(`http://127.0.0.1:${port}/-/readiness`, child);
    const database = await openDatabase(url);
    const db = database.prisma;
    const request = (path: string) => apiCheckRequest(`${base}${path}`);
    const failingEvery = Math.round(1 / failingShare);
    const seededAt = Date.now();
    for (let at = 0; at < checks; at += 1000) {
      const batch = Array.from({ length: Math.min(1000, checks - at) }, (_, i) => ({
        id: randomUUID(),
        accountId,
        checkType: "API",
        name: `check ${at + i}`,
        frequency: 1,
        locations: ["eu-west-1"],
        tags: [],
        request: request((at + i) % failingEvery === 0 ? `/fail/${at + i}` : `/ok/${at + i}`),
      }));
      if (withChannels) {
        const channels = await db.alertChannel.createManyAndReturn({
          data: batch.map((check) => ({
            accountId,
            type: "WEBHOOK",
            config: { name: check.name, webhookType: "WEBHOOK", url: hookUrl },
          })),
          select: { id: true },
        });
        await db.check.createMany({ data: batch });
        await db.alertChannelSubscription.createMany({
          data: batch.map((check, i) => ({ alertChannelId: channels[i]!.id, checkId: check.id, activated: true })),
        });
      } else {
        await db.check.createMany({ data: batch });
      }
    }
    console.log(
      `\nseeded ${checks.toLocaleString("en")} API checks at 1 min (${Math.round(failingShare * 100)}% failing on even minutes)${withChannels ? ", each with its own WEBHOOK channel" : ", no channels"} in ${((Date.now() - seededAt) / 1000).toFixed(1)} s; warming up ${warmup} s`,
    );
    await sleep(warmup * 1000);

    const from = new Date();
    const arrivalsBefore = arrivals.length;
    await sleep(seconds * 1000);
    const to = new Date();
    const window = (to.getTime() - from.getTime()) / 1000;
    // Requests that arrive up to 10 s after the window still count for results made in it.
    await sleep(withChannels ? 10_000 : 0);

    const started = await db.checkRun.findMany({
      where: { claimedAt: { gte: from, lt: to } },
      select: { dueAt: true, claimedAt: true },
    });
    const lags = started.map((r) => r.claimedAt!.getTime() - r.dueAt.getTime()).sort((a, b) => a - b);
    const due = await db.checkRun.count({ where: { dueAt: { gte: from, lt: to } } });
    const failed = await db.checkResult.count({
      where: { createdAt: { gte: from, lt: to }, resultType: "FINAL", hasFailures: true },
    });
    const figures: Figures = {
      "checks (API, 1 min)": `${checks.toLocaleString("en")}, ${withChannels ? "a WEBHOOK channel each" : "no channels"}`,
      window: `${window.toFixed(0)} s after ${warmup} s warm-up; ENGINE_CONCURRENCY=${concurrency}, DELIVERY_CONCURRENCY=${deliveryConcurrency}`,
      "runs due / started": `${due} / ${started.length} (${(started.length / window).toFixed(1)}/s)`,
      "failed FINAL results": String(failed),
      "lag due -> claim p50": `${pct(lags, 50)} ms`,
      "lag due -> claim p99": `${pct(lags, 99)} ms`,
      "lag max": `${lags.at(-1)} ms`,
    };
    const entry: (typeof summary)[number] = { channels: withChannels, lagP99: pct(lags, 99) };
    if (withChannels) {
      const made = await db.alertNotification.findMany({
        where: { createdAt: { gte: from, lt: to } },
        select: { status: true, checkResultId: true, request: true },
      });
      const inWindow = arrivals.slice(arrivalsBefore).filter((a) => a.at >= from.getTime() && a.at < to.getTime());
      const failures = arrivals.filter((a) => a.alertType === "ALERT_FAILURE" && a.resultId);
      const results = await db.checkResult.findMany({
        where: {
          id: { in: failures.map((a) => a.resultId!) },
          resultType: "FINAL",
          createdAt: { gte: from, lt: to },
        },
        select: { id: true, createdAt: true },
      });
      const resultAt = new Map(results.map((r) => [r.id, r.createdAt.getTime()]));
      const latencies = failures
        .filter((a) => resultAt.has(a.resultId!))
        .map((a) => a.at - resultAt.get(a.resultId!)!)
        .sort((a, b) => a - b);
      const byStatus = (s: string) => made.filter((n) => n.status === s).length;
      entry.alertP50 = pct(latencies, 50);
      entry.alertP99 = pct(latencies, 99);
      entry.alerts = latencies.length;
      entry.perSecond = inWindow.length / window;
      Object.assign(figures, {
        "notifications made in window": `${made.length} (SUCCESS ${byStatus("SUCCESS")}, IN_PROGRESS ${byStatus("IN_PROGRESS")}, FAILURE ${byStatus("FAILURE")})`,
        "receiver requests in window": `${inWindow.length} (${entry.perSecond.toFixed(1)}/s delivered)`,
        "FINAL failure -> receiver p50": `${entry.alertP50} ms (${latencies.length} ALERT_FAILURE requests)`,
        "FINAL failure -> receiver p99": `${entry.alertP99} ms`,
        "FINAL failure -> receiver max": `${latencies.at(-1)} ms`,
        "goal p99 < 2 s": goal(entry.alertP99, entry.alerts),
      });
    }
    summary.push(entry);
    await database.close();
    return figures;
  } finally {
    child?.kill("SIGTERM");
    await new Promise((r) => (child && child.exitCode === null ? child.once("exit", r) : r(null)));
    rmSync(dir, { recursive: true, force: true });
  }
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

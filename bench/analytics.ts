// GET /v1/analytics/api-checks/{id} over 30 days by hour (issue 29's goal: under 50 ms on SQLite)
// for one API check with a result every minute for 30 days (43,200 results with timing phases),
// written as the engine writes them (results, then their rollups), built once into a kept file.
// Measured in this process (the domain's answer) and over HTTP from `vigil serve`.
//   npm run bench:analytics
//   BENCH_DAYS=7 BENCH_RUNS=5 npm run bench:analytics
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { createAccount } from "../src/domain/accounts/create.js";
import { getApiCheckAnalytics } from "../src/domain/analytics/index.js";
import { type RollupInput, writeRollups } from "../src/domain/rollups/index.js";
import { createInProcessBus } from "../src/events/bus.js";
import { freePort } from "../test/support/postgres-server.js";
import { insertApiChecks } from "./support/checks.js";
import { record } from "./support/report.js";
import { startServe } from "./support/server-process.js";
import { stamp } from "./support/sqlite-format.js";

const days = Number(process.env.BENCH_DAYS ?? 30);
const runs = Number(process.env.BENCH_RUNS ?? 9);
const GOAL_MS = 50;
const DAY = 86_400_000;
const MINUTE = 60_000;
const file = join(tmpdir(), `vigil-bench-analytics-${days}d.db`);
const url = `file:${file}`;
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
const timed = async (call: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    await call();
    ms.push(performance.now() - t0);
  }
  return median(ms);
};
/** CPU ms per call of `pid` (utime + stime from /proc, clock ticks of 10 ms) or of this process (pid 0), over 3 x runs calls. */
const cpuPerCall = async (pid: number, call: () => Promise<unknown>) => {
  const read = () => {
    if (pid === 0) {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    }
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const before = read();
  for (let k = 0; k < 3 * runs; k++) await call();
  return (read() - before) / (3 * runs);
};

// 1. The dataset: a result a minute (raw rows in Prisma's storage format), then their rollups.
if (!existsSync(file)) {
  const building = `${file}.building`;
  rmSync(building, { force: true });
  await migrate(`file:${building}`);
  const database = await openDatabase(`file:${building}`);
  const { id: accountId } = await createAccount({ db: database.prisma, input: { name: "bench" } });
  const [checkId] = await insertApiChecks({
    db: database.prisma,
    accountId,
    count: 1,
    request: { method: "GET", url: "http://127.0.0.1/", assertions: [], headers: [], queryParameters: [] },
  });
  const start = Math.floor((Date.now() - days * DAY) / MINUTE) * MINUTE;
  const total = days * 1440;
  console.log(`building ${file}: ${total} results`);
  const inputs: RollupInput[] = [];
  const raw = new Database(building);
  const insert =
    raw.prepare(`INSERT INTO "CheckResult" (id, accountId, checkId, name, checkType, resultType, hasFailures,
    hasErrors, isCancelled, runLocation, startedAt, stoppedAt, responseTime, apiCheckResult, attempts, errorGroupIds, createdAt)
    VALUES (?, ?, ?, 'bench', 'API', 'FINAL', ?, 0, 0, ?, ?, ?, ?, ?, ?, '[]', ?)`);
  raw.transaction(() => {
    for (let i = 0; i < total; i++) {
      const at = start + i * MINUTE;
      const failed = i % 97 === 0;
      const rt = 80 + ((i * 7919) % 400);
      const dns = 2 + (i % 9);
      const apiCheckResult = {
        assertions: [],
        requestError: null,
        response: {
          status: failed ? 500 : 200,
          statusText: failed ? "Internal Server Error" : "OK",
          body: "x".repeat(600),
          headers: { "content-type": "text/plain" },
          timingPhases: { dns, tcp: 3, tls: 12, firstByte: rt - dns - 20, download: 4, total: rt },
        },
      };
      const location = i % 2 ? "eu-west-1" : "us-east-1";
      insert.run(
        randomUUID(),
        accountId,
        checkId,
        failed ? 1 : 0,
        location,
        stamp(at),
        stamp(at + rt),
        rt,
        JSON.stringify(apiCheckResult),
        failed ? 1 : 0,
        stamp(at + rt),
      );
      inputs.push({
        accountId,
        checkId: checkId!,
        runLocation: location,
        resultType: "FINAL",
        isCancelled: false,
        hasFailures: failed,
        hasErrors: false,
        isDegraded: false,
        startedAt: new Date(at),
        responseTime: rt,
        attempts: failed ? 1 : 0,
        apiCheckResult,
      });
    }
  })();
  raw.close();
  for (let i = 0; i < inputs.length; i += 5_000)
    await database.prisma.$transaction((tx) => writeRollups(tx, inputs.slice(i, i + 5_000)), { timeout: 120_000 });
  await database.prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  await database.close();
  renameSync(building, file);
}

const database = await openDatabase(url);
const db = database.prisma;
const check = (await db.check.findFirst({ select: { id: true, accountId: true } }))!;
const results = await db.checkResult.count({ where: { checkId: check.id } });
const query = {
  quickRange: "last30Days",
  aggregationInterval: "60",
  metrics: "availability,retries,responseTime_avg,responseTime_p95,responseTime_p99,dns_p95,firstByte_avg,tcp_max",
};
const ctx = { db, accountId: check.accountId, events: createInProcessBus(), now: () => new Date() };
const answer = await getApiCheckAnalytics({ ctx, id: check.id, query }); // warm-up
const buckets = (answer.series[0]!.data as unknown[]).length;
console.log(`${file}: ${results.toLocaleString("en")} results, ${buckets} hourly buckets answered`);
const inProcess = await timed(() => getApiCheckAnalytics({ ctx, id: check.id, query }));
const inProcessCpu = await cpuPerCall(0, () => getApiCheckAnalytics({ ctx, id: check.id, query }));
await database.close();

// 2. Over HTTP, from `vigil serve` in its own process.
const port = await freePort();
const apiKey = `vg_${randomBytes(24).toString("hex")}`;
const child = await startServe({
  databaseUrl: url,
  port,
  accountId: check.accountId,
  apiKey,
  env: { RATE_LIMIT_PER_MINUTE: "0", RESULT_RETENTION_DAYS: "3650", ENGINE_ENABLED: "false" },
});
let http: number;
let httpCpu: number;
try {
  const get = async () => {
    const response = await fetch(
      `http://127.0.0.1:${port}/v1/analytics/api-checks/${check.id}?${new URLSearchParams(query)}`,
      { headers: { authorization: `Bearer ${apiKey}` } },
    );
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  await get();
  http = await timed(get);
  httpCpu = await cpuPerCall(child.pid!, get);
} finally {
  child.kill("SIGTERM");
}

const name = `GET /v1/analytics/api-checks/{id} ${days} days by hour, 8 metrics`;
console.log(
  `\ngetApiCheckAnalytics in process: median ${inProcess.toFixed(1)} ms (${runs} requests), CPU ${inProcessCpu.toFixed(1)} ms a request`,
);
console.log(
  `${name} over HTTP: median ${http.toFixed(1)} ms (${runs} requests), server CPU ${httpCpu.toFixed(1)} ms a request`,
);
console.log(`goal (issue 29): under ${GOAL_MS} ms on SQLite -> ${http < GOAL_MS ? "met" : "NOT met"}`);
record({ bench: "analytics", name: `${name}, in process`, value: inProcess, unit: "ms median", better: "lower" });
record({ bench: "analytics", name: `${name}, server CPU`, value: httpCpu, unit: "CPU ms/request", better: "lower" });
record({
  bench: "analytics",
  name,
  value: http,
  unit: "ms median",
  better: "lower",
  goal: { op: "<", value: GOAL_MS },
});

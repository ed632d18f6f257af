// The local-day report alone (issue 14): GET /v1/reporting?granularity=day&timezone=Europe/Berlin
// over 90 days for every check, and its parts in this process (the rollup read, the domain's view,
// the REST mapping and its JSON), on a rollups-only dataset built once and kept for the next run
// (reporting reads rollups alone: results are not written). BENCH_DB=<file> measures another
// SQLite file instead (bench:reporting's, kept with BENCH_KEEP=1); BENCH_CACHE_MB sets this
// process's page cache (SQLite's default is 2 MB) for the in-process figures.
//   npm run bench:reporting-read
//   BENCH_CHECKS=1000 BENCH_DAYS=33 BENCH_EVERY_MINUTES=120 npm run bench:reporting-read
import { randomBytes } from "node:crypto";
import { existsSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { createAccount } from "../src/domain/accounts/create.js";
import { getReporting, ReportingQuery } from "../src/domain/reporting/index.js";
import { reportSpans } from "../src/domain/reporting/window.js";
import { aggregateRollups, type RollupInput, writeRollups } from "../src/domain/rollups/index.js";
import { createInProcessBus } from "../src/events/bus.js";
import { reportingRoutes } from "../src/rest/v1/reporting.js";
import { freePort } from "../test/support/postgres-server.js";
import { insertApiChecks } from "./support/checks.js";
import { record } from "./support/report.js";
import { startServe } from "./support/server-process.js";

const checks = Number(process.env.BENCH_CHECKS ?? 1000);
const days = Number(process.env.BENCH_DAYS ?? 33);
const every = Number(process.env.BENCH_EVERY_MINUTES ?? 120);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const DAY = 86_400_000;
const STEP = every * 60_000;

const file = process.env.BENCH_DB ?? join(tmpdir(), `vigil-bench-reporting-read-${checks}x${days}x${every}.db`);
const url = `file:${file}`;
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
const timed = async (n: number, call: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    await call();
    ms.push(performance.now() - t0);
  }
  return median(ms).toFixed(1);
};

// 1. The dataset: each check's results every STEP over the days, as the engine's rollup upsert
// writes them (built into a temporary name first, so an interrupted build is never reused).
if (!existsSync(file)) {
  const building = `${file}.building`;
  rmSync(building, { force: true });
  await migrate(`file:${building}`);
  const database = await openDatabase(`file:${building}`);
  const db = database.prisma;
  const { id: accountId } = await createAccount({ db, input: { name: "bench" } });
  const ids = await insertApiChecks({
    db,
    accountId,
    count: checks,
    request: { method: "GET", url: "http://127.0.0.1/", assertions: [], headers: [], queryParameters: [] },
  });
  const start = Math.floor((Date.now() - days * DAY) / STEP) * STEP;
  const steps = Math.floor((Date.now() - start) / STEP);
  console.log(`building ${file}: ${checks} checks x ${days} days every ${every} min (${steps * checks} results)`);
  let pending: RollupInput[] = [];
  let i = 0;
  const flush = async () => {
    const batch = pending;
    pending = [];
    await db.$transaction((tx) => writeRollups(tx, batch), { timeout: 120_000 });
  };
  for (let s = 0; s < steps; s++) {
    for (const checkId of ids) {
      const failed = i % 97 === 0;
      pending.push({
        accountId,
        checkId,
        runLocation: "eu-west-1",
        resultType: "FINAL",
        isCancelled: false,
        hasFailures: failed,
        hasErrors: false,
        isDegraded: !failed && i % 31 === 0,
        startedAt: new Date(start + s * STEP + (i % 600) * 1000),
        responseTime: 80 + ((i * 7919) % 400) + (i % 50 === 0 ? 2_000 : 0),
      });
      i++;
      if (pending.length === 5_000) await flush();
    }
  }
  if (pending.length) await flush();
  await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  await database.close();
  renameSync(building, file);
}

// 2. In this process: the rollup read, the domain's report, the REST body.
const database = await openDatabase(url);
const db = database.prisma;
if (process.env.BENCH_CACHE_MB)
  await db.$queryRawUnsafe(`PRAGMA cache_size = -${Number(process.env.BENCH_CACHE_MB) * 1024}`);
const account = await db.check.groupBy({
  by: ["accountId"],
  _count: { id: true },
  orderBy: { _count: { id: "desc" } },
});
const accountId = account[0]!.accountId;
const rollupRows = await db.checkRollup.count({ where: { accountId } });
const now = Date.now();
const from = String(Math.floor((now - 90 * DAY) / 1000));
const to = String(Math.floor(now / 1000));
const query = { from, to, granularity: "day", timezone: "Europe/Berlin" };
const { spans } = reportSpans(ReportingQuery.parse(query), now);
const ctx = { db, accountId, events: createInProcessBus(), now: () => new Date(now) };
const route = reportingRoutes[0]!;
console.log(`${file}: ${rollupRows.toLocaleString("en")} rollup rows, ${spans.length} local days`);
const figures: [string, string][] = [];
const figure = (name: string, value: string) => {
  figures.push([name, value]);
  console.log(`${name}: ${value}`);
  // Every figure here is "median N ms ...": N is what quick compares.
  const ms = Number(/median ([\d.]+) ms/.exec(value)?.[1] ?? Number.NaN);
  record({
    bench: "reporting-read",
    name: name.replace(`, ${cache}`, ""),
    value: ms,
    unit: "ms median",
    better: "lower",
  });
};
await aggregateRollups({ db, accountId, checkIds: null, spans, extremes: false }); // warm-up
const cache = `page cache ${process.env.BENCH_CACHE_MB ?? 2} MB`;
figure(
  `rollup read of 90 local days (Europe/Berlin), in process, ${cache}`,
  `median ${await timed(runs, () => aggregateRollups({ db, accountId, checkIds: null, spans, extremes: false }))} ms`,
);
figure(
  `getReporting 90 local days (Europe/Berlin), in process, ${cache}`,
  `median ${await timed(runs, () => getReporting({ ctx, query }))} ms`,
);
const view = await getReporting({ ctx, query });
const buckets = view.reduce((n, v) => n + (v.aggregates?.length ?? 0), 0);
const body = async () => JSON.stringify(await route.handler({ ctx, query } as never));
const size = (await body()).length;
figure(
  `REST handler + JSON.stringify, in process, ${cache}`,
  `median ${await timed(runs, body)} ms (${buckets.toLocaleString("en")} buckets, ${(size / 1_048_576).toFixed(1)} MB)`,
);
await database.close();

// 3. Over HTTP, from `vigil serve` in its own process (SQLite's default page cache).
const port = await freePort();
const apiKey = `vg_${randomBytes(24).toString("hex")}`;
const child = await startServe({
  databaseUrl: url,
  port,
  accountId,
  apiKey,
  env: { RATE_LIMIT_PER_MINUTE: "0", RESULT_RETENTION_DAYS: "3650", ENGINE_ENABLED: "false" },
});
try {
  const base = `http://127.0.0.1:${port}`;
  const get = async () => {
    const response = await fetch(`${base}/v1/reporting?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  await get(); // warm-up
  await get();
  figure(`GET /v1/reporting 90 local days (Europe/Berlin), ${checks} checks`, `median ${await timed(runs, get)} ms`);
} finally {
  child.kill("SIGTERM");
}
console.log("\nsummary");
const width = Math.max(...figures.map(([k]) => k.length));
for (const [k, v] of figures) console.log(`${k.padEnd(width)}  ${v}`);

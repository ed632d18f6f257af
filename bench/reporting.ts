// Results at scale (issue 14), on SQLite: N checks with D days of results every 10 minutes, in
// batches of BENCH_BATCH (5,000) per transaction, oldest first, each ending with the engine's rollup upsert
// (writeRollups, the same call the engine's result batches end with): the rollups are built as in
// production. The results' finished runs and the result rows themselves go in with one multi-row
// INSERT each per batch (the engine's per-result path, with the status's compare-and-set and alert
// decisions, writes a few thousand results a second: BENCH_FULL_PATH=1 uses it, for small
// datasets). Then:
//   - GET /v1/reporting over 90 days for all checks (goal < 200 ms), the same in local days, and
//     one check's 90-day daily series over GraphQL (goal < 20 ms), against `vigil serve` in its
//     own process;
//   - the engine's scheduling lag (due -> claimed, and due -> finished) of BENCH_ENGINE_CHECKS
//     checks a minute (default 1,000) in windows alternating without and with the retention sweep
//     (RESULT_RETENTION_DAYS=30), the sweep running in the server's own process as in production,
//     BENCH_ALTERNATIONS rounds (5) of BENCH_WINDOW s (60), each window in a server started for it;
//     the figures pool each condition's windows, and the median of its windows' p99s is printed
//     beside them (one window's p99 is its dozen or so slowest runs: one stall moves it);
//   - the database size per million results before and after retention.
//   npm run bench:reporting                    (the issue's dataset: 1,000 checks x 90 days, about 13 M results)
//   BENCH_CHECKS=100 npm run bench:reporting   (1.3 M results, a few minutes)
//   BENCH_DATASET_DIR=/some/dir [BENCH_WRITE_ONLY=1] npm run bench:reporting   (keep the dataset, or
//     reuse it when there; WRITE_ONLY stops once it is written)
//   BENCH_CHECKS=1000 BENCH_EVERY_MINUTES=60 npm run bench:reporting   (the same rollups from 2.2 M results)
//   BENCH_SKIP=reporting,lag,retention npm run bench:reporting   (leave out the reporting figures, the
//     lag windows or the retention step after them: to work on one of the figures; the summary then lacks them)
import type { ChildProcess } from "node:child_process";
import Database from "better-sqlite3";
import { randomBytes, randomUUID } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, SQLITE_CACHE_KIB } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { createAccount } from "../src/domain/accounts/create.js";
import { insertCheckResult } from "../src/domain/check-results/insert.js";
import { RecordCheckResultInput } from "../src/domain/check-results/schemas.js";
import { noStatusEffects } from "../src/domain/check-statuses/effects.js";
import { ReportingQuery } from "../src/domain/reporting/index.js";
import { reportSpans } from "../src/domain/reporting/window.js";
import { aggregateRollups, type RollupInput, writeRollups } from "../src/domain/rollups/index.js";
import { createInProcessBus } from "../src/events/bus.js";
import { freePort } from "../test/support/postgres-server.js";
import { insertApiChecks } from "./support/checks.js";
import { record } from "./support/report.js";
import { sleep, startServe } from "./support/server-process.js";

const checks = Number(process.env.BENCH_CHECKS ?? 1000);
const days = Number(process.env.BENCH_DAYS ?? 90);
const windowSeconds = Number(process.env.BENCH_WINDOW ?? 60);
const alternations = Number(process.env.BENCH_ALTERNATIONS ?? 5);
const skip = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
/** Checks the engine runs every minute while its lag is measured (at least BENCH_CHECKS). */
const engineChecks = Number(process.env.BENCH_ENGINE_CHECKS ?? 1000);
/** Minutes between two results of a check: reporting reads rollups, whose count does not depend on it. */
const every = Number(process.env.BENCH_EVERY_MINUTES ?? 10);
const STEP = every * 60_000;
/** Results a transaction of the dataset's writer (the engine's batches hold up to 64; the rollups come out the same). */
const BATCH = Number(process.env.BENCH_BATCH ?? 5_000);
const DAY = 86_400_000;

const dir = mkdtempSync(join(tmpdir(), "vigil-bench-reporting-"));
const file = join(dir, "bench.db");
const url = `file:${file}`;
let child: ChildProcess | null = null;
const target = createServer((_req, res) => res.end("ok"));
await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
const rows: [string, string][] = [];
const figure = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`${name}: ${value}`);
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

try {
  // BENCH_DATASET_DIR keeps the dataset (the database file as written, before anything else) and
  // reuses it in later runs with the same BENCH_CHECKS, BENCH_DAYS and BENCH_EVERY_MINUTES: the
  // 13 M results take about half an hour to write, the measurements a quarter of an hour.
  const datasetDir = process.env.BENCH_DATASET_DIR;
  type Saved = {
    checks: number;
    days: number;
    every: number;
    accountId: string;
    apiKey: string;
    total: number;
    writeSeconds: number;
    writtenAt: string;
  };
  const savedFile = datasetDir ? join(datasetDir, "dataset.json") : null;
  const saved = ((): Saved | null => {
    if (!savedFile || !existsSync(savedFile)) return null;
    const s = JSON.parse(readFileSync(savedFile, "utf8")) as Saved;
    return s.checks === checks && s.days === days && s.every === every ? s : null;
  })();
  if (saved) copyFileSync(join(datasetDir!, "bench.db"), file);
  // A kept dataset gets the migrations that came after it (as `vigil serve` would at its start).
  const migrated = await migrate(url);
  if (saved && migrated.applied.length) console.log(`migrated the kept dataset: ${migrated.applied.join(", ")}`);
  const database = await openDatabase(url);
  const db = database.prisma;
  const request = {
    method: "GET",
    url: targetUrl,
    assertions: [],
    headers: [],
    queryParameters: [],
    body: "",
    bodyType: "NONE",
  };
  const { accountId, apiKey, total, writeSeconds } = saved
    ? await (async () => {
        console.log(`reusing the dataset of ${saved.writtenAt} in ${datasetDir}`);
        // This run's target (its port is new).
        await db.check.updateMany({ data: { request } });
        return saved;
      })()
    : await writeDataset();
  const now = Date.now();
  const ctx = { db, accountId, events: createInProcessBus(), now: () => new Date() };
  await db.$queryRawUnsafe(`PRAGMA cache_size = -${SQLITE_CACHE_KIB}`);
  figure("dataset", `${checks} checks x ${days} days every ${every} min = ${total.toLocaleString("en")} results`);
  const bench = "reporting";
  record({ bench, name: "write path (dataset)", value: total / writeSeconds, unit: "results/s", better: "higher" });
  figure(
    "write path",
    `${(total / writeSeconds).toFixed(0)} results/s (batches of ${BATCH}, ${writeSeconds.toFixed(0)} s, page cache ${process.env.BENCH_CACHE_MB ?? 256} MB; ${process.env.BENCH_FULL_PATH === "1" ? "insertCheckResult per result" : "runs and results in one INSERT each + the engine's rollup upsert"})${saved ? `, when the dataset was written (${saved.writtenAt})` : ""}`,
  );

  async function writeDataset(): Promise<Saved> {
    // The dataset's writer with a page cache of BENCH_CACHE_MB (default 256; the app's is 8 MB): at a
    // few GB, the random UUID keys of results' indexes miss a small cache on nearly every row. Back to
    // the app's before anything is measured.
    await db.$queryRawUnsafe(`PRAGMA cache_size = -${Number(process.env.BENCH_CACHE_MB ?? 256) * 1024}`);
    // And, for the writing only, no fsync at checkpoints and fewer of them (the rows are the same):
    // the dataset's pages are written twice (WAL, then file), 13 GB of them.
    const autocheckpoint =
      (await db.$queryRawUnsafe<{ wal_autocheckpoint: number }[]>("PRAGMA wal_autocheckpoint"))[0]
        ?.wal_autocheckpoint ?? 1000;
    await db.$queryRawUnsafe("PRAGMA synchronous = OFF");
    await db.$queryRawUnsafe("PRAGMA wal_autocheckpoint = 10000");
    const apiKey = `vg_${randomBytes(24).toString("hex")}`;
    const account = await createAccount({ db, input: { name: "bench" } });
    const accountId = account.id;
    const ids = await insertApiChecks({ db, accountId, count: checks, request });

    // 1. Results through the write path, oldest first, as an engine writes them over the days.
    const now = Date.now();
    const start = Math.floor((now - days * DAY) / STEP) * STEP;
    const steps = Math.floor((now - start) / STEP);
    const total = steps * checks;
    console.log(
      `writing ${total.toLocaleString("en")} results (${checks} checks x ${days} days every ${every} min) to ${file}`,
    );
    const ctx = { db, accountId, events: createInProcessBus(), now: () => new Date() };
    const writeStarted = Date.now();
    let written = 0;
    let pending: { checkId: string; step: number; at: number; i: number }[] = [];
    const fullPath = process.env.BENCH_FULL_PATH === "1";
    const resultOf = (r: { checkId: string; at: number; i: number }) => {
      const failed = r.i % 97 === 0;
      return RecordCheckResultInput.parse({
        checkId: r.checkId,
        runLocation: "eu-west-1",
        startedAt: new Date(r.at),
        stoppedAt: new Date(r.at + 150),
        responseTime: 80 + ((r.i * 7919) % 400) + (r.i % 50 === 0 ? 2_000 : 0),
        hasFailures: failed,
        isDegraded: !failed && r.i % 31 === 0,
        apiCheckResult: { response: { status: failed ? 500 : 200, statusText: "OK", body: "ok", headers: {} } },
      });
    };
    const flush = async () => {
      const batch = pending;
      pending = [];
      await db.$transaction(
        async (tx) => {
          const rollups: RollupInput[] = [];
          if (fullPath) {
            // The engine's whole path per result: its run, the status's compare-and-set, alert decisions.
            const effects = noStatusEffects();
            for (const r of batch)
              await insertCheckResult({
                ctx,
                tx,
                check: { id: r.checkId, name: "c", checkType: "API" },
                data: resultOf(r),
                effects,
                rollups,
              });
          } else {
            // Each result's finished run (as scheduled: its scheduleKey) and the result rows, one
            // statement each (SQLite's text form of Prisma's DateTime and Json), and the same rollup
            // upsert the engine's batch ends with.
            const iso = (d: Date) => d.toISOString().replace("Z", "+00:00");
            // In statements of 1,000 rows (SQLite's 32,766 parameters a statement).
            for (let c = 0; c < batch.length; c += 1_000) {
              const chunk = batch.slice(c, c + 1_000);
              const data = chunk.map(resultOf);
              const runParams: unknown[] = [];
              const sequences = chunk.map(() => randomUUID());
              for (const [k, r] of chunk.entries()) {
                const d = data[k]!;
                const at = iso(d.startedAt as Date);
                runParams.push(
                  accountId,
                  r.checkId,
                  d.runLocation,
                  sequences[k],
                  "DONE",
                  at,
                  at,
                  iso(d.stoppedAt as Date),
                );
                runParams.push(`${r.checkId}:${r.step}:${d.runLocation}`, at);
              }
              const runs = await tx.$queryRawUnsafe<{ id: number | bigint; scheduleKey: string }[]>(
                `INSERT INTO "CheckRun" ("accountId", "checkId", "location", "sequenceId", "status", "dueAt", "claimedAt", "finishedAt", "scheduleKey", "createdAt") VALUES ${chunk.map(() => `(${Array(10).fill("?").join(", ")})`).join(", ")} RETURNING "id", "scheduleKey"`,
                ...runParams,
              );
              const runIds = new Map(runs.map((run) => [run.scheduleKey, Number(run.id)]));
              const params: unknown[] = [];
              for (const [k, r] of chunk.entries()) {
                const d = data[k]!;
                const at = d.startedAt as Date;
                rollups.push({ ...d, accountId, checkId: r.checkId, startedAt: at });
                const runId = runIds.get(`${r.checkId}:${r.step}:${d.runLocation}`);
                params.push(randomUUID(), accountId, r.checkId, runId, "c", "API", d.resultType, d.hasFailures ? 1 : 0);
                params.push(
                  d.hasErrors ? 1 : 0,
                  d.isDegraded ? 1 : 0,
                  d.runLocation,
                  iso(at),
                  iso(d.stoppedAt as Date),
                );
                params.push(d.responseTime, JSON.stringify(d.apiCheckResult), sequences[k], "[]", iso(at));
              }
              await tx.$executeRawUnsafe(
                `INSERT INTO "CheckResult" ("id", "accountId", "checkId", "checkRunId", "name", "checkType", "resultType", "hasFailures", "hasErrors", "isDegraded", "runLocation", "startedAt", "stoppedAt", "responseTime", "apiCheckResult", "sequenceId", "errorGroupIds", "createdAt") VALUES ${chunk.map(() => `(${Array(18).fill("?").join(", ")})`).join(", ")}`,
                ...params,
              );
            }
          }
          await writeRollups(tx, rollups);
        },
        { timeout: 120_000 },
      );
      written += batch.length;
    };
    let i = 0;
    for (let s = 0; s < steps; s++) {
      for (const checkId of ids) {
        pending.push({ checkId, step: s, at: start + s * STEP + (i % 600) * 1000, i: i++ });
        if (pending.length === BATCH) await flush();
      }
      if (s % Math.max(1, Math.floor(steps / 10)) === 0 && s > 0)
        console.log(
          `  ${written.toLocaleString("en")} written (${((written / (Date.now() - writeStarted)) * 1000).toFixed(0)}/s)`,
        );
    }
    if (pending.length) await flush();
    const writeSeconds = (Date.now() - writeStarted) / 1000;
    await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
    await db.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${Number(autocheckpoint)}`);
    const kept: Saved = {
      checks,
      days,
      every,
      accountId,
      apiKey,
      total,
      writeSeconds,
      writtenAt: new Date().toISOString(),
    };
    if (datasetDir) {
      await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
      mkdirSync(datasetDir, { recursive: true });
      copyFileSync(file, join(datasetDir, "bench.db"));
      writeFileSync(savedFile!, JSON.stringify(kept));
    }
    return kept;
  }
  if (process.env.BENCH_WRITE_ONLY === "1") {
    // Only the dataset, for later runs (BENCH_DATASET_DIR).
    await database.close();
    target.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
  const rollupRows = await db.checkRollup.count();
  figure("rollup rows", `${rollupRows.toLocaleString("en")} (hourly and daily)`);
  await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  // Pages in use, as after retention below: a kept dataset's file also holds the pages its later
  // migrations freed (a rebuilt table, a dropped index) until a vacuum returns them.
  const pagesInUse = () => {
    const raw = new Database(file, { readonly: true });
    const pragma = (name: string) => Number(raw.pragma(name, { simple: true }));
    const bytes = (pragma("page_count") - pragma("freelist_count")) * pragma("page_size");
    const autoVacuum = pragma("auto_vacuum");
    raw.close();
    return { bytes, autoVacuum };
  };
  const sizeBefore = pagesInUse().bytes;
  figure(
    "database before retention",
    `${mb(sizeBefore)} in use (file ${mb(statSync(file).size)}), ${mb((sizeBefore / total) * 1e6)} per million results`,
  );
  const perMillion = (bytes: number, results: number) => ((bytes / results) * 1e6) / 1_048_576;
  record({
    bench,
    name: "database per million results",
    value: perMillion(sizeBefore, total),
    unit: "MB",
    better: "lower",
  });

  // 2. Reporting and a series over HTTP, from `vigil serve` (its own retention sweep kept idle).
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serve = async ({ engine, retentionDays = 3650 }: { engine: boolean; retentionDays?: number }) => {
    child = await startServe({
      databaseUrl: url,
      port,
      accountId,
      apiKey,
      env: { RATE_LIMIT_PER_MINUTE: "0", RESULT_RETENTION_DAYS: String(retentionDays), ENGINE_ENABLED: String(engine) },
    });
  };
  const stopServer = async () => {
    const running = child;
    child = null;
    if (!running) return;
    running.kill("SIGTERM");
    await new Promise((r) => running.once("exit", r));
  };
  const from = Math.floor((now - 90 * DAY) / 1000);
  const to = Math.floor(now / 1000);
  if (!skip.has("reporting")) {
    // Reporting is measured without the engine: its first minute schedules every check at once.
    await serve({ engine: false });
    const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
    const time = async (n: number, call: () => Promise<Response>) => {
      const ms: number[] = [];
      for (let k = 0; k < n; k++) {
        const t0 = performance.now();
        const response = await call();
        if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        ms.push(performance.now() - t0);
      }
      return ms.sort((a, b) => a - b);
    };
    await time(2, () => fetch(`${base}/v1/reporting?from=${from}&to=${to}`, { headers })); // warm-up
    const report = await time(10, () => fetch(`${base}/v1/reporting?from=${from}&to=${to}`, { headers }));
    figure(
      `GET /v1/reporting 90 days, ${checks} checks`,
      `median ${pct(report, 50).toFixed(1)} ms, p95 ${pct(report, 95).toFixed(1)} ms (goal < 200 ms)`,
    );
    const ms = { bench, unit: "ms median", better: "lower" } as const;
    record({
      ...ms,
      name: `GET /v1/reporting 90 days, ${checks} checks`,
      value: pct(report, 50),
      goal: { op: "<", value: 200 },
    });
    const byDay = await time(5, () =>
      fetch(`${base}/v1/reporting?from=${from}&to=${to}&granularity=day&timezone=Europe/Berlin`, { headers }),
    );
    figure(
      `GET /v1/reporting 90 local days (Europe/Berlin), ${checks} checks`,
      `median ${pct(byDay, 50).toFixed(1)} ms`,
    );
    record({ ...ms, name: `GET /v1/reporting 90 local days, ${checks} checks`, value: pct(byDay, 50) });
    // The same local days in this process: the rollup read alone, as UTC days plus and minus their
    // edge hours (reporting's plan) and from hourly rows only (the plan before it; `extremes`).
    const berlin = ReportingQuery.parse({
      from: String(from),
      to: String(to),
      granularity: "day",
      timezone: "Europe/Berlin",
    });
    const { spans: berlinDays } = reportSpans(berlin, now);
    for (const extremes of [false, true]) {
      const ms: number[] = [];
      for (let k = 0; k < 4; k++) {
        const t0 = performance.now();
        await aggregateRollups({ db, accountId, checkIds: null, spans: berlinDays, extremes });
        ms.push(performance.now() - t0);
      }
      figure(
        `rollup read of 90 local days (Europe/Berlin), ${checks} checks, in process, ${extremes ? "hourly rows only (before)" : "days plus and minus hours"}`,
        `median ${pct(
          ms.sort((x, y) => x - y),
          50,
        ).toFixed(1)} ms`,
      );
    }
    const query = `query ($from: DateTime!, $to: DateTime!) { checks(first: 1) { edges { node { series(from: $from, to: $to, interval: DAY) { from stats { runs p95 } } } } } }`;
    const variables = { from: new Date(now - 90 * DAY).toISOString(), to: new Date(now).toISOString() };
    await time(3, () =>
      fetch(`${base}/graphql`, { method: "POST", headers, body: JSON.stringify({ query, variables }) }),
    );
    const series = await time(20, () =>
      fetch(`${base}/graphql`, { method: "POST", headers, body: JSON.stringify({ query, variables }) }),
    );
    figure(
      "one check's 90-day daily series (GraphQL)",
      `median ${pct(series, 50).toFixed(1)} ms, p95 ${pct(series, 95).toFixed(1)} ms (goal < 20 ms)`,
    );
    record({
      ...ms,
      name: "one check's 90-day daily series (GraphQL)",
      value: pct(series, 50),
      goal: { op: "<", value: 20 },
    });
  }

  if (!skip.has("lag")) {
    // 3. The engine's lag in windows alternating without and with the retention sweep, both in the
    // server's own process as in production (the engine's "retention" sweep, every 60 s, on the
    // engine's own connection): the server is restarted for each window, with RESULT_RETENTION_DAYS
    // 3650 (nothing to delete) or 30 (60 days of results to delete), and a window starts once the
    // server has run for 70 s (its first sweep starts at 60 s; "with" windows wait until /metrics
    // shows it deleting). More checks for the engine than for reporting (their runs' lags are the
    // samples: p99 of a few dozen runs is their maximum); the added ones have no results, the
    // reporting above is unchanged.
    if (engineChecks > checks)
      await db.check.createMany({
        data: Array.from({ length: engineChecks - checks }, (_, i) => ({
          id: randomUUID(),
          accountId,
          checkType: "API",
          name: `engine check ${i}`,
          frequency: 1,
          locations: ["eu-west-1"],
          tags: ["engine"],
          request,
        })),
      });
    await stopServer();
    // The engine's first minute schedules every check at once: a start before the windows.
    await serve({ engine: true, retentionDays: 3650 });
    console.log(
      `engine warming up (${Math.max(checks, engineChecks)} checks at 1 min); then ${alternations} x (${windowSeconds} s without, ${windowSeconds} s with the sweep), each in a server started for it`,
    );
    await sleep(65_000);
    // Two lags per run claimed in a window: due -> claimed (the time the engine's claim statement was
    // issued) and due -> finished (its run and result written: every wait of the claim and of the
    // result writer is in it; the check itself answers from 127.0.0.1 in a millisecond or two).
    type Lags = { claim: number[]; finish: number[] };
    const lagBetween = async (a: Date, b: Date): Promise<Lags> => {
      const runs = await db.checkRun.findMany({
        where: { claimedAt: { gte: a, lt: b } },
        select: { dueAt: true, claimedAt: true, finishedAt: true },
      });
      return {
        claim: runs.map((r) => r.claimedAt!.getTime() - r.dueAt.getTime()),
        finish: runs.flatMap((r) => (r.finishedAt ? [r.finishedAt.getTime() - r.dueAt.getTime()] : [])),
      };
    };
    const summary = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      return sorted.length
        ? `p50 ${pct(sorted, 50)} ms, p99 ${pct(sorted, 99)} ms, max ${sorted.at(-1)} ms over ${sorted.length} runs`
        : "no runs";
    };
    const both = (l: Lags) => `due->claimed ${summary(l.claim)}; due->finished ${summary(l.finish)}`;
    // The server's sweep, from its /metrics: rows deleted and its statements' times (histogram).
    type SweepFigures = { rows: number; statements: number; unquiet: number; buckets: Map<number, number> };
    const sweepFigures = async (): Promise<SweepFigures> => {
      const text = await (await fetch(`${base}/metrics`)).text();
      const figures: SweepFigures = { rows: 0, statements: 0, unquiet: 0, buckets: new Map() };
      for (const line of text.split("\n")) {
        const sample = /^(vigil_retention_\w+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
        if (!sample) continue;
        const [, name, labels = "", value] = sample;
        if (name === "vigil_retention_deleted_rows_total") figures.rows += Number(value);
        if (name === "vigil_retention_statement_seconds_count") figures.statements += Number(value);
        if (name === "vigil_retention_unquiet_statements_total") figures.unquiet += Number(value);
        const le = /le="([^"]+)"/.exec(labels)?.[1];
        if (name === "vigil_retention_statement_seconds_bucket" && le && le !== "+Inf") {
          const bound = Number(le) * 1000;
          figures.buckets.set(bound, (figures.buckets.get(bound) ?? 0) + Number(value));
        }
      }
      return figures;
    };
    /** The bucket bound at or under which a share `p` of the statements took (an upper bound, from the histogram). */
    const bucketAt = (f: SweepFigures, p: number) => {
      for (const [bound, n] of [...f.buckets].sort(([a], [b]) => a - b))
        if (n >= p * f.statements) return `<= ${bound} ms`;
      return "> 1 s";
    };
    const without: Lags = { claim: [], finish: [] };
    const withSweep: Lags = { claim: [], finish: [] };
    const swept: SweepFigures = { rows: 0, statements: 0, unquiet: 0, buckets: new Map() };
    let sweptMs = 0;
    const windows: { sweeping: boolean; from: Date; to: Date }[] = [];
    for (let k = 0; k < alternations; k++) {
      for (const sweeping of [false, true]) {
        await stopServer();
        await serve({ engine: true, retentionDays: sweeping ? 30 : 3650 });
        await sleep(70_000);
        if (sweeping) {
          // Its first sweep may take a few more seconds to reach the results.
          for (let waited = 0; (await sweepFigures()).rows === 0 && waited < 60; waited++) await sleep(1_000);
        }
        const before = await sweepFigures();
        const a = new Date();
        await sleep(windowSeconds * 1000);
        const b = new Date();
        const after = await sweepFigures();
        windows.push({ sweeping, from: a, to: b });
        if (sweeping) {
          if (after.rows === before.rows) console.log("  (the sweep deleted nothing in this window)");
          swept.rows += after.rows - before.rows;
          swept.statements += after.statements - before.statements;
          swept.unquiet += after.unquiet - before.unquiet;
          for (const [bound, n] of after.buckets)
            swept.buckets.set(bound, (swept.buckets.get(bound) ?? 0) + n - (before.buckets.get(bound) ?? 0));
          sweptMs += b.getTime() - a.getTime();
        }
      }
    }
    await sleep(5_000); // the last window's runs finish
    /** Each window's p99, by condition and lag: the median of them is steadier than the pooled p99. */
    const windowP99 = new Map<string, number[]>();
    for (const w of windows) {
      const l = await lagBetween(w.from, w.to);
      const into = w.sweeping ? withSweep : without;
      for (const key of ["claim", "finish"] as const) {
        into[key].push(...l[key]);
        const sorted = [...l[key]].sort((x, y) => x - y);
        const name = `${w.sweeping ? "with" : "without"} ${key}`;
        if (sorted.length) windowP99.set(name, [...(windowP99.get(name) ?? []), pct(sorted, 99)]);
      }
      console.log(`  ${w.sweeping ? "with the sweep" : "without the sweep"}: ${both(l)}`);
    }
    const lagFigure = (sweeping: boolean, key: "claim" | "finish") => {
      const p99s = [...(windowP99.get(`${sweeping ? "with" : "without"} ${key}`) ?? [])].sort((x, y) => x - y);
      const name = `engine lag ${sweeping ? "with" : "without"} the sweep, ${key === "claim" ? "due->claimed" : "due->finished"}`;
      record({
        bench,
        name: `${name}, windows' p99 median`,
        value: p99s.length ? pct(p99s, 50) : Number.NaN,
        unit: "ms",
        better: "lower",
      });
      figure(
        name,
        `${summary((sweeping ? withSweep : without)[key])}; the windows' p99 ${p99s.join(", ")} ms (median ${p99s.length ? pct(p99s, 50) : "-"} ms)`,
      );
    };
    lagFigure(false, "claim");
    lagFigure(false, "finish");
    lagFigure(true, "claim");
    lagFigure(true, "finish");
    figure(
      "the server's sweep while measured",
      `${swept.rows.toLocaleString("en")} rows deleted in ${(sweptMs / 1000).toFixed(0)} s (${((swept.rows / sweptMs) * 1000).toFixed(0)} rows/s), ${swept.statements} statements of ${(swept.rows / swept.statements || 0).toFixed(0)} rows on average (${swept.unquiet} of them while the engine was busy); statement time p50 ${bucketAt(swept, 0.5)}, p99 ${bucketAt(swept, 0.99)} (histogram buckets)`,
    );
    await stopServer();
  }

  if (!skip.has("retention")) {
    // 4. The rest of the retention, then the size. The server is stopped and only the end state is
    // measured here: plain deletes of what the sweep would delete (results and finished runs older
    // than 30 days; the dataset has nothing else that old), 100,000 rows a statement, on a connection
    // of its own (the sweep's statements, found by one query and deleted by id through Prisma, run at
    // about 1,000 rows a second on this machine once nothing paces them: hours for 17 M rows).
    const leftStarted = Date.now();
    let leftDeleted = 0;
    {
      const raw = new Database(file);
      const cutoff = new Date(Date.now() - 30 * DAY).toISOString().replace("Z", "+00:00");
      const statements = [
        `DELETE FROM "CheckResult" WHERE rowid IN (SELECT rowid FROM "CheckResult" WHERE "startedAt" < ? ORDER BY "startedAt" LIMIT 100000)`,
        `DELETE FROM "CheckRun" WHERE "id" IN (SELECT "id" FROM "CheckRun" WHERE "status" IN ('DONE', 'CANCELLED', 'DROPPED') AND "dueAt" < ? LIMIT 100000)`,
      ];
      for (const sql of statements) {
        const statement = raw.prepare(sql);
        for (let n = statement.run(cutoff).changes; n > 0; n = statement.run(cutoff).changes) {
          leftDeleted += n;
          if (leftDeleted % 1_000_000 < 100_000)
            console.log(
              `  retention: ${leftDeleted.toLocaleString("en")} rows deleted (${((leftDeleted / (Date.now() - leftStarted)) * 1000).toFixed(0)}/s)`,
            );
        }
      }
      raw.pragma("wal_checkpoint(TRUNCATE)");
      raw.close();
    }
    // The file shrinks by its free pages at an incremental vacuum (the sweep runs one, 16 MB a run,
    // once no backlog is left: auto_vacuum=INCREMENTAL); the figure is the size it shrinks to, pages
    // in use times the page size, without moving 10 GB of pages first.
    const { bytes: inUse, autoVacuum } = pagesInUse();
    const left = await db.checkResult.count();
    figure(
      "database after retention (30 days)",
      `${mb(inUse)} in use for ${left.toLocaleString("en")} results (the file once vacuumed${autoVacuum === 2 ? "" : "; NOT an incremental-vacuum file"}), ${mb((inUse / left) * 1e6)} per million results (their runs, and rollups of all ${days} days, included); ${leftDeleted.toLocaleString("en")} rows deleted after the windows in ${((Date.now() - leftStarted) / 1000).toFixed(0)} s`,
    );
    const afterReport = await (async () => {
      const t0 = performance.now();
      const { getReporting } = await import("../src/domain/reporting/index.js");
      const r = await getReporting({ ctx, query: { from: String(from), to: String(to) } });
      return { ms: performance.now() - t0, ratio: r[0]?.aggregate?.successRatio };
    })();
    record({
      bench,
      name: "database per million results after retention",
      value: perMillion(inUse, left),
      unit: "MB",
      better: "lower",
    });
    figure(
      "reporting 90 days after retention (in process)",
      `${afterReport.ms.toFixed(1)} ms, check 0 success ratio ${afterReport.ratio}`,
    );
  }
  await database.close();
  console.log("\nsummary");
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
} finally {
  (child as ChildProcess | null)?.kill("SIGTERM");
  target.close();
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
}

// Where an authenticated REST read's CPU goes (the follow-up of bench/check-results.ts when the v2
// first page misses its goal): Vigil in process on SQLite, autocannon in the same process, the V8
// CPU profiler over the run, every sample charged to the most specific part of its stack.
//   tsx bench/support/check-results-profile.ts
//   BENCH_RESULTS=20000 BENCH_SECONDS=5 BENCH_PATH='?limit=10' tsx bench/support/check-results-profile.ts
//   BENCH_PROFILE_OUT=/tmp/rest.cpuprofile tsx bench/support/check-results-profile.ts  (also keeps the profile)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../../src/config.js";
import { migrate } from "../../src/db/migrate.js";
import { buildApp } from "../../src/server.js";
import { seedResults } from "./check-results-seed.js";
import { charge, CLIENT, type Parts, printCharges, profiled } from "./cpu-profile.js";

/** Most specific first: a sample whose stack holds any frame of a part is that part's. */
const PARTS: Parts = [
  CLIENT,
  ["auth (src/auth: key hash, cache, rate limit, usage)", /\/src\/auth\//],
  ["metrics (prom-client, src/metrics)", /node_modules\/prom-client|\/src\/metrics\//],
  ["logging (pino, src/logger.ts)", /node_modules\/pino|\/src\/logger\.ts/],
  ["database (Prisma, better-sqlite3, src/db)", /@prisma\/|better-sqlite3|\/src\/(generated|db)\//],
  ["validation (zod, src/domain/shared/validation.ts)", /node_modules\/zod\/|\/src\/domain\/shared\/validation\.ts/],
  ["domain (src/domain)", /\/src\/domain\//],
  ["REST handlers (src/rest)", /\/src\/rest\//],
  ["JSON serialization (Fastify's, JSON.stringify)", /fast-json-stringify|\/fastify\/lib\/reply\.js/],
  ["Fastify (routing, hooks, reply)", /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify)\//],
  ["our server glue (src/server.ts, src/http)", /\/src\/(server\.ts|http\/|app-context\.ts)/],
  ["Node http / net / streams", /^node:/],
];

const total = Number(process.env.BENCH_RESULTS ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dir = mkdtempSync(join(tmpdir(), "vigil-bench-profile-"));
const path = join(dir, "bench.db");
await migrate(`file:${path}`);
const seeded = seedResults(path, total);
const app = await buildApp(
  loadConfig({
    DATABASE_URL: `file:${path}`,
    PORT: "0",
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "0",
    KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
    ENGINE_ENABLED: "false",
  }),
);
const { url } = await app.start();
const target = `${url}/v2/check-results/${seeded.checkId}${process.env.BENCH_PATH ?? "?limit=100"}`;
const run = (duration: number) =>
  autocannon({ url: target, connections: 10, duration, headers: { authorization: `Bearer ${seeded.apiKey}` } });
try {
  await run(2); // warm-up: JIT, caches
  const { result, profile } = await profiled(() => run(seconds));
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx`);
  console.log(
    `GET ${target.slice(url.length)}: ${result.requests.total} requests in ${seconds} s (${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms), 10 connections, Node ${process.version}`,
  );
  printCharges(charge(profile, PARTS), result.requests.total);
  // For Chrome DevTools or a closer look at one part.
  if (process.env.BENCH_PROFILE_OUT) writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}

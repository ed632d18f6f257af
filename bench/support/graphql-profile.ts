// Where a trivial GraphQL request's CPU goes in Vigil (the follow-up of bench/graphql.ts when the
// trivial query misses 0.8x plain graphql-yoga): Vigil in process on SQLite, autocannon in the same
// process, the V8 CPU profiler over the run; every sample is charged to the most specific part of
// the stack it runs in (complexity plugin, auth, context, logging, database, executor, yoga, Fastify).
//   tsx bench/support/graphql-profile.ts                      ({ viewer { account { id } } })
//   BENCH_QUERY='{ __typename }' BENCH_SECONDS=5 tsx bench/support/graphql-profile.ts
//   BENCH_NESTED=1 tsx bench/support/graphql-profile.ts       (the nested status-page query, data set seeded)
//   BENCH_NESTED=1 BENCH_CONNECTIONS=1 tsx bench/support/graphql-profile.ts   (one answer at a time: its own CPU)
//   BENCH_SAVE=x.cpuprofile ... (also writes the profile, for DevTools)
//   BENCH_UNCACHED=1 tsx bench/support/graphql-profile.ts    (the nested query, every answer computed, 1 connection)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../../src/config.js";
import { migrate } from "../../src/db/migrate.js";
import { buildApp } from "../../src/server.js";
import { NESTED_STATUS_PAGES_QUERY, seedStatusPages } from "../../test/support/fixtures/status-page-dataset.js";
import { charge, printCharges, printTop, profiled } from "./cpu-profile.js";
import { benchEnv, variedBody } from "./graphql-nested.js";
import { PARTS } from "./graphql-profile-parts.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const uncached = process.env.BENCH_UNCACHED === "1";
const connections = uncached ? 1 : Number(process.env.BENCH_CONNECTIONS ?? 50);
const nested = uncached || process.env.BENCH_NESTED === "1";
const query = nested ? NESTED_STATUS_PAGES_QUERY : (process.env.BENCH_QUERY ?? "{ viewer { account { id } } }");
let sent = 0;
const varied = () => variedBody(sent++);
const dir = mkdtempSync(join(tmpdir(), "vigil-bench-profile-"));
const env = benchEnv(dir);
await migrate(env.DATABASE_URL);
const app = await buildApp(loadConfig({ ...env, PORT: "0", LOG_LEVEL: "warn" }));
if (nested) await seedStatusPages(app.context.database.prisma, env.VIGIL_ACCOUNT_ID);
const { url } = await app.start();
const run = (duration: number) =>
  autocannon({
    url: `${url}/graphql`,
    method: "POST",
    connections,
    duration,
    headers: { "content-type": "application/json", authorization: `Bearer ${env.VIGIL_API_KEY}` },
    body: JSON.stringify({ query, variables: { first: 20 } }),
    ...(uncached && { requests: [{ setupRequest: (request: object) => ({ ...request, body: varied() }) }] }),
  });
try {
  await run(2); // warm-up: JIT, caches
  const { result, profile } = await profiled(() => run(seconds));
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx`);
  console.log(
    `${uncached ? "uncached nested status pages" : nested ? "nested status pages (first: 20)" : query}: ${result.requests.total} requests in ${seconds} s (${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms), ${connections} connections, Node ${process.version}`,
  );
  printCharges(charge(profile, PARTS), result.requests.total);
  if (process.env.BENCH_SAVE) writeFileSync(process.env.BENCH_SAVE, JSON.stringify(profile));
  if (process.env.BENCH_TOP) printTop(profile, result.requests.total, Number(process.env.BENCH_TOP));
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}

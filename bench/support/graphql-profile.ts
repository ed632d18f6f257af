// Where a trivial GraphQL request's CPU goes in Vigil (the follow-up of bench/graphql.ts when the
// trivial query misses 0.8x plain graphql-yoga): Vigil in process on SQLite, autocannon in the same
// process, the V8 CPU profiler over the run; every sample is charged to the most specific part of
// the stack it runs in (complexity plugin, auth, context, logging, database, executor, yoga, Fastify).
//   tsx bench/support/graphql-profile.ts                      ({ viewer { account { id } } })
//   BENCH_QUERY='{ __typename }' BENCH_SECONDS=5 tsx bench/support/graphql-profile.ts
//   BENCH_NESTED=1 tsx bench/support/graphql-profile.ts       (the nested status-page query, data set seeded)
//   BENCH_NESTED=1 BENCH_CONNECTIONS=1 tsx bench/support/graphql-profile.ts   (one answer at a time: its own CPU)
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../../src/config.js";
import { migrate } from "../../src/db/migrate.js";
import { buildApp } from "../../src/server.js";
import { NESTED_STATUS_PAGES_QUERY, seedStatusPages } from "../../test/support/fixtures/status-page-dataset.js";

/** Most specific first: a sample whose stack holds any frame of a part is that part's. */
const PARTS: [string, RegExp][] = [
  ["client (autocannon, not the server)", /node_modules\/(autocannon|hdr-histogram|reinterval|retimer)\//],
  ["complexity plugin (@pothos/plugin-complexity)", /@pothos\/plugin-complexity\//],
  ["auth (src/auth: key hash, cache, rate limit)", /\/src\/auth\//],
  ["database (Prisma, better-sqlite3)", /@prisma\/|better-sqlite3/],
  ["context building (src/graphql/context.ts)", /\/src\/graphql\/context\.ts/],
  ["logging (pino, src/logger.ts)", /node_modules\/pino|\/src\/logger\.ts/],
  ["error masking / introspection plugins", /plugin-disable-introspection|maskError|useMaskedErrors/],
  ["domain batch functions (src/domain)", /\/src\/domain\//],
  ["our resolvers (src/graphql/types)", /\/src\/graphql\/types\//],
  ["Pothos field wrappers (core, relay, errors)", /@pothos\//],
  ["GraphQL parse / validate / execute", /node_modules\/(graphql|@graphql-tools)\//],
  ["graphql-yoga, envelop, whatwg-node (fetch API)", /graphql-yoga|@envelop|@whatwg-node|@graphql-yoga/],
  ["Fastify (routing, hooks, reply)", /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify)\//],
  ["our server glue (src/server.ts, src/graphql/server.ts)", /\/src\/(server|graphql\/server)\.ts/],
  ["Node http / net / streams", /^node:/],
];

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const nested = process.env.BENCH_NESTED === "1";
const query = nested ? NESTED_STATUS_PAGES_QUERY : (process.env.BENCH_QUERY ?? "{ viewer { account { id } } }");
const dir = mkdtempSync(join(tmpdir(), "vigil-bench-profile-"));
const env = {
  DATABASE_URL: `file:${join(dir, "bench.db")}`,
  RATE_LIMIT_PER_MINUTE: "0",
  KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
  VIGIL_ACCOUNT_ID: randomUUID(),
  VIGIL_API_KEY: `vg_bench_${randomUUID().replaceAll("-", "")}`,
};
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
  });
try {
  await run(2); // warm-up: JIT, caches
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const result = await run(seconds);
  const { profile } = await session.post("Profiler.stop");
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx`);

  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const partOf = (id: number): string => {
    let best = PARTS.length;
    const leaf = byId.get(id)!.callFrame;
    if (leaf.functionName === "(garbage collector)") return "garbage collection";
    if (leaf.functionName === "(idle)") return "(idle)";
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      const index = PARTS.findIndex(([, pattern]) => pattern.test(url));
      if (index !== -1 && index < best) best = index;
    }
    return best < PARTS.length ? PARTS[best]![0] : "other";
  };
  const spent = new Map<string, number>();
  profile.samples!.forEach((id, i) => spent.set(partOf(id), (spent.get(partOf(id)) ?? 0) + profile.timeDeltas![i]!));
  const requests = result.requests.total;
  const server = [...spent]
    .filter(([part]) => !part.startsWith("client") && part !== "(idle)")
    .reduce((sum, [, us]) => sum + us, 0);
  console.log(
    `${nested ? "nested status pages (first: 20)" : query}: ${requests} requests in ${seconds} s (${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms), ${connections} connections, Node ${process.version}`,
  );
  console.log(`server CPU per request: ${(server / requests).toFixed(0)} us (the client's and idle time excluded)\n`);
  for (const [part, us] of [...spent].sort((a, b) => b[1] - a[1])) {
    const share =
      part.startsWith("client") || part === "(idle)" ? "" : `${((100 * us) / server).toFixed(1).padStart(5)} %`;
    console.log(`${(us / requests).toFixed(1).padStart(8)} us/request ${share.padStart(8)}  ${part}`);
  }
  if (process.env.BENCH_TOP) {
    // The functions that spend the most CPU themselves (self time), for a look below the parts.
    const self = new Map<string, number>();
    profile.samples!.forEach((id, i) => {
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      const name = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*\/src\//, "src/")}:${lineNumber + 1}`;
      self.set(name, (self.get(name) ?? 0) + profile.timeDeltas![i]!);
    });
    console.log("\nself time, top functions:");
    for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_TOP)))
      console.log(`${(us / requests).toFixed(1).padStart(8)} us/request  ${name}`);
  }
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}

// The nested status-page query's figures for bench/graphql.ts: its SQL statement count (in
// process) and the server's CPU per uncached answer (against the bench's server process).
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { loadConfig } from "../../src/config.js";
import { buildApp } from "../../src/server.js";
import {
  ISSUE_DATASET,
  NESTED_STATUS_PAGES_QUERY,
  seedStatusPages,
} from "../../test/support/fixtures/status-page-dataset.js";
import { cpuMicros, serverCpuPerRequest } from "./graphql-breakdown.js";
import { once } from "./graphql-load.js";

/** In process: the bootstrap account and key, the data set, then the nested query's statements for 20 and for 5 pages. */
export async function seedAndCount(env: Record<string, string>) {
  let recording: string[] | null = null;
  // Without the engine: its scheduler's statements would be counted with the query's.
  const app = await buildApp(loadConfig({ ...env, PORT: "0", LOG_LEVEL: "silent", ENGINE_ENABLED: "false" }), {
    onQuery: (sql) => recording?.push(sql),
  });
  try {
    await seedStatusPages(app.context.database.prisma, env.VIGIL_ACCOUNT_ID!);
    const { url } = await app.start();
    const accountId = env.VIGIL_ACCOUNT_ID!;
    /**
     * The least count of 3 recordings: other work of the server (a key's usage flushed on a timer,
     * sweeps) may add statements to a window, never take the query's away. Before each, a page event
     * drops the account's remembered answer, and a trivial query warms the key cache (its lookup is
     * not the query's).
     */
    const count = async (first: number) => {
      const scenario = {
        name: `nested, first ${first}`,
        url,
        headers: { authorization: `Bearer ${env.VIGIL_API_KEY}` },
        body: JSON.stringify({ query: NESTED_STATUS_PAGES_QUERY, variables: { first } }),
      };
      let least = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3; attempt++) {
        app.context.events.publish({ type: "statusPageChanged", accountId, statusPageIds: [] });
        await once({ ...scenario, body: JSON.stringify({ query: "{ __typename }" }) });
        recording = [];
        await once(scenario);
        least = Math.min(least, recording.length);
        recording = null;
      }
      return least;
    };
    return { twenty: await count(20), five: await count(5) };
  } finally {
    await app.stop();
  }
}

/** The i-th uncached request (variedBody's i-th pair of arguments), its answer checked whole. */
export async function sendUncached(url: string, headers: Record<string, string>, i: number) {
  const data = await once({ name: "(a) uncached", url, headers, body: variedBody(i) });
  const updates = data.statusPages.edges[0].node.incidents.edges[0].node.updates.edges.length;
  if (data.statusPages.edges.length !== ISSUE_DATASET.pages || updates !== ISSUE_DATASET.updatesPerIncident)
    throw new Error("the uncached answer is incomplete");
}

/** Uncached answers measured, after 20 that warm the code paths up. */
export const UNCACHED_ANSWERS = 150;

/**
 * The nested query one request at a time, each with arguments no request sent before
 * (variedBody: every page has 10 incidents of 5 updates, so the same answer, but another cache
 * key), so every answer is computed. Its SQL is the same for all (varying the pages' `first`
 * would also have Prisma plan a new statement each time). The server's CPU per answer (from
 * /proc) and the latency. `cpuMs` is net of what the server spends on its own while answering
 * nothing (the engine's loops, the checkpointer: about 25 ms a second), measured for 2 s before
 * and after: at 1 connection that is charged to whichever answer is in flight, more the longer a
 * loaded machine makes each answer take. `grossCpuMs` keeps it.
 *
 * The server first settles: right after the load runs its collector still works off their
 * garbage (a major GC of the old generation they grew), and 36 answers measured then took 9.0
 * to 13.2 ms each for the same code. 150 answers hold the collections their own garbage costs.
 */
export async function uncachedAnswers(url: string, pid: number, headers: Record<string, string>) {
  const warmUp = 20;
  let latency = 0;
  const send = async (i: number) => {
    const started = performance.now();
    await sendUncached(url, headers, i);
    if (i >= warmUp) latency += performance.now() - started;
  };
  const count = UNCACHED_ANSWERS;
  await settled(pid);
  const idleBefore = await idleCpuPerMs(pid);
  const cpu = await serverCpuPerRequest(pid, send, { requests: count, concurrency: 1, warmUp });
  const idle = (idleBefore + (await idleCpuPerMs(pid))) / 2;
  const grossCpuMs = cpu / 1000;
  return {
    requests: count,
    cpuMs: grossCpuMs - (idle * latency) / count / 1000,
    grossCpuMs,
    idleMsPerSecond: idle,
    latencyMs: latency / count,
  };
}

/** Waits (up to 20 s) for a second in which the server used under 6% of a core: its collector done with the load. */
async function settled(pid: number) {
  for (let i = 0; i < 20; i++) if ((await idleCpuPerMs(pid, 1000)) < 60) return;
}

/** The server's CPU (us) per ms of wall time over `ms` in which nothing is sent to it. */
async function idleCpuPerMs(pid: number, ms = 2000): Promise<number> {
  const before = cpuMicros(pid);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (cpuMicros(pid) - before) / (performance.now() - started);
}

/** The nested query with `updates(first:)` and `incidents(first:)` as variables (the profiles' uncached answers). */
const VARIED_QUERY = NESTED_STATUS_PAGES_QUERY.replace("($first: Int!)", "($first: Int!, $updates: Int!)")
  .replace("updates(first: 20)", "updates(first: $updates)")
  .replace("$updates: Int!)", "$updates: Int!, $incidents: Int!)")
  .replace("incidents(first: 20)", "incidents(first: $incidents)");

/** The i-th body of VARIED_QUERY: 8,736 pairs of arguments, each another cache key for the same answer. */
export function variedBody(i: number): string {
  const variables = { first: ISSUE_DATASET.pages, updates: 5 + (i % 96), incidents: 10 + (Math.floor(i / 96) % 91) };
  return JSON.stringify({ query: VARIED_QUERY, variables });
}

/** A bench server's environment: a database in `dir`, the bootstrap account and its key, no rate limits. */
export function benchEnv(dir: string) {
  return {
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    RATE_LIMIT_PER_MINUTE: "0",
    KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
    VIGIL_ACCOUNT_ID: randomUUID(),
    VIGIL_API_KEY: `vg_bench_${randomUUID().replaceAll("-", "")}`,
  };
}

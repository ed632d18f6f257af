// The GraphQL gateway under load (issues 4 and 28): SQLite over loopback, the data set of the
// batching test (20 status pages, each with 3 cards of 5 services and 10 incidents of 5 updates),
// autocannon at 50 connections, alternating in one run between
//   (a) the nested status-page query (pages, cards { services }, incidents { updates }) sent with
//       a key, as the operator app sends it (the account's answer cache, answer-cache.ts, may answer),
//   (b) a trivial `{ viewer { account { id } } }` (what our stack costs per request),
//   (c) plain graphql-yoga on node:http serving a hard-coded `{ hello }` (the framework's ceiling).
// It also prints (a)'s SQL statement count, (a) at 1 connection, and the server's CPU per
// uncached answer of (a): 150 requests one at a time, once the server has settled after the load,
// whose `updates(first:)` and `incidents(first:)` (the same answer for any value from 5 and 10 up)
// differ from every earlier request's, so none is remembered (support/graphql-nested.ts).
// Goals (issue 28): (b) >= 0.9x (c); (a) p99 <= 100 ms; <= 10 ms of server CPU per uncached
// answer; the count fixed (the same for 5 and 20 pages) and at most 8. When (b) misses, it prints
// what a trivial request costs part by part (support/graphql-breakdown.ts);
// support/graphql-profile.ts charges a CPU profile to the parts (complexity plugin, auth, context,
// logging, database, yoga, Fastify), BENCH_UNCACHED=1 for uncached answers.
// support/graphql-server-profile.ts profiles `vigil serve` alone (--cpu-prof) over uncached answers.
//   npm run bench:graphql
//   BENCH_SECONDS=3 BENCH_ROUNDS=1 npm run bench:graphql
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../src/db/migrate.js";
import { ISSUE_DATASET, NESTED_STATUS_PAGES_QUERY } from "../test/support/fixtures/status-page-dataset.js";
import { record } from "./support/report.js";
import { printBreakdown } from "./support/graphql-breakdown.js";
import { seedAndCount, uncachedAnswers } from "./support/graphql-nested.js";
import {
  load,
  mean,
  once,
  printTable,
  startServer,
  stopServers,
  type Figures,
  type Scenario,
} from "./support/graphql-load.js";

/** Issue 28's goals. */
const GOALS = { trivialRatio: 0.9, nestedP99Ms: 100, uncachedCpuMs: 10, statements: 8 };

await main();

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-graphql-"));
  const url = `file:${join(dir, "bench.db")}`;
  const env = {
    DATABASE_URL: url,
    RATE_LIMIT_PER_MINUTE: "0",
    KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
    VIGIL_ACCOUNT_ID: randomUUID(),
    VIGIL_API_KEY: `vg_bench_${randomUUID().replaceAll("-", "")}`,
  };
  const children: ChildProcess[] = [];
  try {
    await migrate(url);
    const statements = await seedAndCount(env);
    console.log(
      `seeded ${ISSUE_DATASET.pages} pages x ${ISSUE_DATASET.cardsPerPage} cards x ${ISSUE_DATASET.servicesPerCard} services, ` +
        `${ISSUE_DATASET.incidentsPerPage} incidents x ${ISSUE_DATASET.updatesPerIncident} updates per page (${dir})`,
    );

    const vigil = await startServer(
      children,
      [new URL("../bin/vigil.js", import.meta.url).pathname, "serve"],
      { ...env, LOG_LEVEL: "warn" },
      "/-/readiness",
    );
    const plain = await startServer(
      children,
      ["--import", "tsx", new URL("./support/graphql-plain-yoga.ts", import.meta.url).pathname],
      {},
      "/graphql?query=%7Bhello%7D",
      true,
    );
    const auth = { authorization: `Bearer ${env.VIGIL_API_KEY}` };
    const scenarios: Scenario[] = [
      {
        name: "(a) nested status pages (vigil)",
        url: vigil,
        headers: auth,
        body: JSON.stringify({ query: NESTED_STATUS_PAGES_QUERY, variables: { first: 20 } }),
      },
      {
        name: "(b) { viewer { account { id } } } (vigil)",
        url: vigil,
        headers: auth,
        body: JSON.stringify({ query: "{ viewer { account { id } } }" }),
      },
      {
        name: "(c) { hello } (plain graphql-yoga)",
        url: plain,
        headers: {},
        body: JSON.stringify({ query: "{ hello }" }),
      },
    ];
    // Beside the goal: the nested query's own latency, with no queue in front of it.
    scenarios.push({ ...scenarios[0]!, name: "(a) nested status pages, 1 connection", connections: 1 });
    const nested = await once(scenarios[0]!);
    const incidents = nested.statusPages.edges.reduce((sum: number, e: any) => sum + e.node.incidents.edges.length, 0);
    if (
      nested.statusPages.edges.length !== ISSUE_DATASET.pages ||
      incidents !== ISSUE_DATASET.pages * ISSUE_DATASET.incidentsPerPage
    )
      throw new Error("the nested query's answer is incomplete");
    if ((await once(scenarios[1]!)).viewer.account.id !== env.VIGIL_ACCOUNT_ID)
      throw new Error("viewer answers another account");
    if ((await once(scenarios[2]!)).hello !== "world") throw new Error("plain yoga does not answer");
    console.log(
      `nested answer: ${(scenarios[0]!.body.length / 1024).toFixed(1)} KiB sent, ${(JSON.stringify({ data: nested }).length / 1024).toFixed(0)} KiB received`,
    );

    console.log(
      `autocannon: ${connections} connections, ${seconds} s per run, ${rounds} alternating rounds (Node ${process.version})`,
    );
    const figures = new Map<string, Figures[]>();
    for (let round = 0; round < rounds; round++) {
      for (const scenario of scenarios)
        figures.set(scenario.name, [...(figures.get(scenario.name) ?? []), await load(scenario, connections, seconds)]);
    }
    const results = scenarios.map((s) => mean(figures.get(s.name)!));
    const [a, b, c] = results as [Figures, Figures, Figures];
    printTable(scenarios.map((s, i) => [s.name, results[i]!]));
    const uncached = await uncachedAnswers(vigil, children[0]!.pid!, auth);
    console.log(
      `\n(a) uncached, one at a time (${uncached.requests} answers): ${uncached.cpuMs.toFixed(1)} ms server CPU per answer, ` +
        `${uncached.latencyMs.toFixed(1)} ms latency (${uncached.grossCpuMs.toFixed(1)} ms with the idle server's own ` +
        `${uncached.idleMsPerSecond.toFixed(0)} ms a second over the answer's latency)`,
    );
    console.log(
      `SQL statements of the nested query: ${statements.twenty} for 20 pages, ${statements.five} for 5 pages`,
    );
    const verdict = (met: boolean) => (met ? "met" : "NOT met");
    const ratio = b.rps / c.rps;
    console.log(
      `goal: (b) >= ${GOALS.trivialRatio}x (c) -> ${verdict(ratio >= GOALS.trivialRatio)} (${ratio.toFixed(2)}x)`,
    );
    console.log(
      `goal: (a) p99 <= ${GOALS.nestedP99Ms} ms -> ${verdict(a.p99 <= GOALS.nestedP99Ms)} (${a.p99.toFixed(1)} ms)`,
    );
    console.log(
      `goal: (a) <= ${GOALS.uncachedCpuMs} ms server CPU per uncached answer -> ` +
        `${verdict(uncached.cpuMs <= GOALS.uncachedCpuMs)} (${uncached.cpuMs.toFixed(1)} ms)`,
    );
    console.log(
      `goal: statement count fixed and <= ${GOALS.statements} -> ` +
        verdict(statements.twenty === statements.five && statements.twenty <= GOALS.statements),
    );
    const bench = "graphql";
    record({
      bench,
      name: "(b) { viewer { account { id } } }, vs (c) plain graphql-yoga",
      value: b.rps,
      baseline: c.rps,
      unit: "req/s",
      better: "higher",
      goal: { op: ">=", value: GOALS.trivialRatio, on: "ratio" },
    });
    record({
      bench,
      name: `(a) nested status pages p99, ${connections} connections`,
      value: a.p99,
      unit: "ms",
      better: "lower",
      goal: { op: "<=", value: GOALS.nestedP99Ms },
    });
    record({ bench, name: "(a) nested status pages", value: a.rps, unit: "req/s", better: "higher" });
    record({
      bench,
      name: "(a) server CPU per uncached answer",
      value: uncached.cpuMs,
      unit: "ms",
      better: "lower",
      goal: { op: "<=", value: GOALS.uncachedCpuMs },
    });
    record({
      bench,
      name: "SQL statements of the nested query, 20 pages",
      value: statements.twenty,
      unit: "statements",
      better: "lower",
      goal: { op: "<=", value: GOALS.statements },
    });
    // The breakdown below explains a miss of (b); bench:quick has no time for it.
    if (ratio < GOALS.trivialRatio && !process.env.BENCH_REPORT)
      await printBreakdown(
        { base: vigil, pid: children[0]!.pid!, apiKey: env.VIGIL_API_KEY },
        { base: plain, pid: children[1]!.pid! },
      );
  } finally {
    await stopServers(children);
    rmSync(dir, { recursive: true, force: true });
  }
}

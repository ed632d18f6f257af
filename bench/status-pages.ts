// Status pages on the web under load (issue 13): SQLite, a page of 20 services and 100 incidents,
// autocannon at 50 connections alternating in one run between
//   (a) GET /status/{url}, the rendered page (vigil serve),
//   (b) the key-less GraphQL nested query publicStatusPage { cards { services } incidents { updates } },
//   (c) node:http answering the same bytes as (a) from memory (the ceiling).
// It also prints a cold render (the cache emptied before each request) and its statement count.
// Goals: (a) >= 0.5x (c) req/s; (b) p99 < 100 ms; a cold render < 50 ms.
//   npm run bench:status-pages
//   BENCH_SECONDS=3 BENCH_ROUNDS=1 npm run bench:status-pages
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../src/config.js";
import { migrate } from "../src/db/migrate.js";
import { buildApp } from "../src/server.js";
import { mean, printTable, startServer, stopServers, type Figures } from "./support/graphql-load.js";
import { record } from "./support/report.js";
import { seedBenchPage } from "./support/status-page-seed.js";

const URL_SLUG = "bench-status";
const PUBLIC_QUERY = `query ($url: String!) { publicStatusPage(url: $url) {
  id name description cards { id name services { id name } }
  incidents(first: 100) { edges { node { id name severity lastUpdateStatus services { id name }
    updates(first: 10) { edges { node { id status description publicIncidentUpdateDate } } } } } }
} }`;

type Target = { name: string; url: string; method: "GET" | "POST"; headers?: Record<string, string>; body?: string };

await main();

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-status-pages-"));
  const url = `file:${join(dir, "bench.db")}`;
  const env = {
    DATABASE_URL: url,
    RATE_LIMIT_PER_MINUTE: "0",
    // One client address makes every request: the per-address key-less limit would answer 429s.
    KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
    VIGIL_ACCOUNT_ID: randomUUID(),
    VIGIL_API_KEY: `vg_bench_${randomUUID().replaceAll("-", "")}`,
  };
  const children: ChildProcess[] = [];
  try {
    await migrate(url);
    const cold = await seedAndRenderCold(env);
    console.log(`seeded 1 page: 4 cards, 20 services, 100 incidents x 3 updates over 90 days (${dir})`);
    console.log(
      `cold render (cache emptied before each of ${cold.times.length}): median ${cold.median.toFixed(1)} ms, ` +
        `max ${cold.max.toFixed(1)} ms, ${cold.statements} SQL statements, ${(cold.bytes / 1024).toFixed(1)} KiB`,
    );

    const vigil = await startServer(
      children,
      [new URL("../bin/vigil.js", import.meta.url).pathname, "serve"],
      { ...env, LOG_LEVEL: "warn" },
      "/-/readiness",
    );
    const page = await fetch(`${vigil}/status/${URL_SLUG}`);
    const bytes = await page.text();
    if (page.status !== 200 || !bytes.includes("Incident 0"))
      throw new Error(`the page does not answer: ${page.status}`);
    const file = join(dir, "page.html");
    writeFileSync(file, bytes);
    const stat = await startServer(
      children,
      ["--import", "tsx", new URL("./support/static-server.ts", import.meta.url).pathname, file],
      {},
      "/",
      true,
    );

    const graphql = { query: PUBLIC_QUERY, variables: { url: URL_SLUG } };
    const answer = (await (
      await fetch(`${vigil}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(graphql),
      })
    ).json()) as { data?: { publicStatusPage?: { incidents: { edges: unknown[] } } }; errors?: unknown };
    if (answer.errors || answer.data?.publicStatusPage?.incidents.edges.length !== 100)
      throw new Error(`the GraphQL query does not answer: ${JSON.stringify(answer.errors)}`);

    const targets: Target[] = [
      { name: "(a) GET /status/{url} (vigil)", url: `${vigil}/status/${URL_SLUG}`, method: "GET" },
      {
        name: "(b) key-less GraphQL publicStatusPage",
        url: `${vigil}/graphql`,
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
        body: JSON.stringify(graphql),
      },
      { name: "(c) same bytes from memory (node:http)", url: stat, method: "GET" },
    ];
    console.log(
      `page: ${(bytes.length / 1024).toFixed(1)} KiB; autocannon: ${connections} connections, ${seconds} s per run, ${rounds} alternating rounds (Node ${process.version})`,
    );
    const figures = new Map<string, Figures[]>();
    for (let round = 0; round < rounds; round++)
      for (const target of targets)
        figures.set(target.name, [...(figures.get(target.name) ?? []), await load(target, connections, seconds)]);
    const [a, b, c] = targets.map((t) => mean(figures.get(t.name)!)) as [Figures, Figures, Figures];
    printTable(targets.map((t, i) => [t.name, [a, b, c][i]!]));
    // Latency goals mean little on a machine already busy: say how busy it was.
    console.log(
      `\nload average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${cpus().length} CPUs`,
    );
    const verdict = (met: boolean) => (met ? "met" : "NOT met");
    console.log(`goal: (a) >= 0.5x (c) req/s -> ${verdict(a.rps >= 0.5 * c.rps)} (${(a.rps / c.rps).toFixed(2)}x)`);
    console.log(`goal: (b) p99 < 100 ms -> ${verdict(b.p99 < 100)} (${b.p99.toFixed(1)} ms)`);
    console.log(`goal: cold render < 50 ms -> ${verdict(cold.median < 50)} (median ${cold.median.toFixed(1)} ms)`);
    const bench = "status-pages";
    const perSecond = { bench, unit: "req/s", better: "higher" } as const;
    record({
      ...perSecond,
      name: "(a) GET /status/{url}, vs (c) the same bytes from node:http",
      value: a.rps,
      baseline: c.rps,
      goal: { op: ">=", value: 0.5, on: "ratio" },
    });
    record({ ...perSecond, name: "(b) key-less GraphQL publicStatusPage", value: b.rps });
    record({
      bench,
      name: "(b) key-less GraphQL publicStatusPage p99",
      value: b.p99,
      unit: "ms",
      better: "lower",
      goal: { op: "<", value: 100 },
    });
    record({
      bench,
      name: "cold render, median",
      value: cold.median,
      unit: "ms",
      better: "lower",
      goal: { op: "<", value: 50 },
    });
    record({ bench, name: "cold render, SQL statements", value: cold.statements, unit: "statements", better: "lower" });
  } finally {
    await stopServers(children);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function load(target: Target, connections: number, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
  });
  if (result.errors || result.non2xx || result.timeouts)
    throw new Error(`${target.name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  await new Promise((r) => setTimeout(r, 500));
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** In process: seeds the page, then renders it with the cache emptied before each request (a page write's event does that). */
async function seedAndRenderCold(env: Record<string, string>) {
  let recording: string[] | null = null;
  const app = await buildApp(loadConfig({ ...env, PORT: "0", LOG_LEVEL: "silent", ENGINE_ENABLED: "false" }), {
    onQuery: (sql) => recording?.push(sql),
  });
  try {
    const pageId = await seedBenchPage(app.context.database.prisma, env.VIGIL_ACCOUNT_ID!, URL_SLUG);
    const { url } = await app.start();
    const empty = () =>
      app.context.events.publish({
        type: "statusPageChanged",
        accountId: env.VIGIL_ACCOUNT_ID!,
        statusPageIds: [pageId],
      });
    const render = async () => {
      empty();
      const started = performance.now();
      const response = await fetch(`${url}/status/${URL_SLUG}`);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`cold render: ${response.status}`);
      return { ms: performance.now() - started, bytes: body.length };
    };
    for (let i = 0; i < 5; i++) await render(); // JIT warm-up: the first renders compile the templates
    recording = [];
    const { bytes } = await render();
    const statements = recording.length;
    recording = null;
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push((await render()).ms);
    times.sort((x, y) => x - y);
    return { times, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, statements, bytes };
  } finally {
    await app.stop();
  }
}

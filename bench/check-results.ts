// Check-results read path under load: 1,000,000 results of one check seeded in bulk (raw
// better-sqlite3, in Prisma's storage format) on SQLite, then autocannon over loopback against
// Vigil (`vigil serve`) and, alternating with it, a minimal node:http server that reads the same
// rows with one prepared statement and answers the same JSON (the physical limit).
// Goals: the v2 first page (an authenticated REST read) >= 0.8x the baseline's throughput (issue
// 28), every scenario >= 0.5x; the v2 page 900,000 deep within 1.5x the first page's latency.
// Figures are medians of BENCH_ROUNDS (3) alternated rounds. Each server's CPU per request
// (/proc/<pid>/stat) is printed too: load from other processes disturbs it less than throughput.
// Where the CPU goes: bench/support/check-results-profile.ts.
//   npm run bench:check-results
//   BENCH_RESULTS=200000 BENCH_SECONDS=3 BENCH_ROUNDS=1 npm run bench:check-results  (small, quick)
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import autocannon from "autocannon";
import { migrate } from "../src/db/migrate.js";
import { checkResultCursor } from "../src/domain/check-results/cursor.js";
import { freePort } from "../test/support/postgres-server.js";
import { seedResults } from "./support/check-results-seed.js";
import { record } from "./support/report.js";
import { cpuSeconds } from "./support/engine-load.js";

/** The goal for the v2 first page (issue 28: an authenticated REST read). */
const FIRST_PAGE_GOAL = 0.8;

await main();

async function main() {
  const total = Number(process.env.BENCH_RESULTS ?? 1_000_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  // Issue 28 takes each figure as the median of at least three alternated rounds.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const deep = Math.min(900_000, total - 100);
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-results-"));
  const path = join(dir, "bench.db");
  const url = `file:${path}`;
  const children: ChildProcess[] = [];
  try {
    await migrate(url);
    const seeded = seedResults(path, total);
    console.log(`seeded ${total.toLocaleString("en")} results in ${(seeded.ms / 1000).toFixed(1)} s (${dir})`);
    const pids = new Map<string, number>();
    const ours = await start(children, [new URL("../bin/vigil.js", import.meta.url).pathname, "serve"], {
      DATABASE_URL: url,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "0",
      KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
      VIGIL_ACCOUNT_ID: seeded.accountId,
      VIGIL_API_KEY: seeded.apiKey,
    });
    const baseline = await start(
      children,
      ["--import", "tsx", new URL("./support/baseline-server.ts", import.meta.url).pathname, "--baseline"],
      {},
      path,
    );
    const headers = { authorization: `Bearer ${seeded.apiKey}` };
    pids.set(ours, children[0]!.pid!);
    pids.set(baseline, children[1]!.pid!);

    // The deep page is reached by its cursor: the nextId of the page before it, as the API returns it.
    const before = checkResultCursor(seeded.positionAt(deep - 100));
    const previous = (await (
      await fetch(`${ours}/v2/check-results/${seeded.checkId}?limit=100&nextId=${before}`, { headers })
    ).json()) as { nextId: string };
    if (previous.nextId !== checkResultCursor(seeded.positionAt(deep)))
      throw new Error("the API's cursor does not lead to the expected deep page");
    const scenarios = [
      { name: "v2 first page (limit=100)", path: `/v2/check-results/${seeded.checkId}?limit=100` },
      {
        name: `v2 page ${deep.toLocaleString("en")} deep`,
        path: `/v2/check-results/${seeded.checkId}?limit=100&nextId=${previous.nextId}`,
      },
      { name: "v1 page=1 (limit=100)", path: `/v1/check-results/${seeded.checkId}?limit=100&page=1` },
    ];
    for (const scenario of scenarios) {
      const [a, b] = await Promise.all(
        [ours, baseline].map(async (base) => (await fetch(`${base}${scenario.path}`, { headers })).json()),
      );
      if (!isDeepStrictEqual(a, b)) throw new Error(`${scenario.name}: the baseline's JSON differs from Vigil's`);
      const entries = Array.isArray(a) ? a.length : (a as { length: number }).length;
      if (entries !== 100) throw new Error(`${scenario.name}: expected 100 entries, got ${entries}`);
    }

    // Unmeasured: both servers' code is compiled by the JIT before the first measured run.
    const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
    for (const base of [ours, baseline])
      for (const scenario of scenarios)
        await autocannon({ url: `${base}${scenario.path}`, headers, connections, duration: warmup / scenarios.length });
    console.log(
      `autocannon: ${connections} connections, ${seconds} s per run, ${rounds} alternating rounds after ${warmup} s of warm-up per server (Node ${process.version})`,
    );
    const figures = new Map<string, Figures[]>();
    for (let round = 0; round < rounds; round++) {
      for (const scenario of scenarios) {
        for (const [server, base] of [
          ["vigil", ours],
          ["baseline", baseline],
        ] as const) {
          const key = `${scenario.name}|${server}`;
          figures.set(key, [
            ...(figures.get(key) ?? []),
            await load(`${base}${scenario.path}`, headers, connections, seconds, pids.get(base)!),
          ]);
        }
      }
    }
    report(
      scenarios.map((s) => s.name),
      figures,
    );
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((r) => child.once("exit", r)) : null)),
    );
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts a server child process on a free port and waits until it answers. */
async function start(
  children: ChildProcess[],
  args: string[],
  env: Record<string, string>,
  ...extra: string[]
): Promise<string> {
  const port = await freePort();
  const isBaseline = args.includes("--baseline");
  const script = isBaseline ? args.filter((a) => a !== "--baseline") : args;
  const child = spawn(process.execPath, [...script, ...(isBaseline ? [String(port), ...extra] : [])], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${isBaseline ? "/ready" : "/-/readiness"}`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("server did not start within 60 s");
}

type Figures = { rps: number; p50: number; p99: number; cpuUs: number };

async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
  pid: number,
): Promise<Figures> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections, duration });
  const cpu = cpuSeconds(pid) - cpuBefore;
  if (result.errors || result.non2xx || result.timeouts)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  const cpuUs = (cpu * 1e6) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs };
}

function report(names: string[], figures: Map<string, Figures[]>) {
  /** The median of the rounds (the mean of the middle two for an even count): one disturbed round moves it least. */
  const median = (list: Figures[], key: keyof Figures) => {
    const sorted = list.map((f) => f[key]).sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  };
  const row = (name: string, server: string) => {
    const list = figures.get(`${name}|${server}`)!;
    return {
      rps: median(list, "rps"),
      p50: median(list, "p50"),
      p99: median(list, "p99"),
      cpuUs: median(list, "cpuUs"),
    };
  };
  console.log(
    `\n${"scenario".padEnd(30)} ${"server".padEnd(9)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"CPU us/req".padStart(10)}  vigil/baseline`,
  );
  for (const name of names) {
    const vigil = row(name, "vigil");
    const baseline = row(name, "baseline");
    for (const [server, f] of [
      ["vigil", vigil],
      ["baseline", baseline],
    ] as const) {
      const ratio =
        server === "vigil"
          ? `${(vigil.rps / baseline.rps).toFixed(2)}x req/s, ${(vigil.cpuUs / baseline.cpuUs).toFixed(2)}x CPU`
          : "";
      console.log(
        `${name.padEnd(30)} ${server.padEnd(9)} ${f.rps.toFixed(0).padStart(8)} ${f.p50.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${f.cpuUs.toFixed(0).padStart(10)}  ${ratio}`,
      );
    }
  }
  const [first, deepName] = names as [string, string];
  const ratioOf = (name: string) => row(name, "vigil").rps / row(name, "baseline").rps;
  const worst = Math.min(...names.map(ratioOf));
  const deepRatio = row(deepName, "vigil").p50 / Math.max(row(first, "vigil").p50, 0.1);
  const deepP99 = row(deepName, "vigil").p99 / Math.max(row(first, "vigil").p99, 0.1);
  console.log(
    `\ngoal (issue 28): v2 first page >= ${FIRST_PAGE_GOAL}x baseline -> ${ratioOf(first) >= FIRST_PAGE_GOAL ? "met" : "NOT met"} (${ratioOf(first).toFixed(2)}x)`,
  );
  console.log(
    `goal: throughput >= 0.5x baseline on every scenario -> ${worst >= 0.5 ? "met" : "NOT met"} (lowest ${worst.toFixed(2)}x)`,
  );
  console.log(
    `goal: deep v2 page latency <= 1.5x first page -> ${deepRatio <= 1.5 && deepP99 <= 1.5 ? "met" : "NOT met"} (p50 ${deepRatio.toFixed(2)}x, p99 ${deepP99.toFixed(2)}x)`,
  );
  const bench = "check-results";
  for (const name of names) {
    const goal = name === first ? FIRST_PAGE_GOAL : 0.5;
    const [vigil, baseline] = [row(name, "vigil"), row(name, "baseline")];
    record({
      bench,
      name: `${name}, vs the hand-written server`,
      value: vigil.rps,
      baseline: baseline.rps,
      unit: "req/s",
      better: "higher",
      goal: { op: ">=", value: goal, on: "ratio" },
    });
    record({
      bench,
      name: `${name}: server CPU per request, vs the hand-written server`,
      value: vigil.cpuUs,
      baseline: baseline.cpuUs,
      unit: "us",
      better: "lower",
    });
  }
  record({
    bench,
    name: "deep v2 page p50 / first page p50",
    value: deepRatio,
    unit: "x",
    better: "lower",
    goal: { op: "<=", value: 1.5 },
  });
}

// The private-location agent under load: `vigil serve` on a fresh SQLite database, a local HTTP
// target, one agent process (bin/vigil-agent.js) with JOB_CONCURRENCY=10, and BENCH_RUNS (2,000)
// private-location runs of an API check queued at once. Measures runs per second (first claim to
// last result), claim-to-result latency (the run's claimedAt to its FINAL result's createdAt, from
// the database) and the agent's peak memory (VmHWM of /proc/<pid>/status).
//   npx tsx bench/agent.ts
//   BENCH_RUNS=500 BENCH_CONCURRENCY=5 npx tsx bench/agent.ts
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { freePort } from "../test/support/postgres-server.js";
import { record } from "./support/report.js";

await main();

async function main() {
  const total = Number(process.env.BENCH_RUNS ?? 2_000);
  const concurrency = process.env.BENCH_CONCURRENCY ?? "10";
  const dir = mkdtempSync(join(tmpdir(), "vigil-bench-agent-"));
  const url = `file:${join(dir, "bench.db")}`;
  const children: ChildProcess[] = [];
  let hits = 0;
  const target = createServer((_request, response) => {
    hits++;
    response.end("ok");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  try {
    await migrate(url);
    const accountId = randomUUID();
    const apiKey = `vg_bench_${randomBytes(16).toString("hex")}`;
    const service = await serve(children, {
      DATABASE_URL: url,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "0",
      KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
      VIGIL_ACCOUNT_ID: accountId,
      VIGIL_API_KEY: apiKey,
    });
    const created = await fetch(`${service}/v1/private-locations`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench", slugName: "bench" }),
    });
    const location = (await created.json()) as { id: string; slugName: string; keys: { rawKey: string }[] };

    const database = await openDatabase(url);
    const db = database.prisma;
    const check = await db.check.create({
      data: {
        accountId,
        checkType: "API",
        name: "bench",
        locations: [],
        tags: [],
        privateLocations: [location.slugName],
        request: { method: "GET", url: targetUrl, headers: [], queryParameters: [], assertions: [] },
      },
    });
    const dueAt = new Date();
    for (let i = 0; i < total; i += 500) {
      await db.checkRun.createMany({
        data: Array.from({ length: Math.min(500, total - i) }, () => ({
          accountId,
          checkId: check.id,
          privateLocationId: location.id,
          sequenceId: randomUUID(),
          status: "QUEUED",
          dueAt,
        })),
      });
    }
    console.log(
      `queued ${total} private-location runs; starting one agent with JOB_CONCURRENCY=${concurrency} (Node ${process.version})`,
    );

    const agent = spawn(process.execPath, [new URL("../bin/vigil-agent.js", import.meta.url).pathname], {
      env: {
        ...process.env,
        API_KEY: location.keys[0]!.rawKey,
        VIGIL_URL: service,
        JOB_CONCURRENCY: concurrency,
        AGENT_HEALTH_PORT: "0",
        LOG_LEVEL: "warn",
        EXTERNAL_OBSERVABILITY: "off",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(agent);
    const deadline = Date.now() + 10 * 60_000;
    for (;;) {
      const done = await db.checkRun.count({ where: { checkId: check.id, status: "DONE" } });
      if (done === total) break;
      if (agent.exitCode !== null) throw new Error(`the agent exited with ${agent.exitCode}`);
      if (Date.now() > deadline) throw new Error(`only ${done} of ${total} runs done after 10 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const memory = peakMemory(agent.pid!);
    const cpu = { agent: cpuSeconds(agent.pid!), service: cpuSeconds(children[0]!.pid!) };

    const runs = await db.checkRun.findMany({ where: { checkId: check.id }, select: { id: true, claimedAt: true } });
    const results = await db.checkResult.findMany({
      where: { checkId: check.id, resultType: "FINAL" },
      select: { checkRunId: true, createdAt: true },
    });
    const resultAt = new Map(results.map((r) => [r.checkRunId, r.createdAt.getTime()]));
    const latencies = runs.map((run) => resultAt.get(run.id)! - run.claimedAt!.getTime()).sort((a, b) => a - b);
    const firstClaim = Math.min(...runs.map((r) => r.claimedAt!.getTime()));
    const lastResult = Math.max(...results.map((r) => r.createdAt.getTime()));
    const seconds = (lastResult - firstClaim) / 1000;
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    if (results.length !== total || hits !== total)
      throw new Error(`expected ${total} results and target hits, got ${results.length} and ${hits}`);

    console.log(
      `runs: ${total} in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(1)} runs/s (every run once: ${hits} target hits, ${results.length} FINAL results)`,
    );
    console.log(`claim-to-result latency: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)} ms`);
    console.log(`agent memory: peak RSS (VmHWM) ${memory.hwm}, RSS at the end ${memory.rss}`);
    console.log(`CPU time (start-up included): agent ${cpu.agent.toFixed(1)} s, service ${cpu.service.toFixed(1)} s`);
    const bench = "agent";
    record({
      bench,
      name: `private-location runs, JOB_CONCURRENCY=${concurrency}`,
      value: total / seconds,
      unit: "runs/s",
      better: "higher",
    });
    record({ bench, name: "claim-to-result latency p99", value: at(0.99), unit: "ms", better: "lower" });
    record({
      bench,
      name: "agent peak RSS (VmHWM)",
      value: Number.parseFloat(memory.hwm),
      unit: "MiB",
      better: "lower",
    });
    record({ bench, name: "agent CPU per run", value: (cpu.agent / total) * 1000, unit: "ms", better: "lower" });
    await database.close();
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((r) => child.once("exit", r)) : null)),
    );
    target.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** user + system CPU seconds of a process so far (/proc/<pid>/stat, fields 14 and 15, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function peakMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => {
    const kb = Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return `${(kb / 1024).toFixed(1)} MiB`;
  };
  return { hwm: field("VmHWM"), rss: field("VmRSS") };
}

async function serve(children: ChildProcess[], env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [new URL("../bin/vigil.js", import.meta.url).pathname, "serve"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`vigil serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/-/readiness`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("vigil serve did not start within 60 s");
}

// Helpers of bench/graphql.ts: server child processes, autocannon runs, and the report.
import { spawn, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import { freePort } from "../../test/support/postgres-server.js";

/** Starts a server child process on a free port and waits until `ready` answers 200. */
export async function startServer(
  children: ChildProcess[],
  args: string[],
  env: Record<string, string>,
  ready: string,
  portArg = false,
): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [...args, ...(portArg ? [String(port)] : [])], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server ${args.join(" ")} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${ready}`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("server did not start within 60 s");
}

export async function stopServers(children: ChildProcess[]) {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once("exit", r)) : null,
    ),
  );
}

export type Scenario = {
  name: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  connections?: number;
};
export type Figures = { rps: number; p50: number; p99: number };

/** POSTs the scenario's GraphQL document for `seconds` at `connections`; any error or non-2xx fails the run. */
export async function load(scenario: Scenario, connections: number, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: `${scenario.url}/graphql`,
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", ...scenario.headers },
    body: scenario.body,
    connections: scenario.connections ?? connections,
    duration: seconds,
  });
  if (result.errors || result.non2xx || result.timeouts)
    throw new Error(`${scenario.name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  await settle(scenario.url);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Waits until the server has worked off what the run left queued (requests whose client has gone
 * still execute), so that the next run does not pay for this one: a cheap GET answers fast twice.
 */
async function settle(base: string) {
  const probe = `${base}/graphql?query=%7B__typename%7D`;
  for (let fast = 0, deadline = Date.now() + 30_000; fast < 2 && Date.now() < deadline; ) {
    const started = performance.now();
    await (await fetch(probe, { headers: { accept: "application/json" } })).arrayBuffer();
    fast = performance.now() - started < 10 ? fast + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One POST, checked: the answer's data, or an error naming the scenario. */
export async function once(scenario: Scenario): Promise<any> {
  const response = await fetch(`${scenario.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...scenario.headers },
    body: scenario.body,
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (response.status !== 200 || body.errors)
    throw new Error(`${scenario.name}: ${response.status} ${JSON.stringify(body.errors)}`);
  return body.data;
}

export function mean(list: Figures[]): Figures {
  const avg = (key: keyof Figures) => list.reduce((sum, f) => sum + f[key], 0) / list.length;
  return { rps: avg("rps"), p50: avg("p50"), p99: avg("p99") };
}

export function printTable(rows: [string, Figures][]) {
  console.log(`\n${"scenario".padEnd(44)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  for (const [name, f] of rows)
    console.log(
      `${name.padEnd(44)} ${f.rps.toFixed(0).padStart(8)} ${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)}`,
    );
}

// Start-up of the `vigil` command, compiled (what `npm start` and `npx vigil` run: dist/, built at
// install) against the TypeScript sources through tsx (what they ran before the build step):
// `serve` to readiness 200 on an empty SQLite file (migrations applied) and on a migrated one, and
// one CLI call (`accounts create`). Runs alternate between the two modes.
//   npm run bench:cold-start        (BENCH_RUNS, default 5)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../test/support/postgres-server.js";
import { record } from "./support/report.js";

const root = new URL("..", import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const modes = {
  compiled: [join(root, "bin/vigil.js")],
  "tsx (source)": ["--import", "tsx", join(root, "src/cli.ts")],
} as const;
type Mode = keyof typeof modes;

if (!existsSync(join(root, "dist/.built")) || spawnSync(process.execPath, [join(root, "scripts/build.js")]).status) {
  throw new Error("bench: dist/ could not be built (npm run build)");
}
console.log(`dist/ built at ${statSync(join(root, "dist/.built")).mtime.toISOString()}`);

async function startOnce(mode: Mode, databaseUrl: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...modes[mode], "serve"], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/-/readiness`)).status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`vigil exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

function cliOnce(mode: Mode, databaseUrl: string): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [...modes[mode], "accounts", "create", "--name", "Bench"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
  });
  if (run.status !== 0) throw new Error(`vigil accounts create exited with ${run.status}: ${run.stderr}`);
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const figures = new Map<string, number[]>();
const add = (key: string, ms: number) => figures.set(key, [...(figures.get(key) ?? []), ms]);
for (let i = 0; i < runs; i++) {
  for (const mode of Object.keys(modes) as Mode[]) {
    const url = `file:${join(mkdtempSync(join(tmpdir(), "vigil-cold-")), "vigil.db")}`;
    add(`${mode}: serve, cold (empty SQLite, migrations applied)`, await startOnce(mode, url));
    add(`${mode}: serve, warm (migrated SQLite)`, await startOnce(mode, url));
    add(`${mode}: CLI accounts create`, cliOnce(mode, url));
  }
}
const width = Math.max(...[...figures.keys()].map((k) => k.length));
for (const [key, values] of [...figures].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `${key.padEnd(width)}  median ${median(values).toFixed(0).padStart(5)} ms  [${values.map((x) => x.toFixed(0)).join(", ")}]`,
  );
}
for (const what of [
  "serve, cold (empty SQLite, migrations applied)",
  "serve, warm (migrated SQLite)",
  "CLI accounts create",
])
  record({
    bench: "cold-start",
    name: `compiled ${what}, vs tsx (source)`,
    value: median(figures.get(`compiled: ${what}`)!),
    baseline: median(figures.get(`tsx (source): ${what}`)!),
    unit: "ms",
    better: "lower",
  });

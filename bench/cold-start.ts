// Cold start of `npm start`'s command (node bin/vigil.js serve) to readiness 200 on an empty
// SQLite database (migrations applied at start), and a warm start on the migrated file.
//   npm run bench:cold-start
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../test/support/postgres-server.js";

const bin = new URL("../bin/vigil.js", import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 5);

async function startOnce(databaseUrl: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [bin, "serve"], {
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const url = `file:${join(mkdtempSync(join(tmpdir(), "vigil-cold-")), "vigil.db")}`;
  cold.push(await startOnce(url));
  warm.push(await startOnce(url));
}
console.log(
  `cold start to readiness (empty SQLite, migrations applied): median ${median(cold).toFixed(0)} ms  [${cold.map((x) => x.toFixed(0)).join(", ")}]`,
);
console.log(
  `warm start to readiness (migrated SQLite):                 median ${median(warm).toFixed(0)} ms  [${warm.map((x) => x.toFixed(0)).join(", ")}]`,
);

// The server's own CPU profile of uncached nested answers: `vigil serve` in a child process under
// --cpu-prof, the client (this process) apart, so that the profile holds the server alone.
//   tsx bench/support/graphql-server-profile.ts        (BENCH_REQUESTS=400, BENCH_SAVE=dir keeps the profile)
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Profiler } from "node:inspector";
import { migrate } from "../../src/db/migrate.js";
import { charge, printCharges, printTop } from "./cpu-profile.js";
import { once } from "./graphql-load.js";
import { benchEnv, seedAndCount, variedBody } from "./graphql-nested.js";
import { ready } from "./server-process.js";
import { PARTS } from "./graphql-profile-parts.js";
import { freePort } from "../../test/support/postgres-server.js";

const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const dir = mkdtempSync(join(tmpdir(), "vigil-bench-server-profile-"));
const profiles = process.env.BENCH_SAVE ?? join(dir, "profiles");
const env = benchEnv(dir);
try {
  await migrate(env.DATABASE_URL);
  await seedAndCount(env);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
      "--cpu-prof",
      `--cpu-prof-dir=${profiles}`,
      "--cpu-prof-interval=200",
      new URL("../../bin/vigil.js", import.meta.url).pathname,
      "serve",
    ],
    {
      env: { ...process.env, ...env, LOG_LEVEL: "warn", PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", process.env.BENCH_STDOUT ? "inherit" : "ignore", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await ready(`${url}/-/readiness`, child);
  const headers = { authorization: `Bearer ${env.VIGIL_API_KEY}` };
  const warmUp = 40;
  let started = 0;
  for (let i = 0; i < warmUp + requests; i++) {
    if (i === warmUp) started = performance.now();
    const data = await once({ name: "uncached", url, headers, body: variedBody(i) });
    if (data.statusPages.edges.length !== 20) throw new Error("incomplete answer");
  }
  const ended = performance.now();
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  const exited = performance.now();
  const file = readdirSync(profiles).find((f) => f.endsWith(".cpuprofile"))!;
  const whole = JSON.parse(readFileSync(join(profiles, file), "utf8")) as Profiler.Profile;
  // The samples of the measured requests alone: the profile ends at the exit, the client's clock places the window.
  const profile = window(whole, (exited - started) * 1000, (exited - ended) * 1000);
  printCharges(charge(profile, PARTS), requests);
  printTop(profile, requests, Number(process.env.BENCH_TOP ?? 40));
  if (process.env.BENCH_SAVE) writeFileSync(join(profiles, "window.cpuprofile"), JSON.stringify(profile));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The profile's samples from `fromEnd` to `toEnd` microseconds before its end. */
function window(profile: Profiler.Profile, fromEnd: number, toEnd: number): Profiler.Profile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  profile.samples!.forEach((id, i) => {
    at += profile.timeDeltas![i]!;
    const before = profile.endTime - at;
    if (before <= fromEnd && before >= toEnd) {
      samples.push(id);
      timeDeltas.push(profile.timeDeltas![i]!);
    }
  });
  return { ...profile, samples, timeDeltas };
}

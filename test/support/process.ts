// Runs the real `vigil` command (bin/vigil.js) as a child process.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { emptyDatabaseUrl } from "./database.js";
import { freePort } from "./postgres-server.js";

const bin = new URL("../../bin/vigil.js", import.meta.url).pathname;

/** The environment of a child: this process's, less anything that configures Vigil. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(PORT|HOST|DATABASE_URL|VIGIL_|RATE_LIMIT|KEYLESS_|TRUST_PROXY|GRAPHQL_|LOG_LEVEL)/.test(k),
    ),
  );
  return { ...base, LOG_LEVEL: "warn", ...env };
}

export function runVigil(args: string[], env: Record<string, string>): Promise<Exited> {
  return runToExit(bin, args, childEnv(env));
}

export type Exited = { code: number | null; stdout: string; stderr: string };

/** Runs a script with `env` (complete: nothing of this process's is added) to its exit. */
export function runToExit(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Exited> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

export type Served = { child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string };

/**
 * Starts `vigil serve` and resolves once readiness answers 200; with `openFiles`, under that
 * open-files limit (`ulimit -n`, as a host's default of 1024 would be).
 */
export async function serveVigil(env: Record<string, string>, port: number, openFiles?: number): Promise<Served> {
  const command = openFiles
    ? ["/bin/sh", ["-c", `ulimit -n ${openFiles} && exec "$0" "$@"`, process.execPath, bin, "serve"]]
    : [process.execPath, [bin, "serve"]];
  const child = spawn(command[0] as string, command[1] as string[], {
    env: childEnv({ ...env, PORT: String(port), HOST: "127.0.0.1" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`vigil serve exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/-/readiness`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`vigil serve did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, exited, output: () => output };
}

/**
 * `vigil serve` on a free port and an empty database, with a bootstrap account and API key of its
 * own, no rate limit and no engine (for tests that load it with requests); `env` adds or overrides.
 */
export async function serveWithAccount(env: Record<string, string> = {}) {
  const accountId = randomUUID();
  const apiKey = `vg_served_${randomUUID()}`;
  const databaseUrl = await emptyDatabaseUrl();
  const served = await serveVigil(
    {
      DATABASE_URL: databaseUrl,
      VIGIL_ACCOUNT_ID: accountId,
      VIGIL_API_KEY: apiKey,
      RATE_LIMIT_PER_MINUTE: "0",
      ENGINE_ENABLED: "false",
      ...env,
    },
    await freePort(),
  );
  return { ...served, accountId, apiKey, databaseUrl };
}

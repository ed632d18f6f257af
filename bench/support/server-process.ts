// Helpers for benchmarks that run `vigil serve` in a child process.
import { type ChildProcess, spawn } from "node:child_process";

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Resolves once `url` answers 2xx; throws when the process exits or 60 s pass. */
export async function ready(url: string, proc: ChildProcess) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error("server did not start within 60 s");
}

/**
 * `vigil serve` on 127.0.0.1:`port` against `databaseUrl`, with a bootstrap account and key and
 * warnings only on stderr (`env` adds or overrides variables); resolves once it is ready, and kills
 * it if it does not get there.
 */
export async function startServe({
  databaseUrl,
  port,
  accountId,
  apiKey,
  env = {},
}: {
  databaseUrl: string;
  port: number;
  accountId: string;
  apiKey: string;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [new URL("../../bin/vigil.js", import.meta.url).pathname, "serve"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      VIGIL_ACCOUNT_ID: accountId,
      VIGIL_API_KEY: apiKey,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await ready(`http://127.0.0.1:${port}/-/readiness`, child);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return child;
}

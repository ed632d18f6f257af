// Helpers for benchmarks that run `vigil serve` in a child process.
import type { ChildProcess } from "node:child_process";

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

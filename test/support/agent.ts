// Runs the real private-location agent (bin/vigil-agent.js) as a child process.
import { spawn, type ChildProcess } from "node:child_process";
import { runToExit, type Exited } from "./process.js";

const bin = new URL("../../bin/vigil-agent.js", import.meta.url).pathname;

/** This process's environment less anything that configures Vigil or the agent (and proxies). */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const skip =
    /^(PORT|HOST|DATABASE_URL|VIGIL_|RATE_LIMIT|LOG_LEVEL|API_KEY|JOB_CONCURRENCY|AGENT_|EXTERNAL_OBSERVABILITY|HTTPS?_PROXY|NO_PROXY|https?_proxy|no_proxy)/;
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !skip.test(k))),
    LOG_LEVEL: "info",
    AGENT_HEALTH_PORT: "0",
    ...env,
  };
}

export type AgentProcess = {
  child: ChildProcess;
  /** The health port the agent printed in its start line. */
  healthPort: number;
  health: (path?: string) => Promise<number>;
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  /** Ends the process (SIGKILL) if it is still running; for afterAll. */
  kill: () => void;
};

/** Starts an agent and resolves once it printed its start line (health server listening). */
export async function startAgentProcess(
  env: Record<string, string>,
  options: { bin?: string; args?: string[] } = {},
): Promise<AgentProcess> {
  const child = spawn(process.execPath, [options.bin ?? bin, ...(options.args ?? [])], {
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const healthPort = await new Promise<number>((resolve, reject) => {
    const look = () => {
      const port = /"healthPort":(\d+)/.exec(stdout)?.[1];
      if (port) return resolve(Number(port));
      if (child.exitCode !== null)
        return reject(new Error(`the agent exited with ${child.exitCode}:\n${stdout}\n${stderr}`));
      setTimeout(look, 20);
    };
    look();
  });
  const health = async (path = "/-/readiness") => (await fetch(`http://127.0.0.1:${healthPort}${path}`)).status;
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  return { child, healthPort, health, exited, stdout: () => stdout, stderr: () => stderr, kill };
}

/** Runs the agent to its exit (for configuration errors). */
export function runAgentToExit(env: Record<string, string>, args: string[] = [], binPath = bin): Promise<Exited> {
  return runToExit(binPath, args, childEnv(env));
}

/** Polls `probe` until it returns a truthy value (or throws after `ms`). */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  ms = 15_000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

import { existsSync, realpathSync } from "node:fs";
import { lchown, readdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { bwrapArgs, NODE_ROOT, SANDBOX_UID } from "./bwrap.js";
import { PROXY_URL, RELAY_SOURCE } from "./relay-source.js";

export type Isolation = {
  bwrapPath: string;
  /** The filtering proxy's Unix socket, inside the run's directory. */
  proxySocket: string;
};

/** How the sandbox's process is started: the program and its arguments. */
export type Launch = { file: string; args: string[] };

const realNode = realpathSync(process.execPath);
/** Node's install folder when it is not the system's (bound at NODE_ROOT), and its path inside. */
const nodeInstall = realNode.startsWith("/usr/") ? null : join(realNode, "..", "..");
const nodeInside = nodeInstall ? join(NODE_ROOT, relative(nodeInstall, realNode)) : realNode;
/**
 * Tasks (processes and threads) the sandbox's user may have, all runs together: a run takes about
 * 300 (Chromium's processes and both nodes' threads); a fork bomb stops there instead of taking
 * every pid of the host. util-linux's prlimit sets it, when it is there.
 */
export const RUN_TASKS_LIMIT = 8192;
const PRLIMIT = "/usr/bin/prlimit";
const limits = existsSync(PRLIMIT) ? [PRLIMIT, `--nproc=${RUN_TASKS_LIMIT}`, "--"] : [];
const asRoot = process.getuid?.() === 0;

/** The whole directory tree handed to `nobody` (the run writes its report, results, profile there). */
async function handOver(dir: string): Promise<void> {
  await lchown(dir, SANDBOX_UID, SANDBOX_UID);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await handOver(path);
    else await lchown(path, SANDBOX_UID, SANDBOX_UID);
  }
}

/** The environment every sandboxed run adds: the relay's socket and the proxy for tools that read it. */
export const proxyEnv = (socket: string) => ({
  VIGIL_PROXY_SOCKET: socket,
  HTTP_PROXY: PROXY_URL,
  HTTPS_PROXY: PROXY_URL,
  http_proxy: PROXY_URL,
  https_proxy: PROXY_URL,
});

/**
 * The command that runs `node entry args` for one run: under bwrap (bwrap.ts) behind the relay
 * (relay-source.ts) when `isolation` is given, the directory handed to the sandbox's user first;
 * else a plain node child (SCRIPT_SANDBOX=off). `env` is ours; the check's variables
 * (`checkEnv`) reach the sandbox in a file the relay reads once it is `nobody`: in bwrap's own
 * environment a tenant's LD_PRELOAD would run before the relay drops root.
 */
export async function launchCommand(
  isolation: Isolation | null,
  run: { dir: string; entry: string; args: string[]; env: Record<string, string>; checkEnv: Record<string, string> },
): Promise<Launch> {
  if (!isolation) return { file: process.execPath, args: [run.entry, ...run.args] };
  const relay = join(run.dir, ".vigil-relay.cjs");
  const envFile = join(run.dir, ".vigil-env.json");
  await writeFile(relay, RELAY_SOURCE);
  await writeFile(envFile, JSON.stringify(run.checkEnv), { mode: 0o600 });
  if (asRoot) await handOver(run.dir);
  const args = bwrapArgs({
    dir: run.dir,
    env: { ...run.env, ...proxyEnv(isolation.proxySocket), VIGIL_ENV_FILE: envFile },
    command: [...limits, nodeInside, relay, run.entry, ...run.args],
    asRoot,
    ...(nodeInstall ? { node: nodeInstall } : {}),
  });
  return { file: isolation.bwrapPath, args };
}

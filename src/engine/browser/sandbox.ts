import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Isolation, launchCommand } from "../../sandbox/index.js";
import { killRun, killRunsSync, RUN_TAG, runRss } from "./processes.js";

/**
 * One script run in its own child process (node), for browser-type and agentic checks.
 *
 * With `isolation` (the default, SCRIPT_SANDBOX=on) the process runs in bwrap (src/sandbox): its
 * own pid, mount, ipc and network namespaces, as `nobody`, seeing only system directories, Node,
 * Playwright and its own directory, its only network the service's filtering proxy. Either way:
 * - environment: only `env` (the check's variables) plus PATH, HOME/TMPDIR (the run's directory),
 *   NODE_OPTIONS (the heap limit) and the run's tag: never the service's (DATABASE_URL, API keys);
 * - its own directory (`cwd`, from makeRunDir) as working directory and home;
 * - a wall-clock limit, cancellation by `signal`: the run is killed with everything it started
 *   (its process group, then every process carrying its tag or in its pid namespace; processes.ts);
 * - memory: `--max-old-space-size` for node (and the workers it forks, through NODE_OPTIONS), and
 *   a watchdog that kills the run when the memory (proportional set size) of all its processes passes
 *   `memoryMb` (Chromium's included; sampled every second, so a fast spike can overshoot briefly);
 * - output: the first `maxOutputBytes` kept, the rest counted and dropped.
 * Without `isolation` (SCRIPT_SANDBOX=off) it runs as the service's user, with its files and its
 * network: only for one trusted tenant (docs/monitoring.md, "The script sandbox").
 */
export type SandboxOptions = {
  /** The script node runs (absolute path). */
  entry: string;
  args?: string[];
  /** The check's variables: all the environment the script gets besides the sandbox's own. */
  env: Record<string, string>;
  /** The run's directory (makeRunDir): working directory, HOME and TMPDIR. */
  cwd: string;
  timeoutMs: number;
  /** Heap limit of node and limit on the run's total resident memory (default 1536). */
  memoryMb?: number;
  signal?: AbortSignal;
  /** Each piece of output (stdout and stderr interleaved) while within the kept bound. */
  onOutput?: (chunk: string) => void;
  /** Bytes of output kept (default 1 MiB). */
  maxOutputBytes?: number;
  /** bwrap and the run's proxy (src/sandbox isolateRun); null: a plain child process (SCRIPT_SANDBOX=off). */
  isolation: Isolation | null;
};

export type SandboxResult = {
  exitCode: number | null;
  /** The signal that ended it (SIGKILL after a timeout, a cancellation or the memory watchdog). */
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  /** Killed for passing memoryMb. */
  outOfMemory: boolean;
  /** The kept output (stdout and stderr interleaved, UTF-8). */
  output: string;
  /** Output bytes beyond maxOutputBytes, dropped. */
  droppedBytes: number;
  durationMs: number;
  /** The highest total memory of the run (proportional set sizes) the watchdog saw, in bytes. */
  peakRssBytes: number;
};

const DEFAULT_MEMORY_MB = 1536;
const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";
const DEFAULT_OUTPUT_BYTES = 1024 * 1024;

/**
 * Removes a run's directory. A Chromium killed a moment ago may still be writing its profile
 * there (ENOTEMPTY): Node retries, as it does for EBUSY and EPERM.
 */
export const removeRunDir = (dir: string) => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });

/** A fresh private directory for one run; `cleanup` removes it (and is safe to call twice). */
export async function makeRunDir(prefix = "vigil-run-"): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => removeRunDir(dir) };
}

/** The environment a sandboxed run sees: the check's variables and what node and Chromium need. */
export function sandboxEnv(env: Record<string, string>, cwd: string, tag: string, memoryMb: number) {
  return {
    ...env,
    PATH: SYSTEM_PATH,
    HOME: cwd,
    TMPDIR: cwd,
    XDG_CONFIG_HOME: join(cwd, ".config"),
    XDG_CACHE_HOME: join(cwd, ".cache"),
    LANG: "C.UTF-8",
    NODE_OPTIONS: `--max-old-space-size=${memoryMb}`,
    [RUN_TAG]: tag,
  };
}

/** Runs under way in this process: killed when it exits (shutdown, a crash, a second signal). */
const live = new Map<string, { tag: string; pid?: number | undefined }>();
let exitHook = false;

export async function runInSandbox(options: SandboxOptions): Promise<SandboxResult> {
  const memoryMb = options.memoryMb ?? DEFAULT_MEMORY_MB;
  const maxBytes = options.maxOutputBytes ?? DEFAULT_OUTPUT_BYTES;
  const tag = randomUUID();
  const started = performance.now();
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let droppedBytes = 0;
  let timedOut = false;
  let aborted = false;
  let outOfMemory = false;
  let peakRssBytes = 0;

  const launch = await launchCommand(options.isolation, {
    dir: options.cwd,
    entry: options.entry,
    args: options.args ?? [],
    env: sandboxEnv({}, options.cwd, tag, memoryMb),
    checkEnv: options.env,
  });
  const child = spawn(launch.file, launch.args, {
    cwd: options.cwd,
    // bwrap clears it and sets the sandbox's own (launch.args); a plain child gets it all at once.
    env: options.isolation ? { PATH: SYSTEM_PATH } : sandboxEnv(options.env, options.cwd, tag, memoryMb),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.set(tag, { tag, pid: child.pid });
  if (!exitHook) {
    exitHook = true;
    process.once("exit", () => killRunsSync(live.values()));
  }
  const collect = (chunk: Buffer) => {
    const room = maxBytes - keptBytes;
    if (room <= 0) {
      droppedBytes += chunk.length;
      return;
    }
    const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
    kept.push(piece);
    keptBytes += piece.length;
    droppedBytes += chunk.length - piece.length;
    options.onOutput?.(piece.toString("utf8"));
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);

  const stop = () => void killRun(tag, child.pid);
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, options.timeoutMs);
  const onAbort = () => {
    aborted = true;
    stop();
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });
  const watchdog = setInterval(() => {
    void runRss(tag).then((rss) => {
      peakRssBytes = Math.max(peakRssBytes, rss);
      if (rss > memoryMb * 1024 * 1024 && !outOfMemory) {
        outOfMemory = true;
        stop();
      }
    });
  }, 1000);

  const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.on("error", () => resolve({ code: null, signal: null }));
    child.on("close", (code, signal) => resolve({ code, signal }));
  });
  clearTimeout(timer);
  clearInterval(watchdog);
  options.signal?.removeEventListener("abort", onAbort);
  // Whatever the script left running (a browser it did not close, a detached child) goes with it.
  await killRun(tag, child.pid);
  live.delete(tag);
  return {
    exitCode: ended.code,
    signal: ended.signal,
    timedOut,
    aborted,
    outOfMemory,
    output: Buffer.concat(kept).toString("utf8"),
    droppedBytes,
    durationMs: Math.round(performance.now() - started),
    peakRssBytes,
  };
}

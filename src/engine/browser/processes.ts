import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile, readlink } from "node:fs/promises";

/**
 * The processes of one run, found by the tag in their environment and, in bwrap, by its pid
 * namespace. Playwright launches Chromium detached (its own process group and session), so
 * killing the run's process group alone would leave the browser behind; the processes the run
 * starts inherit its environment (Playwright hands the browser process.env), so the tag finds
 * them even once reparented, and the namespace finds those that do not carry it (Chromium's
 * zygote children, a script's child with a cleared environment).
 */
export const RUN_TAG = "VIGIL_SANDBOX_RUN";

async function taggedPids(tag: string): Promise<number[]> {
  const needle = Buffer.from(`\0${RUN_TAG}=${tag}\0`);
  const entries = await readdir("/proc").catch(() => [] as string[]);
  const found: number[] = [];
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
      .map(async (name) => {
        const environ = await readFile(`/proc/${name}/environ`).catch(() => null);
        if (environ && Buffer.concat([Buffer.from([0]), environ]).includes(needle)) found.push(Number(name));
      }),
  );
  return found;
}

const pidNamespace = (pid: number | "self") => readlink(`/proc/${pid}/ns/pid`).catch(() => null);

/**
 * The run's processes: those carrying its tag and, for a sandboxed run, every process of its pid
 * namespace (a script that drops the tag from a child's environment stays counted and killed).
 */
async function runPids(tag: string): Promise<number[]> {
  const tagged = await taggedPids(tag);
  const own = await pidNamespace("self");
  const spaces = new Set((await Promise.all(tagged.map(pidNamespace))).filter((ns) => ns !== null && ns !== own));
  if (spaces.size === 0) return tagged;
  const entries = await readdir("/proc").catch(() => [] as string[]);
  const found = await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => (spaces.has((await pidNamespace(Number(name))) ?? "") ? Number(name) : null)),
  );
  return [...new Set([...tagged, ...found.filter((pid): pid is number => pid !== null)])];
}

const kill = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
};

/** Kills every process of the run (its group first, then each tagged process) until none is left. */
export async function killRun(tag: string, groupLeader?: number): Promise<void> {
  if (groupLeader) kill(-groupLeader, "SIGKILL");
  for (let round = 0; round < 10; round++) {
    const pids = await runPids(tag);
    if (pids.length === 0) return;
    for (const pid of pids) kill(pid, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether any process of the run is still there (zombies count as gone). */
export async function runAlive(tag: string): Promise<number[]> {
  const pids = await runPids(tag);
  const alive: number[] = [];
  for (const pid of pids) if (await isRunning(pid)) alive.push(pid);
  return alive;
}

/** Whether a process exists and is not a zombie (one reparented to an init that does not reap). */
export async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return stat !== "" && state !== "Z" && state !== "X";
}

/**
 * The memory of all the run's processes, in bytes: their proportional set sizes (a page shared by
 * n processes counts 1/n in each), so Chromium's many processes sharing one binary and its
 * libraries are not counted many times over; VmRSS where smaps_rollup cannot be read.
 */
export async function runRss(tag: string): Promise<number> {
  const pids = await runPids(tag);
  let total = 0;
  for (const pid of pids) {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, "utf8").catch(() => "");
    const status = rollup ? "" : await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    const match = /^Pss:\s+(\d+) kB/m.exec(rollup) ?? /VmRSS:\s+(\d+) kB/.exec(status);
    if (match) total += Number(match[1]) * 1024;
  }
  return total;
}

/**
 * The same, at once and synchronously, for several runs: for process exit (an `exit` handler
 * cannot wait), so a service or agent that exits leaves no run and no browser behind.
 */
export function killRunsSync(runs: Iterable<{ tag: string; pid?: number | undefined }>): void {
  const list = [...runs];
  if (list.length === 0) return;
  for (const run of list) if (run.pid) kill(-run.pid, "SIGKILL");
  const needles = list.map((run) => Buffer.from(`\0${RUN_TAG}=${run.tag}\0`));
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${name}/environ`)]);
    } catch {
      continue;
    }
    if (needles.some((needle) => environ.includes(needle))) kill(Number(name), "SIGKILL");
  }
}

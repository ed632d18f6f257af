// The script sandbox's cost: a warm BROWSER run (goto + one expect against a local page) in bwrap
// behind the filtering proxy, against the same run unsandboxed (SCRIPT_SANDBOX=off), alternated
// round by round so that the machine's load falls on both alike.
// Prints: each mode's median wall time (runScriptCheck, start to result) and median peak memory
// per run (proportional set sizes of the run's processes), the ratio, and the goal: sandboxed at
// most 1.3x the unsandboxed time. The memory figures differ in what they see: sandboxed, every
// process of the run's pid namespace (Chromium's zygote, renderers, GPU and utility processes
// included); unsandboxed, only the processes carrying the run's tag in their environment, which
// Chromium's zygote children do not: that figure is too low, not the sandbox's cost.
//   npm run bench:sandbox
//   BENCH_ROUNDS=9 npm run bench:sandbox   (default 7: fewer are at the mercy of the machine's load)
import { FairSlots } from "../src/platform/fair-slots.js";
import { browserRun, startSimplePage } from "./support/browser-run.js";
import { record } from "./support/report.js";

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const target = await startSimplePage();

type Mode = "sandboxed" | "unsandboxed";
async function timedRun(mode: Mode): Promise<{ wallMs: number; peakBytes: number }> {
  let peakBytes = 0;
  const started = performance.now();
  await browserRun(
    target.base,
    new FairSlots(1).for("bench"),
    (result) => (peakBytes = result.peakRssBytes),
    mode === "sandboxed",
  );
  return { wallMs: performance.now() - started, peakBytes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

// Warm-up: the first runs read Playwright and Chromium from disk.
await timedRun("sandboxed");
await timedRun("unsandboxed");

const times: Record<Mode, number[]> = { sandboxed: [], unsandboxed: [] };
const peaks: Record<Mode, number[]> = { sandboxed: [], unsandboxed: [] };
for (let round = 0; round < rounds; round++) {
  // Alternate which mode goes first, so neither always follows the other.
  const order: Mode[] = round % 2 ? ["unsandboxed", "sandboxed"] : ["sandboxed", "unsandboxed"];
  for (const mode of order) {
    const { wallMs, peakBytes } = await timedRun(mode);
    times[mode].push(wallMs);
    peaks[mode].push(peakBytes);
  }
}
for (const mode of ["sandboxed", "unsandboxed"] as const)
  console.log(
    `${mode.padEnd(11)} ${rounds} warm BROWSER runs: median ${Math.round(median(times[mode]))} ms (min ${Math.round(Math.min(...times[mode]))}, max ${Math.round(Math.max(...times[mode]))}); peak memory per run median ${mb(median(peaks[mode]))}, max ${mb(Math.max(...peaks[mode]))}`,
  );
const ratio = median(times.sandboxed) / median(times.unsandboxed);
console.log(
  `sandboxed / unsandboxed: ${ratio.toFixed(2)}x (goal: at most 1.30x) ${ratio <= 1.3 ? "goal met" : "goal NOT met"}`,
);
const run = { bench: "sandbox", better: "lower" } as const;
record({ ...run, name: "sandboxed / unsandboxed wall time", value: ratio, unit: "x", goal: { op: "<=", value: 1.3 } });
record({ ...run, name: "sandboxed warm BROWSER run, median", value: median(times.sandboxed), unit: "ms" });
record({
  ...run,
  name: "sandboxed peak memory per run, median",
  value: median(peaks.sandboxed) / 1024 / 1024,
  unit: "MB",
});
target.close();

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
//   BENCH_ROUNDS=8 npm run bench:sandbox
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type BrowserRunOptions, runScriptCheck } from "../src/engine/browser/run.js";
import { type SandboxResult, Semaphore } from "../src/engine/browser/sandbox.js";
import { scriptSandbox } from "../src/sandbox/index.js";

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const target = createServer((_request, response) => {
  response.setHeader("content-type", "text/html");
  response.end("<html><head><title>Shop</title></head><body><h1>Hello Vigil</h1><p>A simple page.</p></body></html>");
});
await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
const script = `import { test, expect } from "@playwright/test";
test("home", async ({ page }) => {
  await page.goto("${base}/");
  await expect(page.locator("h1")).toHaveText("Hello Vigil");
});`;

type Mode = "sandboxed" | "unsandboxed";
async function browserRun(mode: Mode): Promise<{ wallMs: number; peakBytes: number }> {
  let figures: SandboxResult | null = null;
  const options: BrowserRunOptions = {
    chromiumPath,
    sandbox: scriptSandbox({ scriptSandbox: mode === "sandboxed", blockPrivateTargets: false }),
    slots: new Semaphore(1),
    onSandbox: (result) => {
      figures = result;
    },
  };
  const started = performance.now();
  const outcome = await runScriptCheck(
    {
      kind: "BROWSER",
      scripted: { script, setupScripts: [], tearDownScripts: [], frequency: 1 },
      variables: [],
      degradedResponseTime: null,
      maxResponseTime: null,
      shouldFail: false,
    },
    options,
  );
  const wallMs = performance.now() - started;
  await outcome.release?.();
  if (outcome.hasFailures || outcome.hasErrors) throw new Error(JSON.stringify(outcome.browserCheckResult));
  return { wallMs, peakBytes: (figures as SandboxResult | null)?.peakRssBytes ?? 0 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

// Warm-up: the first runs read Playwright and Chromium from disk.
await browserRun("sandboxed");
await browserRun("unsandboxed");

const times: Record<Mode, number[]> = { sandboxed: [], unsandboxed: [] };
const peaks: Record<Mode, number[]> = { sandboxed: [], unsandboxed: [] };
for (let round = 0; round < rounds; round++) {
  // Alternate which mode goes first, so neither always follows the other.
  const order: Mode[] = round % 2 ? ["unsandboxed", "sandboxed"] : ["sandboxed", "unsandboxed"];
  for (const mode of order) {
    const { wallMs, peakBytes } = await browserRun(mode);
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
target.close();

// Browser checks on this machine: a simple page check (goto + one expect) run by the BROWSER runner
// (Playwright Test in the sandbox, Debian's Chromium), as the service's engine runs it.
// Prints: runs per minute at BROWSER_CONCURRENCY 1 and 2; the wall time of one warm run split into
// start-up (sandbox, Playwright Test, worker: everything before the test) and script (the test,
// browser launch by its fixtures included); peak RSS of a run's processes (node and Chromium,
// proportional set sizes summed, shared pages shared out); and the lag of API-check runs (due -> started, and
// due -> finished, against a local target, every 200 ms) in this process with and without
// browser runs under way, alternated.
//   npm run bench:browser
//   BENCH_RUNS=6 BENCH_PHASE_SECONDS=10 npm run bench:browser
import type { SandboxResult } from "../src/engine/browser/sandbox.js";
import { FairSlots, type Slots } from "../src/platform/fair-slots.js";
import { browserRun as runBrowserCheck, startSimplePage } from "./support/browser-run.js";
import { runApiCheck } from "../src/engine/runners/api.js";
import { record } from "./support/report.js";

const runsPerPhase = Number(process.env.BENCH_RUNS ?? 6);
const phaseSeconds = Number(process.env.BENCH_PHASE_SECONDS ?? 10);

const target = await startSimplePage();
const base = target.base;
const browserRun = (slots: Slots, figures: SandboxResult[]) =>
  runBrowserCheck(base, slots, (result) => figures.push(result));

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

// Warm-up: the first run reads Playwright and Chromium from disk.
await browserRun(new FairSlots(1).for("bench"), []);

// One warm run, split.
{
  const figures: SandboxResult[] = [];
  const started = performance.now();
  const outcome = await browserRun(new FairSlots(1).for("bench"), figures);
  const wall = performance.now() - started;
  const scriptMs = outcome.responseTime;
  record({ bench: "browser", name: "one warm BROWSER run, wall", value: wall, unit: "ms", better: "lower" });
  console.log(
    `one warm run: ${Math.round(wall)} ms wall = ${Math.round(wall - scriptMs)} ms start-up + ${scriptMs} ms script (sandbox process ${figures[0]!.durationMs} ms)`,
  );
}

// Throughput and memory at concurrency 1 and 2.
for (const concurrency of [1, 2]) {
  const slots = new FairSlots(concurrency).for("bench");
  const figures: SandboxResult[] = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: runsPerPhase }, () => browserRun(slots, figures)));
  const seconds = (performance.now() - started) / 1000;
  const durations = figures.map((f) => f.durationMs);
  const name = `BROWSER_CONCURRENCY=${concurrency}`;
  record({
    bench: "browser",
    name: `${name}: runs`,
    value: (runsPerPhase / seconds) * 60,
    unit: "runs/min",
    better: "higher",
  });
  const rss =
    pct(
      figures.map((f) => f.peakRssBytes),
      50,
    ) /
    1024 /
    1024;
  record({ bench: "browser", name: `${name}: peak RSS per run p50`, value: rss, unit: "MB", better: "lower" });
  console.log(
    `BROWSER_CONCURRENCY=${concurrency}: ${runsPerPhase} runs in ${seconds.toFixed(1)} s = ${((runsPerPhase / seconds) * 60).toFixed(1)} runs/min; run p50 ${pct(durations, 50)} ms, max ${Math.max(...durations)} ms; peak RSS per run p50 ${mb(
      pct(
        figures.map((f) => f.peakRssBytes),
        50,
      ),
    )}, max ${mb(Math.max(...figures.map((f) => f.peakRssBytes)))}`,
  );
}

// API-check lag with and without browser runs, alternated.
async function apiLag(withBrowser: boolean) {
  const due: number[] = [];
  const finished: number[] = [];
  let browsing = withBrowser;
  const slots = new FairSlots(1).for("bench");
  const background = (async () => {
    while (browsing) await browserRun(slots, []);
  })();
  const end = performance.now() + phaseSeconds * 1000;
  const runs: Promise<void>[] = [];
  for (let next = performance.now(); next < end; next += 200) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    const startedAt = performance.now();
    due.push(startedAt - next);
    runs.push(
      runApiCheck({ method: "GET", url: `${base}/health` }, [], {
        degradedResponseTime: null,
        maxResponseTime: null,
        shouldFail: false,
        timeoutMs: 10_000,
        blockPrivateTargets: false,
      }).then(() => void finished.push(performance.now() - next)),
    );
  }
  await Promise.all(runs);
  browsing = false;
  await background;
  return { due, finished };
}
const lags: Record<string, { due: number[]; finished: number[] }> = {
  without: { due: [], finished: [] },
  with: { due: [], finished: [] },
};
for (let round = 0; round < 2; round++)
  for (const withBrowser of [false, true]) {
    const { due, finished } = await apiLag(withBrowser);
    const into = lags[withBrowser ? "with" : "without"]!;
    into.due.push(...due);
    into.finished.push(...finished);
  }
for (const [name, lag] of Object.entries(lags))
  console.log(
    `API-check lag ${name} browser runs (${lag.due.length} runs): due->started p50 ${pct(lag.due, 50).toFixed(1)} ms, p99 ${pct(lag.due, 99).toFixed(1)} ms; due->finished p50 ${pct(lag.finished, 50).toFixed(1)} ms, p99 ${pct(lag.finished, 99).toFixed(1)} ms`,
  );

for (const [name, lag] of Object.entries(lags))
  record({
    bench: "browser",
    name: `API-check lag due->finished p99, ${name} browser runs`,
    value: pct(lag.finished, 99),
    unit: "ms",
    better: "lower",
  });
target.close();

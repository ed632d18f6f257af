import { access, constants } from "node:fs/promises";
import { join } from "node:path";
import { interpolate } from "../../domain/monitoring/effective.js";
import { scrubText, secretValues } from "../../domain/monitoring/scrub.js";
import type { RunAsset, TryOutcome, ScriptSettings } from "../../domain/monitoring/tries.js";
import { outcomeOf, scriptErrorOutcome, scriptFile, type ScriptCheck } from "./outcome.js";
import { asset, attachmentsOf, writeRunFile } from "./run-files.js";
import { isolateRun, type ScriptSandbox, sandboxMissing } from "../../sandbox/index.js";
import { playwrightCli } from "./fixture-source.js";
import { layOut, type ProjectFile } from "./project.js";
import { plain, readPages, readReport } from "./results.js";
import type { Slots } from "../../platform/fair-slots.js";
import { makeRunDir, runInSandbox, type SandboxResult } from "./sandbox.js";
import { playwrightArgs, ProjectError } from "./test-command.js";

export type { ScriptCheck, ScriptKind } from "./outcome.js";
export { scriptErrorOutcome } from "./outcome.js";

export type BrowserRunOptions = {
  chromiumPath: string;
  /** bwrap and the address rule its proxy applies, or SCRIPT_SANDBOX=off (src/sandbox). */
  sandbox: ScriptSandbox;
  /** BROWSER_CONCURRENCY places of this instance or agent. */
  slots: Slots;
  /** BROWSER and MULTI_STEP's limit (240 s; tests make it shorter). */
  limitMs?: number;
  memoryMb?: number;
  /** Each run's sandbox figures (benchmarks). */
  onSandbox?: (result: SandboxResult) => void;
};

export const BROWSER_LIMIT_MS = 240_000;
/** Time for Playwright to write its report and close the browser after its own timeout. */
const GRACE_MS = 10_000;
const MAX_LOG_LINES = 2_000;

/** A PLAYWRIGHT run's limit: the check's `timeout`, else its interval (one to thirty minutes). */
export function playwrightLimitMs(scripted: ScriptSettings): number {
  const own = scripted.playwright?.timeout;
  if (own && own > 0) return Math.min(own, 3600) * 1000;
  return Math.min(Math.max(scripted.frequency, 1), 30) * 60_000;
}

const sandboxFailed = (line: string) =>
  `the script sandbox could not start (${line}): bwrap needs root or unprivileged user namespaces; in a container, the security options of compose.yaml (docs/monitoring.md, "Browser checks")`;

const missingChromium = (path: string) =>
  `Chromium was not found at ${path}: install Debian's \`chromium\` package (apt-get install chromium) or set CHROMIUM_PATH`;

/**
 * One try of a BROWSER, MULTI_STEP or PLAYWRIGHT check: waits for a BROWSER_CONCURRENCY place,
 * lays out the run's directory (project.ts), runs Playwright Test in the sandbox with the check's
 * variables only, its network the filtering proxy, and reads its JSON report and the fixture's
 * pages into the result; a request the proxy refused fails the run, saying so. The run's
 * directory (screenshots, trace, job log: `assets`) stays until runTries calls `release`.
 */
export async function runScriptCheck(
  check: ScriptCheck,
  options: BrowserRunOptions,
  signal?: AbortSignal,
): Promise<TryOutcome> {
  const startedAt = new Date();
  const secrets = secretValues(check.variables);
  const scrub = (text: string) => scrubText(text, secrets);
  if (
    check.kind !== "MULTI_STEP" &&
    !(await access(options.chromiumPath, constants.X_OK).then(
      () => true,
      () => false,
    ))
  )
    return scriptErrorOutcome(check, missingChromium(options.chromiumPath), startedAt);
  const missing = await sandboxMissing(options.sandbox);
  if (missing) return scriptErrorOutcome(check, missing, startedAt);
  const limitMs =
    check.kind === "PLAYWRIGHT" ? playwrightLimitMs(check.scripted) : (options.limitMs ?? BROWSER_LIMIT_MS);
  const memoryMb = options.memoryMb ?? 1536;

  let release: () => void;
  try {
    release = await options.slots.acquire(signal);
  } catch {
    return scriptErrorOutcome(check, "the run was cancelled before it started", startedAt);
  }
  const run = await makeRunDir("vigil-browser-").catch((error: unknown) => {
    release();
    throw error;
  });
  const isolated = await isolateRun(run.dir, options.sandbox).catch(async (error: unknown) => {
    release();
    await run.cleanup();
    throw error;
  });
  const sandboxed = isolated.isolation !== null;
  try {
    const { files, args } = projectOf(check);
    const ownConfig =
      files.find((f) => /^(\.\/)?playwright\.config\.(ts|js|mjs|cjs|mts|cts)$/.test(f.path))?.path ?? null;
    const layout = await layOut(run.dir, {
      files,
      ownConfig: ownConfig?.replace(/^\.\//, "") ?? null,
      chromiumPath: options.chromiumPath,
      memoryMb,
      timeoutMs: limitMs,
      sandboxed,
      testDir: "./tests",
    });
    const env = Object.fromEntries(check.variables.map((v) => [v.key, v.value ?? ""]));
    const log = jobLog(scrub);
    const sandbox = await runInSandbox({
      entry: playwrightCli(sandboxed),
      isolation: isolated.isolation,
      args: ["test", "--config", layout.config, ...args],
      env,
      cwd: run.dir,
      timeoutMs: limitMs + GRACE_MS,
      memoryMb,
      ...(signal ? { signal } : {}),
      onOutput: log.add,
    });
    release();
    await isolated.close();
    const refused = isolated.proxy?.refusals ?? [];
    options.onSandbox?.(sandbox);
    const lines = log.end();
    const logText = `${scrub(plain(sandbox.output))}${sandbox.droppedBytes ? `\n[${sandbox.droppedBytes} more bytes of output dropped]\n` : ""}`;
    const logPath = join(run.dir, "job-log.txt");
    await writeRunFile(logPath, logText);

    const outcome = await judged(check, {
      startedAt,
      dir: run.dir,
      layout,
      sandbox,
      refused,
      lines,
      logPath,
      limitMs,
      memoryMb,
      scrub,
    });
    return { ...outcome, release: run.cleanup };
  } catch (error) {
    release();
    await isolated.close();
    await run.cleanup();
    if (error instanceof ProjectError) return scriptErrorOutcome(check, error.message, startedAt);
    throw error;
  }
}

/** The project a check runs: a PLAYWRIGHT check's own files and options, else its script as one test file. */
function projectOf(check: ScriptCheck): { files: ProjectFile[]; args: string[] } {
  const project = check.scripted.playwright;
  if (check.kind === "PLAYWRIGHT") {
    if (!project || project.files.length === 0)
      throw new ProjectError("this Playwright check has no project files to run");
    return { files: project.files, args: playwrightArgs(project) };
  }
  if (!check.scripted.script?.trim()) throw new ProjectError(`this ${check.kind} check has no script to run`);
  const fill = (text: string) => interpolate(text, check.variables);
  return { files: [{ path: "tests/check.spec.ts", content: scriptFile(check.scripted, fill) }], args: [] };
}

/**
 * The try's outcome from what the sandboxed run left: Playwright's report and the fixture's
 * pages, the errors (limits, cancellation, refused requests, the tests'), and the run's files as
 * its assets. A sandbox that could not start is a ProjectError.
 */
async function judged(
  check: ScriptCheck,
  run: {
    startedAt: Date;
    dir: string;
    layout: Awaited<ReturnType<typeof layOut>>;
    sandbox: SandboxResult;
    refused: readonly string[];
    lines: LogLine[];
    logPath: string;
    limitMs: number;
    memoryMb: number;
    scrub: (text: string) => string;
  },
): Promise<TryOutcome & { assets: RunAsset[] }> {
  const { startedAt, layout, sandbox, refused, lines, logPath, limitMs, memoryMb, scrub } = run;
  const report = await readReport(layout.report).catch(() => null);
  const { pages, traceSummary } = await readPages(layout.pages);
  const tests = report?.tests.filter((t) => !t.skipped) ?? [];
  const errors = [
    ...(sandbox.timedOut ? [`the run passed its limit of ${Math.round(limitMs / 1000)} s and was stopped`] : []),
    ...(sandbox.outOfMemory ? [`the run passed its memory limit of ${memoryMb} MB and was stopped`] : []),
    ...(sandbox.aborted ? ["the run was cancelled"] : []),
    ...refused,
    ...(report?.errors ?? []),
    ...tests.flatMap((t) => t.errors.map((e) => `${t.title}: ${e}`)),
  ].map(scrub);
  const refusedToStart = /^bwrap: .*/m.exec(sandbox.output);
  if (!report && refusedToStart) throw new ProjectError(sandboxFailed(refusedToStart[0]));
  if (!report && errors.length === 0)
    errors.push(
      `Playwright ended without a report (exit code ${sandbox.exitCode}): ${scrub(plain(sandbox.output)).slice(-2000)}`,
    );
  if (report && tests.length === 0 && errors.length === 0)
    errors.push("no test ran (check the script, projects and tags)");
  const assets = [
    ...(await attachmentsOf(report?.tests ?? [], run.dir)),
    ...[await asset("log", "job-log.txt", "text/plain; charset=utf-8", logPath, run.dir)].filter(
      (a): a is RunAsset => a !== null,
    ),
  ];
  const passed =
    report !== null &&
    tests.length > 0 &&
    tests.every((t) => t.passed) &&
    refused.length === 0 &&
    !sandbox.timedOut &&
    !sandbox.aborted;
  const responseTime = tests.reduce((sum, t) => sum + t.durationMs, 0) || sandbox.durationMs;
  const outcome = outcomeOf(check, {
    hasErrors: false,
    passed,
    responseTime,
    startedAt,
    result: {
      type: "PLAYWRIGHT_TEST",
      errors,
      jobLog: lines,
      jobAssets: assets.map(({ kind, name, contentType, size }) => ({ kind, name, contentType, size })),
      ...(check.kind === "MULTI_STEP" ? {} : { pages }),
      traceSummary,
      startTime: startedAt.getTime(),
      endTime: Date.now(),
      runtimeVersion: "playwright-1.65",
      playwrightTestTraces: assets.filter((a) => a.kind === "trace").map((a) => a.name),
    },
  });
  return { ...outcome, assets };
}

type LogLine = { time: number; msg: string; level: string };

/** The job log's lines from the run's output chunks: scrubbed, plain text, at most MAX_LOG_LINES. */
function jobLog(scrub: (text: string) => string) {
  const lines: LogLine[] = [];
  let partial = "";
  const push = (msg: string) => {
    if (msg.trim() && lines.length < MAX_LOG_LINES)
      lines.push({ time: Date.now(), msg: scrub(plain(msg)), level: "INFO" });
  };
  return {
    add(chunk: string) {
      const parts = (partial + chunk).split("\n");
      partial = parts.pop() ?? "";
      for (const msg of parts) push(msg);
    },
    /** The lines, the last one (without its newline) included. */
    end(): LogLine[] {
      push(partial);
      partial = "";
      return lines;
    },
  };
}

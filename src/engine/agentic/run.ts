import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgenticModelConfig } from "../../config.js";
import type { RunAsset, RunnableCheck, TryOutcome } from "../../domain/monitoring/tries.js";
import { removeRunDir } from "../browser/sandbox.js";
import type { Slots } from "../../platform/fair-slots.js";
import { type ScriptSandbox, sandboxMissing } from "../../sandbox/index.js";
import { AgentBrowser } from "./browser.js";
import { type AgentOutcome, runAgent } from "./loop.js";
import { modelEndpoint } from "./model.js";
import { cannotRun, outcome } from "./result.js";
import { Secrets } from "./secrets.js";

type Variable = { key: string; value: string | null; secret?: boolean };

export type AgenticOptions = {
  model?: AgenticModelConfig;
  /** The browser's sandbox and the address rule of its proxy (src/sandbox). */
  sandbox: ScriptSandbox;
  /** Debian's chromium (docs/decisions.md, CHROMIUM_PATH). */
  chromiumPath?: string | undefined;
  /** Model requests at most per run (default 30). */
  maxSteps?: number;
  /** How long one model request may take, ms (default 60 s). */
  modelTimeoutMs?: number;
  /** max_tokens of each request (default 1024). */
  maxTokens?: number;
  /** BROWSER_CONCURRENCY's places, shared with the browser-type runners: a run holds one while its browser lives. */
  slots?: Slots;
  /** Where each run's temporary directory is made (default the system's temporary directory). */
  workDir?: string;
  /** The sandbox's memory limit (its node heap and all its processes' resident memory), MB (default 1536). */
  memoryMb?: number;
};

/** Without a timeout of its own, an agentic run may take as long as a BROWSER run (docs/decisions.md). */
const DEFAULT_TIMEOUT_S = 240;
const MODEL_TIMEOUT_MS = 60_000;
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * One try of an AGENTIC check: the model (AGENTIC_MODEL_URL, AGENTIC_MODEL, AGENTIC_API_KEY; the
 * calls are made here, so the key never reaches the browser's process) drives a browser in a child
 * process through tools until it reports its verdict on the check's assertions. Bounded in steps,
 * in time (the check's `timeout` or 240 s) and per request; at the deadline or on cancellation the
 * child and its Chromium are killed. Fails when an assertion failed, the model erred or never
 * reported; screenshots are the try's assets.
 */
export async function runAgenticCheck(
  check: RunnableCheck,
  variables: readonly Variable[],
  options: AgenticOptions,
  signal?: AbortSignal,
): Promise<TryOutcome> {
  const startedAt = new Date();
  const endpoint = modelEndpoint(options.model);
  if ("missing" in endpoint)
    return cannotRun(startedAt, `AGENTIC checks cannot run here: ${endpoint.missing.join(", ")} not set`);
  const spec = check.agentic;
  if (!spec?.prompt?.trim()) return cannotRun(startedAt, "this AGENTIC check has no prompt");
  const missing = await sandboxMissing(options.sandbox);
  if (missing) return cannotRun(startedAt, missing);
  const secrets = new Secrets(variables);
  const prompt = secrets.prompt(spec.prompt);
  const timeoutMs = Math.min(spec.timeoutSeconds ?? DEFAULT_TIMEOUT_S, 600) * 1000;

  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort("timeout"), timeoutMs);
  const cancel = () => stop.abort("cancelled");
  signal?.addEventListener("abort", cancel, { once: true });
  const dir = await mkdtemp(join(options.workDir ?? tmpdir(), "vigil-agentic-"));
  const browser = lazyBrowser(options, dir, timeoutMs, stop);
  const { tool, session } = browser;
  let keepDir = false;
  try {
    const agent: AgentOutcome = await runAgent({
      endpoint,
      limits: {
        maxSteps: options.maxSteps ?? 30,
        maxTokens: options.maxTokens ?? 1024,
        timeoutMs: options.modelTimeoutMs ?? MODEL_TIMEOUT_MS,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        toolTimeoutMs: 30_000,
      },
      prompt: spec.prompt,
      assertions: spec.assertions,
      secrets,
      tool,
      signal: stop.signal,
    });
    if (browser.error) return cannotRun(startedAt, browser.error, prompt);
    if (stop.signal.reason === "timeout")
      agent.errors.push({ message: `the run took longer than ${timeoutMs / 1000} s and was stopped` });
    const failed = agent.errors.length > 0 || agent.assertions.some((a) => !a.passed) || agent.summary === null;
    if (failed && session.starting && !stop.signal.aborted) {
      const shot = await tool("screenshot", {}, 10_000);
      if (shot.screenshot) agent.screenshots.push(shot.screenshot);
    }
    const assets: RunAsset[] = agent.screenshots.map(({ path, size }) => ({
      kind: "screenshot",
      name: path.slice(dir.length + 1),
      contentType: "image/png",
      path,
      size,
    }));
    keepDir = assets.length > 0;
    const result = outcome(
      startedAt,
      { hasFailures: failed, hasErrors: false },
      {
        prompt,
        summary: agent.summary ?? agent.errors[0]?.message ?? null,
        assertions: agent.assertions,
        steps: agent.steps,
        errors: agent.errors,
        artifactManifest: assets.length
          ? Object.fromEntries(assets.map((a) => [a.name, "screenshot taken by the agent"]))
          : null,
      },
      assets,
    );
    // The screenshots stay until the try is recorded (their store copies them); then runTries calls release.
    if (keepDir) result.release = () => removeRunDir(dir);
    return result;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", cancel);
    const started = await session.starting?.catch(() => null);
    await started?.disconnect();
    stop.abort("done");
    await started?.ended;
    session.free?.();
    if (!keepDir) await removeRunDir(dir).catch(() => {});
  }
}

/**
 * The run's browser, started by the first tool the model calls (a model that errs at once costs
 * none), in a browser slot when the pool has them. A browser that cannot start stops the run and
 * says why (`error`); its tools then answer that the browser is not available.
 */
function lazyBrowser(options: AgenticOptions, dir: string, timeoutMs: number, stop: AbortController) {
  const session: { starting: Promise<AgentBrowser> | null; free: (() => void) | null } = {
    starting: null,
    free: null,
  };
  const state = { error: null as string | null };
  const browser = () =>
    (session.starting ??= (async () => {
      session.free = options.slots ? await options.slots.acquire(stop.signal) : null;
      return AgentBrowser.start(
        {
          chromiumPath: options.chromiumPath ?? "/usr/bin/chromium",
          sandbox: options.sandbox,
          dir,
          // The run's own deadline stops it first (and says so); the sandbox's is the backstop.
          timeoutMs: timeoutMs + 10_000,
          memoryMb: options.memoryMb ?? 1536,
          signal: stop.signal,
        },
        Math.min(timeoutMs, 60_000),
      );
    })());
  const tool = async (name: string, args: Record<string, unknown>, ms: number) => {
    try {
      return await (await browser()).tool(name, args, ms);
    } catch (error) {
      if (!stop.signal.aborted) {
        const why = (error as Error).message;
        state.error = why.startsWith("bwrap:")
          ? `the script sandbox could not start (${why}): bwrap needs root or unprivileged user namespaces (docs/monitoring.md, "Browser checks")`
          : `the browser could not start: ${why} (Debian's chromium package, CHROMIUM_PATH)`;
        stop.abort("browser");
      }
      return { error: "the browser is not available" };
    }
  };
  return {
    session,
    tool,
    get error() {
      return state.error;
    },
  };
}

import { retryDelayMs, retryLocation } from "./retry.js";
import type { EffectiveCheck } from "./effective.js";

/**
 * What one try of a check produced: the result's verdict fields and what it recorded
 * (apiCheckResult; browser-type checks: browserCheckResult or multiStepCheckResult).
 */
export type TryOutcome = {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean | null;
  overMaxResponseTime: boolean | null;
  networkError: boolean;
  responseTime: number;
  startedAt: Date;
  stoppedAt: Date;
  /** AGENTIC checks: what the agent did and concluded (the reference's agenticCheckResult). */
  agenticCheckResult?: Record<string, unknown>;
  apiCheckResult?: Record<string, unknown>;
  browserCheckResult?: Record<string, unknown>;
  multiStepCheckResult?: Record<string, unknown>;
  /** SSL checks: the handshake, certificate and security baseline (the reference's sslCheckResult). */
  sslCheckResult?: Record<string, unknown>;
  /**
   * Files a try produced (browser-type checks: screenshot on failure, Playwright trace, job log),
   * still in the run's temporary directory. Whoever records the try stores them with its result
   * (the service's asset store, or an agent's upload) inside `record`.
   */
  assets?: RunAsset[];
  /**
   * The files' lifecycle: runTries calls `release` once `record` has settled (stored, lost or
   * failed), and the runner then removes the run's temporary directory, assets included. So a
   * recorder must copy (or upload) the assets before its `record` promise resolves
   * (src/engine/execute.ts, src/agent/run.ts). Not part of the report.
   */
  release?: () => Promise<void>;
};

/** One file a try produced; `path` is absolute and inside the run's temporary directory. */
export type RunAsset = {
  kind: "screenshot" | "trace" | "log" | "video" | "other";
  name: string;
  contentType: string;
  path: string;
  size: number;
};

/** What a runner needs of the check itself (the rest comes from its effective settings). */
export type RunnableCheck = {
  checkType: string;
  /** Whose run it is: browser places are shared fairly between accounts (src/platform/fair-slots.ts). */
  accountId?: string;
  degradedResponseTime: number | null;
  maxResponseTime: number | null;
  shouldFail: boolean;
  /** ICMP only (percent; null for none), from the check's settings. */
  degradedPacketLossThreshold?: number | null;
  maxPacketLossThreshold?: number | null;
  /** AGENTIC only, from the check's settings: what the agent is asked to do and to assert. */
  agentic?: AgenticSpec;
  /** BROWSER, MULTI_STEP and PLAYWRIGHT only. */
  scripted?: ScriptSettings | null;
};

/** What a script-type check (BROWSER, MULTI_STEP, PLAYWRIGHT) runs besides its effective settings. */
export type ScriptSettings = {
  script: string | null;
  /** Local setup scripts, the group's then the check's: run before the tests (beforeAll). */
  setupScripts: string[];
  /** Local teardown scripts, the check's then the group's: run after the tests (afterAll). */
  tearDownScripts: string[];
  /** Minutes between runs (0: sub-minute). */
  frequency: number;
  /** PLAYWRIGHT only: the project, from the check's settings (see runnable.ts). */
  playwright?: PlaywrightProject | null;
};
export type PlaywrightProject = {
  files: { path: string; content: string }[];
  testCommand: string | null;
  pwProjects: string[];
  pwTags: string[];
  /** The run's limit in seconds, when the check sets one. */
  timeout: number | null;
};

/** An AGENTIC check's task: its prompt, the conditions to assert, and its own time limit (seconds), if any. */
export type AgenticSpec = { prompt: string | null; assertions: string[]; timeoutSeconds: number | null };

/** Runs one try of a check in a location; one per check type that can be run. */
export type Runner = (
  check: RunnableCheck,
  effective: EffectiveCheck,
  location: string,
  signal?: AbortSignal,
) => Promise<TryOutcome>;

/** One try's result as it is recorded: the outcome's fields, where it ran, and its place in the run. */
export type TryReport = Omit<TryOutcome, "networkError" | "release"> & {
  runLocation: string;
  attempts: number;
  resultType: "ATTEMPT" | "FINAL";
};
export type UnsupportedReport = {
  runLocation: string;
  attempts: 0;
  resultType: "FINAL";
  hasErrors: true;
  hasFailures: false;
  startedAt: Date;
  stoppedAt: Date;
  browserCheckResult: { errors: string[] };
};

export type TriesOptions = {
  now: () => Date;
  /** Waits before a retry; resolves early when `signal` aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted when the run was cancelled or lost: no further try starts, nothing more is recorded. */
  signal?: AbortSignal;
  /**
   * Records one try; `holdMs` is how long the run must stay held for what follows (the retry's
   * wait). False when the run is no longer this runner's (cancelled, or its lease lost).
   */
  record: (report: TryReport | UnsupportedReport, holdMs: number) => Promise<boolean>;
};

/** The message of a run whose check type no runner handles yet. */
export function unsupportedMessage(checkType: string): string {
  return `${checkType} checks are stored but not run by this version of Vigil yet`;
}

/**
 * A run's tries, wherever it runs (the service for data-center locations, an agent for its
 * private location): each failed try that the retry strategy retries is an ATTEMPT, the last try
 * is the FINAL result, `attempts` counts the tries before it, and a retry may move to the next
 * location (sameRegion false). A check type without a runner ends at once with hasErrors and a
 * message, never silently.
 */
export async function runTries(
  check: RunnableCheck,
  effective: EffectiveCheck,
  firstLocation: string,
  runner: Runner | undefined,
  options: TriesOptions,
): Promise<"recorded" | "lost"> {
  if (!runner) {
    const at = options.now();
    const report: UnsupportedReport = {
      runLocation: firstLocation,
      attempts: 0,
      resultType: "FINAL",
      hasErrors: true,
      hasFailures: false,
      startedAt: at,
      stoppedAt: at,
      browserCheckResult: { errors: [unsupportedMessage(check.checkType)] },
    };
    return (await options.record(report, 0)) ? "recorded" : "lost";
  }
  const firstTry = options.now().getTime();
  let location = firstLocation;
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) return "lost";
    const { networkError, release, ...outcome } = await runner(check, effective, location, options.signal);
    const delay = outcome.hasFailures
      ? retryDelayMs(effective.retryStrategy, attempt + 1, {
          elapsedMs: options.now().getTime() - firstTry,
          networkError,
        })
      : null;
    const report: TryReport = {
      ...outcome,
      runLocation: location,
      attempts: attempt,
      resultType: delay === null ? "FINAL" : "ATTEMPT",
    };
    let recorded = false;
    try {
      recorded = !options.signal?.aborted && (await options.record(report, delay ?? 0));
    } finally {
      await release?.();
    }
    if (!recorded) return "lost";
    if (delay === null) return "recorded";
    await options.sleep(delay, options.signal);
    location = retryLocation(effective.retryStrategy!, location, effective.locations);
  }
}

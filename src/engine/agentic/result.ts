import type { RunAsset, TryOutcome } from "../../domain/monitoring/tries.js";

/** An AGENTIC try's outcome: its verdict, the reference's agenticCheckResult, its screenshots. */
export function outcome(
  startedAt: Date,
  verdict: { hasFailures: boolean; hasErrors: boolean },
  result: Record<string, unknown>,
  assets: RunAsset[] = [],
): TryOutcome {
  const stoppedAt = new Date();
  return {
    ...verdict,
    isDegraded: null,
    overMaxResponseTime: null,
    networkError: false,
    responseTime: stoppedAt.getTime() - startedAt.getTime(),
    startedAt,
    stoppedAt,
    agenticCheckResult: {
      summary: null,
      assertions: [],
      suggestions: [],
      steps: [],
      errors: [],
      artifactManifest: null,
      ...result,
    },
    ...(assets.length ? { assets } : {}),
  };
}

/** A run that could not start: hasErrors, the message in agenticCheckResult.errors. */
export const cannotRun = (startedAt: Date, message: string, prompt: string | null = null) =>
  outcome(startedAt, { hasFailures: false, hasErrors: true }, { prompt, summary: message, errors: [{ message }] });

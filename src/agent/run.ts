import { sleep } from "../sleep.js";
import { secretValues } from "../domain/monitoring/scrub.js";
import {
  runTries,
  type Runner,
  type RunAsset,
  type TryReport,
  type UnsupportedReport,
} from "../domain/monitoring/tries.js";
import { RunLostError, type ClaimedRun, type ServiceClient } from "./client.js";
import type { AgentConfig } from "./config.js";
import type { AgentLogger } from "./logger.js";
import type { Scrubber } from "./scrub.js";

type Deps = {
  client: ServiceClient;
  runners: Partial<Record<string, Runner>>;
  scrubber: Scrubber;
  logger: AgentLogger;
  localSecrets: AgentConfig["localSecrets"];
};

/** The run's variables with the agent's own VIGIL_SECRET_* added (they win over a check's variable of the same name). */
function withLocalSecrets(run: ClaimedRun, localSecrets: Deps["localSecrets"]): ClaimedRun {
  if (localSecrets.length === 0) return run;
  const local = new Set(localSecrets.map((s) => s.key));
  const own = (run.effective.environmentVariables ?? []).filter((v) => !local.has(v.key));
  return { ...run, effective: { ...run.effective, environmentVariables: [...own, ...localSecrets] } };
}

const SENSITIVE = /^(authorization|proxy-authorization|cookie|x-api-key)$/i;
type KeyValue = { key?: unknown; value?: unknown };

/** A run's secrets: secret variables, its basic-auth password and the values of its credential headers. */
export function runSecrets(run: ClaimedRun): string[] {
  const request = (run.effective.request ?? {}) as { basicAuth?: { password?: unknown } | null; headers?: KeyValue[] };
  const headerValues = (request.headers ?? [])
    .filter((h) => typeof h.key === "string" && SENSITIVE.test(h.key))
    .map((h) => String(h.value ?? ""));
  const password = typeof request.basicAuth?.password === "string" ? request.basicAuth.password : null;
  return secretValues(run.effective.environmentVariables ?? [], [password, ...headerValues]);
}

/** Posts a try; a network failure is retried a few times (the lease covers it), a 409 means the run is lost (null). */
async function post(
  deps: Deps,
  run: ClaimedRun,
  holdMs: number,
  report: unknown,
  signal: AbortSignal,
): Promise<{ id: string } | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.client.postResult(run.id, holdMs, report);
    } catch (error) {
      if (error instanceof RunLostError) return null;
      if (attempt === 3 || signal.aborted) throw error;
      await sleep(500 * 2 ** attempt, signal);
    }
  }
}

/**
 * Runs one claimed run to its FINAL result (runTries, the service's retry loop), posting each try
 * scrubbed of the run's secrets, and renewing the lease every third of it while it runs. The run
 * stops when the service says it is no longer this agent's (409). A runner that throws still ends
 * the run: a FINAL result with hasErrors and the (scrubbed) error message.
 */
export async function executeClaimedRun(
  deps: Deps,
  claimed: ClaimedRun,
  stop: AbortSignal,
): Promise<"recorded" | "lost"> {
  const run = withLocalSecrets(claimed, deps.localSecrets);
  const lost = new AbortController();
  const signal = AbortSignal.any([lost.signal, stop]);
  const forget = deps.scrubber.add(runSecrets(run));
  const log = deps.logger.child({ runId: run.id, checkId: run.check.id });
  const renewal = setInterval(
    () => {
      deps.client.renew(run.id, 0).catch((error: unknown) => {
        if (error instanceof RunLostError) lost.abort();
        else log.warn({ err: error }, "lease renewal failed");
      });
    },
    Math.max(200, Math.floor(run.leaseMs / 3)),
  );
  const record = async (report: TryReport | UnsupportedReport, holdMs: number) => {
    const { assets, ...fields } = report as TryReport;
    const posted = await post(deps, run, holdMs, deps.scrubber.deep(fields), signal);
    if (posted && assets?.length) await uploadAssets(deps, run, posted.id, assets, log);
    return posted !== null;
  };
  try {
    const outcome = await runTries(run.check, run.effective, run.runLocation, deps.runners[run.check.checkType], {
      now: () => new Date(),
      sleep,
      signal,
      record,
    });
    log.debug({ outcome }, "run finished");
    return outcome;
  } catch (error) {
    log.error({ err: error }, "the check's run failed");
    if (signal.aborted) return "lost";
    const at = new Date();
    const message = `the agent could not run this check: ${error instanceof Error ? error.message : String(error)}`;
    const report = {
      runLocation: run.runLocation,
      attempts: 0,
      resultType: "FINAL",
      hasErrors: true,
      hasFailures: false,
      startedAt: at,
      stoppedAt: at,
      browserCheckResult: { errors: [message] },
    };
    return (await post(deps, run, 0, deps.scrubber.deep(report), signal).catch(() => null)) ? "recorded" : "lost";
  } finally {
    clearInterval(renewal);
    forget();
  }
}

/**
 * Uploads a posted try's files, one at a time (the service counts them against the run's cap).
 * A file that cannot be uploaded is logged and skipped: the result is already recorded.
 */
async function uploadAssets(deps: Deps, run: ClaimedRun, resultId: string, assets: RunAsset[], log: AgentLogger) {
  for (const asset of assets) {
    try {
      await deps.client.uploadAsset(run.id, resultId, {
        ...asset,
        kind: asset.kind === "other" ? "file" : asset.kind,
        // The service takes letters, digits, '.', '_' and '-' (AssetName).
        name:
          asset.name
            .replace(/[^A-Za-z0-9._-]/g, "_")
            .replace(/^[._]+/, "")
            .slice(0, 100) || "file",
      });
    } catch (error) {
      log.warn({ err: error, asset: asset.name, resultId }, "uploading a try's file failed");
    }
  }
}

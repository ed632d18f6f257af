import type { AppContext } from "../app-context.js";
import { domainContext } from "../app-context.js";
import { recordCheckResult } from "../domain/check-results/index.js";
import { maintenanceStatus } from "../domain/maintenance-windows/status.js";
import { finishRun, renewLease } from "../domain/runs/index.js";
import type { CheckRun } from "../generated/sqlite/client.js";
import { effectiveCheck, type EffectiveCheck } from "./effective.js";
import { retryDelayMs, retryLocation } from "./retry.js";
import type { RunOutcome } from "./runners/api.js";

/** Runs one try of a check in a location; one per check type the service can run. */
export type Runner = (check: { checkType: string; degradedResponseTime: number | null; maxResponseTime: number | null; shouldFail: boolean }, effective: EffectiveCheck, location: string) => Promise<RunOutcome>;
export type ExecuteOptions = { owner: string; leaseMs: number; now: () => Date; sleep: (ms: number) => Promise<void>; runners: Partial<Record<string, Runner>> };

const tags = (value: unknown) => (Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : []);

/**
 * Turns a claimed run into results: skipped (and closed) when the check is gone, deactivated
 * (itself or its group) or paused by a maintenance window; otherwise each failed try that its
 * retry strategy retries is an ATTEMPT result, and the last try is the run's FINAL result, all
 * sharing the run's sequenceId, with `attempts` = the tries before it. Check types the service
 * cannot run yet end with hasErrors and a message, never silently. Before recording, the runner
 * renews its lease: a run it lost (lease expired, claimed by another) records nothing.
 */
export async function executeRun(app: AppContext, run: CheckRun, options: ExecuteOptions): Promise<"recorded" | "skipped" | "lost"> {
  const db = app.database.prisma;
  const check = await db.check.findFirst({ where: { id: run.checkId, accountId: run.accountId }, include: { group: true } });
  const windows = check ? await db.maintenanceWindow.findMany({ where: { accountId: run.accountId, startsAt: { lte: options.now() } } }) : [];
  const effective = check ? effectiveCheck(check, check.group) : null;
  const paused = check && maintenanceStatus(windows, { tags: tags(check.tags), groupTags: tags(check.group?.tags) }, options.now()).paused;
  if (!check || !effective?.activated || paused) {
    await finishRun(db, { id: run.id, owner: options.owner, now: options.now(), status: "CANCELLED" });
    return "skipped";
  }
  const ctx = domainContext(app, run.accountId);
  const base = { checkId: check.id, checkRunId: run.id, sequenceId: run.sequenceId, ...(run.sessionId ? { sessionId: run.sessionId } : {}) };
  let location = run.location ?? "private";
  const runner = options.runners[check.checkType];
  if (!runner) {
    if (!(await renewLease(db, { id: run.id, owner: options.owner, now: options.now(), leaseMs: options.leaseMs }))) return "lost";
    const message = `${check.checkType} checks are stored but not run by this version of Vigil yet`;
    await recordCheckResult({ ctx, input: { ...base, runLocation: location, hasErrors: true, hasFailures: false, startedAt: options.now(), stoppedAt: options.now(), browserCheckResult: { errors: [message] } } });
    return "recorded";
  }
  const firstTry = options.now().getTime();
  for (let attempt = 0; ; attempt++) {
    const outcome = await runner(check, effective, location);
    const delay = outcome.hasFailures ? retryDelayMs(effective.retryStrategy, attempt + 1, { elapsedMs: options.now().getTime() - firstTry, networkError: outcome.networkError }) : null;
    if (!(await renewLease(db, { id: run.id, owner: options.owner, now: options.now(), leaseMs: options.leaseMs + (delay ?? 0) }))) return "lost";
    const { networkError: _network, ...fields } = outcome;
    await recordCheckResult({ ctx, input: { ...base, ...fields, runLocation: location, attempts: attempt, resultType: delay === null ? "FINAL" : "ATTEMPT" } });
    if (delay === null) return "recorded";
    await options.sleep(delay);
    location = retryLocation(effective.retryStrategy!, location, effective.locations);
  }
}

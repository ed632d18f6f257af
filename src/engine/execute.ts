import type { AppContext } from "../app-context.js";
import { domainContext } from "../app-context.js";
import { recordCheckResult } from "../domain/check-results/index.js";
import { finishRun, renewLease } from "../domain/runs/index.js";
import type { CheckRun } from "../generated/sqlite/client.js";
import { loadRunnable } from "./prepare.js";
import { runTries, type Runner, type TriesOptions } from "./tries.js";

export type { Runner } from "./tries.js";
export type ExecuteOptions = { owner: string; leaseMs: number; now: () => Date; sleep: TriesOptions["sleep"]; runners: Partial<Record<string, Runner>>; signal?: AbortSignal };

/**
 * Turns a claimed data-center run into results: skipped (and closed) when its check must not run
 * (see loadRunnable); otherwise its tries (see runTries), all sharing the run's sequenceId. Before
 * recording a try the runner renews its lease: a run it lost (lease expired and claimed by
 * another, or cancelled) records nothing more.
 */
export async function executeRun(app: AppContext, run: CheckRun, options: ExecuteOptions): Promise<"recorded" | "skipped" | "lost"> {
  const db = app.database.prisma;
  const runnable = await loadRunnable(db, run, options.now());
  if (!runnable) {
    await finishRun(db, { id: run.id, owner: options.owner, now: options.now(), status: "CANCELLED" });
    return "skipped";
  }
  const { check, effective } = runnable;
  const ctx = domainContext(app, run.accountId);
  const base = { checkId: check.id, checkRunId: run.id, sequenceId: run.sequenceId, ...(run.sessionId ? { sessionId: run.sessionId } : {}) };
  return runTries(check, effective, run.location ?? "private", options.runners[check.checkType], {
    now: options.now,
    sleep: options.sleep,
    ...(options.signal ? { signal: options.signal } : {}),
    record: async (report, holdMs) => {
      if (!(await renewLease(db, { id: run.id, owner: options.owner, now: options.now(), leaseMs: options.leaseMs + holdMs }))) return false;
      await recordCheckResult({ ctx, input: { ...base, ...report } });
      return true;
    },
  });
}

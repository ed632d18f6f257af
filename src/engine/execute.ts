import type { AppContext } from "../app-context.js";
import { finishRun, recordHeldTries, type HeldTry } from "../domain/runs/index.js";
import type { CheckRunRow, StoredRevision } from "../domain/runs/index.js";
import { loadRunnable, type RunnableCache } from "../domain/monitoring/runnable.js";
import { type RecordedResult, storeRunAssets } from "../domain/assets/index.js";
import { runTries, type Runner, type RunAsset, type TriesOptions, type TryReport } from "../domain/monitoring/tries.js";

export type { Runner } from "../domain/monitoring/tries.js";
export type ExecuteOptions = {
  owner: string;
  leaseMs: number;
  now: () => Date;
  sleep: TriesOptions["sleep"];
  runners: Partial<Record<string, Runner>>;
  signal?: AbortSignal;
  /** Recently read checks and windows (the engine's); without it each run reads them. */
  cache?: RunnableCache;
  /** Writes one try (the engine batches them); without it each try is its own transaction. Null: the run was lost. */
  writeTry?: (t: HeldTry) => Promise<RecordedResult | null>;
};

/**
 * Turns a claimed data-center run into results: skipped (and closed) when its check must not run
 * (see loadRunnable); otherwise its tries (see runTries), all sharing the run's sequenceId. Each
 * try renews the run's lease as it is recorded: a run it lost (lease expired and claimed by
 * another, or cancelled) records nothing more.
 */
export async function executeRun(
  app: AppContext,
  /** A claimed run: its `revision` (what the claim read) keeps the cache from serving an edited check. */
  run: CheckRunRow & { revision?: StoredRevision },
  options: ExecuteOptions,
): Promise<"recorded" | "skipped" | "lost"> {
  const db = app.database.prisma;
  const runnable = await loadRunnable({ ctx: { db }, run, now: options.now(), cache: options.cache });
  if (!runnable) {
    await finishRun({ ctx: { db }, id: run.id, owner: options.owner, now: options.now(), status: "CANCELLED" });
    return "skipped";
  }
  const { check, effective } = runnable;
  const base = {
    checkId: check.id,
    checkRunId: run.id,
    sequenceId: run.sequenceId,
    ...(run.sessionId ? { sessionId: run.sessionId } : {}),
  };
  const writeTry =
    options.writeTry ??
    (async (t: HeldTry) => {
      const [answer] = await recordHeldTries({ ctx: { db, events: app.events, now: options.now }, tries: [t] });
      if (answer instanceof Error) throw answer;
      return answer ?? null;
    });
  return runTries(
    { ...check, accountId: run.accountId },
    effective,
    run.location ?? "private",
    options.runners[check.checkType],
    {
      now: options.now,
      sleep: options.sleep,
      ...(options.signal ? { signal: options.signal } : {}),
      record: async (report, holdMs) => {
        const { assets, ...fields } = report as TryReport;
        const result = await writeTry({
          run,
          check,
          owner: options.owner,
          leaseMs: options.leaseMs + holdMs,
          input: { ...base, ...fields },
        });
        if (result && assets?.length) await storeTryAssets(app, result, assets);
        return result !== null;
      },
    },
  );
}

/** A try's files, stored after its result committed: a failure to store them loses no result, only the files (logged). */
async function storeTryAssets(app: AppContext, result: RecordedResult, assets: RunAsset[]) {
  const log = { checkId: result.checkId, checkResultId: result.id };
  try {
    const { dropped } = await storeRunAssets({
      ctx: { db: app.database.prisma },
      assets: app.assets,
      result,
      files: assets,
    });
    if (dropped.length)
      app.logger.warn(
        { ...log, dropped, maxRunBytes: app.assets.maxRunBytes },
        "a run's files are over its cap: some were not kept",
      );
  } catch (error) {
    app.logger.error({ ...log, err: error }, "storing a try's files failed");
  }
}

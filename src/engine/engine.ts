import { randomUUID } from "node:crypto";
import { systemContext, type AppContext } from "../app-context.js";
import { claimRuns, extendLeases, releaseRun } from "../domain/runs/claim.js";
import type { ClaimedRunRow } from "../domain/runs/index.js";
import { executeRun } from "./execute.js";
import { RunnableCache } from "../domain/monitoring/runnable.js";
import { createTryWriter } from "./try-writer.js";
import { defaultRunners } from "./runners/index.js";
import { clearOfClaims } from "./clear-of-claims.js";
import { sleep } from "../sleep.js";
import { scheduleDueRuns, SCHEDULER_DEFAULTS, type SchedulerOptions } from "../domain/runs/schedule.js";
import { PlanCache } from "../domain/runs/plan-rows.js";
import { ClaimLoop } from "../platform/claim-loop.js";
import type { Runner } from "../domain/monitoring/tries.js";

/** A periodic duty of the engine besides running checks (missed heartbeats, dropped runs...). */
export type Sweep = {
  name: string;
  everyMs: number;
  /** `engine`: the engine running the sweep (none when a sweep is run alone, as tests do). */
  run: (app: AppContext, now: Date, engine?: EngineActivity) => Promise<unknown>;
};

/** A run started this recently and still under way counts as about to write its result. */
const RECENT_RUN_MS = 100;
/**
 * After a claim that took runs but not a full batch, the claim loop waits this long (or for a free
 * slot) before the next: a claim costs three statements however many runs it takes, and at
 * thousands of runs a minute one falls due every few milliseconds.
 */
const CLAIM_GATHER_MS = 25;
/** The longest moment without a run falling due that a periodic duty waits for. */
const CLEAR_MAX_MS = 50;

/** What a sweep may ask of the engine running it. */
export type EngineActivity = {
  /**
   * Resolves at a moment when the engine has nothing to write for the next `clearMs`: no queued
   * run due within `clearMs` (nor one past due and not yet claimed), no run started in the last
   * 100 ms still under way (a check against a fast target: its result is about to be written; a
   * slow one, as a browser run, does not hold the sweep for its whole time) and the result writer
   * idle (true); or after `maxWaitMs` however busy it is (false).
   * The retention sweep's statements go then: on SQLite each holds the write lock and, in this
   * process, the event loop, so a claim or a result batch landing on one waits for it.
   */
  quiet(clearMs: number, maxWaitMs: number): Promise<boolean>;
};

export type EngineOptions = {
  concurrency: number;
  leaseMs: number;
  /** Lease owner name of this instance's runners. */
  owner?: string;
  runners?: Partial<Record<string, Runner>>;
  scheduler?: SchedulerOptions;
  sweeps?: Sweep[];
  /** The longest idle wait between two looks at the queue. */
  maxIdleMs?: number;
  now?: () => Date;
};

/** Counts since start; lagMs: due-to-claim lags (ms) of the runs started since the last report. */
export type EngineStats = {
  claimed: number;
  recorded: number;
  skipped: number;
  lost: number;
  failed: number;
  lagMs: number[];
};

/** How often the engine logs what it did (runs, lag percentiles, runs under way). */
const REPORT_EVERY_MS = 60_000;

/** The parts of a running engine its functions share; the claim loop's own functions need all but the loop. */
type EngineParts = EngineBase & { loop: ClaimLoop<number, ClaimedRunRow> };
type EngineBase = {
  app: AppContext;
  options: EngineOptions;
  owner: string;
  now: () => Date;
  maxIdleMs: number;
  stats: EngineStats;
  writer: ReturnType<typeof createTryWriter>;
  /** When the earliest queued run of this engine's locations falls due (ms; Infinity: none queued). */
  nextDueAt: number;
};

/**
 * The service's engine: a scheduler tick that queues due runs, a runner pool that claims the
 * data-center runs (private-location runs are the agents') with a lease and executes them, at
 * most `concurrency` at once, and periodic sweeps. Every instance runs the same loop: the queue's
 * claim protocol and the scheduler's compare-and-set make instances share the work, not repeat it.
 * Runs cancelled (or lost to another runner) while under way are noticed within a second and
 * stop: no further try starts and nothing more is recorded.
 */
export function startEngine(app: AppContext, options: EngineOptions) {
  const now = options.now ?? (() => new Date());
  if (!app.config.browser.sandbox)
    app.logger.warn(
      "SCRIPT_SANDBOX=off: checks' scripts run unsandboxed, with the service's files and network (unsafe)",
    );
  const base: EngineBase = {
    app,
    options,
    now,
    owner: options.owner ?? `service:${randomUUID()}`,
    maxIdleMs: options.maxIdleMs ?? 250,
    nextDueAt: Number.POSITIVE_INFINITY,
    stats: { claimed: 0, recorded: 0, skipped: 0, lost: 0, failed: 0, lagMs: [] },
    // A batch costs a fixed few statements and a compare-and-set per status (recordHeldTries): the
    // fewer the batches, the smaller each result's share of the fixed ones (bench/engine.ts). A
    // result waits at most 100 ms for its batch.
    writer: createTryWriter(app, { maxBatch: 64, maxDelayMs: 100, now }),
  };
  // One object: the claim policy moves nextDueAt, which the duties read.
  const parts: EngineParts = Object.assign(base, { loop: new ClaimLoop(runClaims(base, executor(base))) });
  const { loop, writer } = parts;
  const activity = engineActivity(parts);
  const timers = periodicDuties(parts, activity);
  return {
    owner: parts.owner,
    stats: parts.stats,
    inFlight: () => loop.tasks.size,
    quiet: activity.quiet,
    /**
     * Stops claiming, lets runs under way finish until `deadline`, then hands the rest back to
     * the queue (QUEUED again, so another instance takes them at once instead of after a lease).
     */
    async stop(timeoutMs: number): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      await loop.stopClaiming();
      if (!(await loop.drain(timeoutMs))) await loop.abandon(1_000);
      await writer.flushed();
    },
  };
}

export type Engine = ReturnType<typeof startEngine>;

/** The runners of the engine's checks: the options' (tests), else the configured ones. */
function runnersOf(app: AppContext, options: EngineOptions) {
  return (
    options.runners ??
    defaultRunners({
      blockPrivateTargets: app.config.blockPrivateTargets,
      privateTargetsAllow: app.config.privateTargetsAllow,
      extraCaCertificates: app.config.extraCaCertificates,
      browser: app.config.browser,
      agentic: { model: app.config.agentic },
    })
  );
}

/** One claimed run executed to its end, counted in the stats and metrics, its failure logged. */
function executor(parts: EngineBase) {
  const { app, options, owner, now, stats } = parts;
  const runners = runnersOf(app, options);
  const cache = new RunnableCache(5_000);
  return (run: ClaimedRunRow, signal: AbortSignal) => {
    stats.claimed++;
    app.metrics.runClaimed(now().getTime() - run.dueAt.getTime());
    if (stats.lagMs.length < 1_000_000) stats.lagMs.push(now().getTime() - run.dueAt.getTime());
    return executeRun(app, run, {
      owner,
      leaseMs: options.leaseMs,
      now,
      sleep,
      runners,
      signal,
      cache,
      writeTry: (t) => parts.writer.write(t),
    }).then(
      (outcome) => {
        stats[outcome]++;
        app.metrics.runFinished(outcome);
      },
      (error) => {
        stats.failed++;
        app.metrics.runFinished("failed");
        app.logger.error({ err: error, checkRunId: run.id, checkId: run.checkId }, "run failed");
      },
    );
  };
}

/**
 * The engine's claim policy: as many runs as it has free places (50 a claim at most); after a
 * full claim the next at once, after a partial one in CLAIM_GATHER_MS (more are falling due:
 * claimed together), after an empty one when the next queued run falls due (the scheduler writes
 * them ahead of time). With no free place it waits for a run to end.
 */
function runClaims(parts: EngineBase, run: (item: ClaimedRunRow, signal: AbortSignal) => Promise<void>) {
  const { app, options, owner, now, maxIdleMs } = parts;
  const db = app.database.prisma;
  return {
    keyOf: (item: ClaimedRunRow) => item.id,
    now: () => now().getTime(),
    run,
    plan: (underway: number) => {
      const free = options.concurrency - underway;
      return free > 0 ? { claim: Math.min(free, 50) } : { waitMs: maxIdleMs, untilFinish: true };
    },
    claim: (limit: number, signal: AbortSignal) =>
      claimRuns({ ctx: { db }, privateLocationId: null, owner, now: now(), leaseMs: options.leaseMs, limit }).catch(
        (error) => {
          if (!signal.aborted) app.logger.error({ err: error }, "claiming runs failed");
          return [] as ClaimedRunRow[];
        },
      ),
    release: (item: ClaimedRunRow) => releaseRun({ ctx: { db }, id: item.id, owner }).then(() => undefined),
    after: async (claimed: number, limit: number) => {
      if (claimed === limit) return { waitMs: 0 };
      if (claimed > 0) {
        const waitMs = Math.min(maxIdleMs, CLAIM_GATHER_MS);
        parts.nextDueAt = now().getTime() + waitMs;
        return { waitMs };
      }
      const next = await db.checkRun
        .findFirst({
          where: { status: "QUEUED", privateLocationId: null },
          orderBy: { dueAt: "asc" },
          select: { dueAt: true },
        })
        .catch(() => null);
      parts.nextDueAt = next ? next.dueAt.getTime() : Number.POSITIVE_INFINITY;
      return { waitMs: next ? Math.max(0, Math.min(maxIdleMs, next.dueAt.getTime() - now().getTime())) : maxIdleMs };
    },
  };
}

/** The time to the next queued run (ms); negative while one past due waits for the claim loop. */
const untilNextDue = (parts: EngineParts) => parts.nextDueAt - parts.now().getTime();

/** What the engine's sweeps may ask of it (EngineActivity). */
function engineActivity(parts: EngineParts): EngineActivity {
  return {
    quiet(clearMs, maxWaitMs) {
      return clearOfClaims({
        untilDue: () => {
          const t = parts.now().getTime();
          let writing = parts.writer.busy();
          for (const run of parts.loop.tasks.values()) writing ||= t - run.startedAt < RECENT_RUN_MS;
          // Results about to be written count as a run past due: look again in a moment.
          return writing ? -1 : untilNextDue(parts);
        },
        clearMs,
        maxWaitMs,
        sleep,
        stopped: () => parts.loop.stopped,
      });
    },
  };
}

/**
 * The engine's periodic duties, each on its own timer and never two of one at once: the
 * scheduler's tick, the cancellations' watch, the leases of long runs, the minute's report and
 * the sweeps. A duty blocks the event loop while its statements run (SQLite is synchronous here):
 * the scheduler's tick for 20 to 40 ms. A run falling due meanwhile waited for it: the largest
 * share of the claims' p99 lag in bench/reporting.ts. So a duty goes at a moment with no run due
 * for twice its last time (at most 50 ms), waiting at most a tenth of its period (at most 100 ms)
 * for one.
 */
function periodicDuties(parts: EngineParts, activity: EngineActivity): NodeJS.Timeout[] {
  const { app, options, owner, now, loop } = parts;
  const db = app.database.prisma;
  const guarded = (name: string, task: () => Promise<unknown>) => async () => {
    try {
      await task();
    } catch (error) {
      if (!loop.stopped) app.logger.error({ err: error, task: name }, "engine task failed");
    }
  };
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, task: () => Promise<void>) => {
    let busy = false;
    /** The task's time when it last ran (ms). */
    let lastMs = 0;
    const timer = setInterval(() => {
      if (busy || loop.stopped) return;
      busy = true;
      void (async () => {
        await clearOfClaims({
          untilDue: () => untilNextDue(parts),
          clearMs: Math.min(CLEAR_MAX_MS, 2 * lastMs + 2),
          maxWaitMs: Math.min(ms / 10, 100),
          sleep,
          stopped: () => loop.stopped,
        });
        const started = performance.now();
        await task();
        lastMs = performance.now() - started;
      })().finally(() => (busy = false));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  const plans = new PlanCache(app.database.read);
  const schedule = () =>
    scheduleDueRuns({
      ctx: systemContext(app),
      now: now(),
      options: options.scheduler ?? SCHEDULER_DEFAULTS,
      cache: plans,
    });
  every(
    1_000,
    guarded("scheduler", async () => {
      if ((await schedule()).queued > 0) loop.wake();
    }),
  );
  every(
    1_000,
    guarded("cancellations", () => watchCancellations(parts)),
  );
  // Runs under way longer than a third of their lease (browser runs, runs waiting for a browser) keep it.
  every(
    Math.max(1_000, Math.floor(options.leaseMs / 3)),
    guarded("leases", async () => {
      await extendLeases({ ctx: { db }, ids: [...loop.tasks.keys()], owner, now: now(), leaseMs: options.leaseMs });
    }),
  );
  every(REPORT_EVERY_MS, reporter(parts));
  for (const sweep of options.sweeps ?? [])
    every(
      sweep.everyMs,
      guarded(sweep.name, () => sweep.run(app, now(), activity)),
    );
  void guarded("scheduler", schedule)();
  return timers;
}

/** Runs cancelled or taken over while under way: stop them. */
async function watchCancellations({ app, owner, loop }: EngineParts) {
  if (loop.tasks.size === 0) return;
  const gone = await app.database.prisma.checkRun.findMany({
    where: { id: { in: [...loop.tasks.keys()] }, OR: [{ status: { not: "RUNNING" } }, { leaseOwner: { not: owner } }] },
    select: { id: true },
  });
  for (const { id } of gone) loop.tasks.get(id)?.controller.abort();
}

/** The minute's report: runs by outcome since the last one, the claims' lag percentiles, runs under way. */
function reporter({ app, stats, loop }: EngineParts) {
  let reported = { ...stats };
  return async () => {
    const lags = stats.lagMs.splice(0).sort((x, y) => x - y);
    const at = (p: number) => (lags.length ? lags[Math.min(lags.length - 1, Math.floor(p * lags.length))] : null);
    const delta = (key: "claimed" | "recorded" | "skipped" | "lost" | "failed") => stats[key] - reported[key];
    app.logger.info(
      {
        claimed: delta("claimed"),
        recorded: delta("recorded"),
        skipped: delta("skipped"),
        lost: delta("lost"),
        failed: delta("failed"),
        lagP50Ms: at(0.5),
        lagP99Ms: at(0.99),
        inFlight: loop.tasks.size,
      },
      "engine: runs in the last minute",
    );
    reported = { ...stats, lagMs: [] };
  };
}

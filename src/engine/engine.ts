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

/**
 * The service's engine: a scheduler tick that queues due runs, a runner pool that claims the
 * data-center runs (private-location runs are the agents') with a lease and executes them, at
 * most `concurrency` at once, and periodic sweeps. Every instance runs the same loop: the queue's
 * claim protocol and the scheduler's compare-and-set make instances share the work, not repeat it.
 * Runs cancelled (or lost to another runner) while under way are noticed within a second and
 * stop: no further try starts and nothing more is recorded.
 */
export function startEngine(app: AppContext, options: EngineOptions) {
  const db = app.database.prisma;
  const owner = options.owner ?? `service:${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  if (!app.config.browser.sandbox)
    app.logger.warn(
      "SCRIPT_SANDBOX=off: checks' scripts run unsandboxed, with the service's files and network (unsafe)",
    );
  const runners =
    options.runners ??
    defaultRunners({
      blockPrivateTargets: app.config.blockPrivateTargets,
      privateTargetsAllow: app.config.privateTargetsAllow,
      extraCaCertificates: app.config.extraCaCertificates,
      browser: app.config.browser,
      agentic: { model: app.config.agentic },
    });
  const maxIdleMs = options.maxIdleMs ?? 250;
  const stopping = new AbortController();
  const inFlight = new Map<number, { controller: AbortController; done: Promise<void>; startedAt: number }>();
  /** When the earliest queued run of this engine's locations falls due (ms; Infinity: none queued). */
  let nextDueAt = Number.POSITIVE_INFINITY;
  const cache = new RunnableCache(5_000);
  const plans = new PlanCache(app.database.read);
  // A batch costs a fixed few statements and a compare-and-set per status (recordHeldTries): the
  // fewer the batches, the smaller each result's share of the fixed ones (bench/engine.ts). A
  // result waits at most 100 ms for its batch.
  const writer = createTryWriter(app, { maxBatch: 64, maxDelayMs: 100, now });
  const stats: EngineStats = { claimed: 0, recorded: 0, skipped: 0, lost: 0, failed: 0, lagMs: [] };
  let wake: (() => void) | null = null;
  const nudge = () => wake?.();
  /** The claim loop waits for a slot: a run ending wakes it (else it keeps to its own pace). */
  let full = false;

  const guarded = (name: string, task: () => Promise<unknown>) => async () => {
    try {
      await task();
    } catch (error) {
      if (!stopping.signal.aborted) app.logger.error({ err: error, task: name }, "engine task failed");
    }
  };

  function start(run: ClaimedRunRow) {
    const controller = new AbortController();
    stats.claimed++;
    app.metrics.runClaimed(now().getTime() - run.dueAt.getTime());
    if (stats.lagMs.length < 1_000_000) stats.lagMs.push(now().getTime() - run.dueAt.getTime());
    const done = executeRun(app, run, {
      owner,
      leaseMs: options.leaseMs,
      now,
      sleep,
      runners,
      signal: controller.signal,
      cache,
      writeTry: (t) => writer.write(t),
    })
      .then((outcome) => {
        stats[outcome]++;
        app.metrics.runFinished(outcome);
      })
      .catch((error) => {
        stats.failed++;
        app.metrics.runFinished("failed");
        app.logger.error({ err: error, checkRunId: run.id, checkId: run.checkId }, "run failed");
      })
      .finally(() => {
        inFlight.delete(run.id);
        if (full) nudge();
      });
    inFlight.set(run.id, { controller, done, startedAt: now().getTime() });
  }

  async function claimLoop() {
    while (!stopping.signal.aborted) {
      const free = options.concurrency - inFlight.size;
      full = free <= 0;
      let idleMs = maxIdleMs;
      if (free > 0) {
        const limit = Math.min(free, 50);
        const runs = await claimRuns({
          ctx: { db },
          privateLocationId: null,
          owner,
          now: now(),
          leaseMs: options.leaseMs,
          limit,
        }).catch((error) => {
          if (!stopping.signal.aborted) app.logger.error({ err: error }, "claiming runs failed");
          return [] as ClaimedRunRow[];
        });
        if (stopping.signal.aborted) {
          for (const run of runs) await releaseRun({ ctx: { db }, id: run.id, owner }).catch(() => undefined);
          break;
        }
        runs.forEach(start);
        if (runs.length === limit) continue;
        if (runs.length > 0) {
          // More are falling due: claim them together in a moment.
          idleMs = Math.min(maxIdleMs, CLAIM_GATHER_MS);
          nextDueAt = now().getTime() + idleMs;
        } else {
          // Sleep until the next queued run falls due (the scheduler writes them ahead of time).
          const next = await db.checkRun
            .findFirst({
              where: { status: "QUEUED", privateLocationId: null },
              orderBy: { dueAt: "asc" },
              select: { dueAt: true },
            })
            .catch(() => null);
          nextDueAt = next ? next.dueAt.getTime() : Number.POSITIVE_INFINITY;
          if (next) idleMs = Math.max(0, Math.min(maxIdleMs, next.dueAt.getTime() - now().getTime()));
        }
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stopping.signal.removeEventListener("abort", done);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, idleMs);
        wake = done;
        stopping.signal.addEventListener("abort", done, { once: true });
      });
    }
  }

  /** Runs cancelled or taken over while under way: stop them. */
  async function watchCancellations() {
    if (inFlight.size === 0) return;
    const gone = await db.checkRun.findMany({
      where: { id: { in: [...inFlight.keys()] }, OR: [{ status: { not: "RUNNING" } }, { leaseOwner: { not: owner } }] },
      select: { id: true },
    });
    for (const { id } of gone) inFlight.get(id)?.controller.abort();
  }

  /** The time to the next queued run (ms); negative while one past due waits for the claim loop. */
  const untilNextDue = () => nextDueAt - now().getTime();
  const activity: EngineActivity = {
    quiet(clearMs, maxWaitMs) {
      return clearOfClaims({
        untilDue: () => {
          const t = now().getTime();
          let writing = writer.busy();
          for (const run of inFlight.values()) writing ||= t - run.startedAt < RECENT_RUN_MS;
          // Results about to be written count as a run past due: look again in a moment.
          return writing ? -1 : untilNextDue();
        },
        clearMs,
        maxWaitMs,
        sleep,
        stopped: () => stopping.signal.aborted,
      });
    },
  };

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, task: () => Promise<void>) => {
    let busy = false;
    /** The task's time when it last ran (ms). */
    let lastMs = 0;
    const timer = setInterval(() => {
      if (busy || stopping.signal.aborted) return;
      busy = true;
      void (async () => {
        // A periodic duty blocks the event loop while its statements run (SQLite is synchronous
        // here): the scheduler's tick for 20 to 40 ms. A run falling due meanwhile waited for it:
        // the largest share of the claims' p99 lag in bench/reporting.ts. So a duty goes at a
        // moment with no run due for twice its last time (at most 50 ms), waiting at most a tenth
        // of its period (at most 100 ms) for one.
        await clearOfClaims({
          untilDue: untilNextDue,
          clearMs: Math.min(CLEAR_MAX_MS, 2 * lastMs + 2),
          maxWaitMs: Math.min(ms / 10, 100),
          sleep,
          stopped: () => stopping.signal.aborted,
        });
        const started = performance.now();
        await task();
        lastMs = performance.now() - started;
      })().finally(() => (busy = false));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(
    1_000,
    guarded("scheduler", async () => {
      if (
        (
          await scheduleDueRuns({
            ctx: systemContext(app),
            now: now(),
            options: options.scheduler ?? SCHEDULER_DEFAULTS,
            cache: plans,
          })
        ).queued > 0
      )
        nudge();
    }),
  );
  every(1_000, guarded("cancellations", watchCancellations));
  // Runs under way longer than a third of their lease (browser runs, runs waiting for a browser) keep it.
  every(
    Math.max(1_000, Math.floor(options.leaseMs / 3)),
    guarded("leases", async () => {
      await extendLeases({ ctx: { db }, ids: [...inFlight.keys()], owner, now: now(), leaseMs: options.leaseMs });
    }),
  );
  let reported = { ...stats };
  every(REPORT_EVERY_MS, async () => {
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
        inFlight: inFlight.size,
      },
      "engine: runs in the last minute",
    );
    reported = { ...stats, lagMs: [] };
  });
  for (const sweep of options.sweeps ?? [])
    every(
      sweep.everyMs,
      guarded(sweep.name, () => sweep.run(app, now(), activity)),
    );
  void guarded("scheduler", () =>
    scheduleDueRuns({
      ctx: systemContext(app),
      now: now(),
      options: options.scheduler ?? SCHEDULER_DEFAULTS,
      cache: plans,
    }),
  )();
  const loop = claimLoop();

  return {
    owner,
    stats,
    inFlight: () => inFlight.size,
    quiet: activity.quiet,
    /**
     * Stops claiming, lets runs under way finish until `deadline`, then hands the rest back to
     * the queue (QUEUED again, so another instance takes them at once instead of after a lease).
     */
    async stop(timeoutMs: number): Promise<void> {
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await loop;
      const all = Promise.all([...inFlight.values()].map((r) => r.done));
      await Promise.race([all, sleep(timeoutMs)]);
      for (const [id, run] of inFlight) {
        run.controller.abort();
        await releaseRun({ ctx: { db }, id, owner }).catch(() => undefined);
      }
      await Promise.race([all, sleep(1_000)]);
      await writer.flushed();
    },
  };
}

export type Engine = ReturnType<typeof startEngine>;

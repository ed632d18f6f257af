import { finishRun, claimRuns } from "../runs/index.js";
import { loadRunnable, RunnableCache, type Runnable } from "../monitoring/runnable.js";
import { parseInput } from "../shared/validation.js";
import { announceAgent } from "./announce.js";
import type { AgentContext } from "./context.js";
import { disconnectAgent } from "./disconnect.js";
import { ClaimRunsInput } from "./schemas.js";
import { RECHECK_MS, watchQueue } from "./wait.js";

/** A claimed run as the agent receives it: what to run, where it ran (`runLocation`), and for how long it is held. */
export type ClaimedRun = { id: number; sequenceId: string; runLocation: string; leaseMs: number } & Runnable;

/**
 * Claims up to `limit` due runs of the agent's location (QUEUED, or RUNNING with an expired lease:
 * their agent died), each leased to this agent for `leaseMs`. Runs whose check must not run
 * (deleted, deactivated, in maintenance) are closed CANCELLED and not handed out. With nothing to
 * claim it waits up to `waitMs` for work (a runsQueued event, or a look every second for runs
 * another instance queued), and answers empty when the wait ends or `signal` aborts (the agent
 * went away, or the service stops). When `departed` aborted (the agent's connection closed), the
 * agent is no longer connected, and its location's watchers are told at once.
 */
export async function claimAgentRuns({
  ctx,
  input,
  leaseMs,
  signal,
  departed,
}: {
  ctx: AgentContext;
  input: unknown;
  leaseMs: number;
  signal: AbortSignal;
  departed?: AbortSignal;
}): Promise<{ runs: ClaimedRun[] }> {
  const data = parseInput(ClaimRunsInput, input);
  await announceAgent(ctx, data);
  try {
    return await waitForRuns(ctx, data, leaseMs, signal);
  } finally {
    if (departed?.aborted)
      await disconnectAgent(ctx, { agentId: data.agentId, privateLocationId: ctx.privateLocationId });
  }
}

async function waitForRuns(
  ctx: AgentContext,
  data: { agentId: string; limit: number; waitMs: number },
  leaseMs: number,
  signal: AbortSignal,
): Promise<{ runs: ClaimedRun[] }> {
  const deadline = Date.now() + data.waitMs;
  const queue = watchQueue(ctx.events, ctx.privateLocationId);
  try {
    for (;;) {
      if (signal.aborted) return { runs: [] };
      const { runs, found } = await claimRunnable(ctx, data.agentId, data.limit, leaseMs);
      if (runs.length > 0) return { runs };
      if (found) continue; // every claimed run was closed: look again at once
      const left = deadline - Date.now();
      if (left <= 0) return { runs: [] };
      await queue.wait(Math.min(left, RECHECK_MS), signal);
    }
  } finally {
    queue.close();
  }
}

/** Checks and windows as recently read, per database client: as the engine's runners, agents claim runs of the same checks all the time. */
const caches = new WeakMap<object, RunnableCache>();
const cacheOf = (db: object) => caches.get(db) ?? caches.set(db, new RunnableCache(5_000)).get(db)!;

async function claimRunnable(ctx: AgentContext, owner: string, limit: number, leaseMs: number) {
  const now = ctx.now();
  const claimed = await claimRuns({ ctx: ctx, privateLocationId: ctx.privateLocationId, owner, now, leaseMs, limit });
  const runs: ClaimedRun[] = [];
  for (const run of claimed) {
    const runnable = await loadRunnable({ ctx: ctx, run: run, now: now, cache: cacheOf(ctx.db) });
    if (!runnable) {
      await finishRun({ ctx: ctx, id: run.id, owner, now, status: "CANCELLED" });
      continue;
    }
    runs.push({ id: run.id, sequenceId: run.sequenceId, runLocation: ctx.slugName, leaseMs, ...runnable });
  }
  return { runs, found: claimed.length > 0 };
}

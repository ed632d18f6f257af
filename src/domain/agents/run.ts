import { ConflictError, NotFoundError } from "../errors.js";
import { parseIntId } from "../ids.js";
import { renewLease } from "../runs/index.js";
import { touchAgent } from "./announce.js";
import type { AgentContext } from "./context.js";

/** A run of the agent's location; any other run (another location's, another account's, none) is NotFound. */
export async function locationRun(ctx: AgentContext, id: unknown) {
  const runId = parseIntId(id);
  const run = runId === null ? null : await ctx.db.checkRun.findFirst({ where: { id: runId, privateLocationId: ctx.privateLocationId, accountId: ctx.accountId } });
  if (!run) throw new NotFoundError("run", String(id));
  return run;
}

/**
 * Extends this agent's lease of the run to now + leaseMs + holdMs; a Conflict when the agent no
 * longer holds it (cancelled, finished, or its lease expired and another agent claimed it), so
 * the agent stops that run and records nothing more.
 */
export async function holdRun(ctx: AgentContext, run: { id: number }, agentId: string, ms: number, options: { touch?: boolean } = {}): Promise<Date> {
  const now = ctx.now();
  if (!(await renewLease(ctx.db, { id: run.id, owner: agentId, now, leaseMs: ms }))) {
    throw new ConflictError(`run ${run.id} is no longer held by this agent (cancelled, finished, or its lease expired and another agent claimed it)`);
  }
  if (options.touch) await touchAgent(ctx, agentId);
  return new Date(now.getTime() + ms);
}

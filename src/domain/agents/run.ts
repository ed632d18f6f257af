import type { CheckRun } from "../../generated/sqlite/client.js";
import { ConflictError, NotFoundError } from "../shared/errors.js";
import { parseIntId } from "../shared/ids.js";
import { renewLease } from "../runs/index.js";
import { touchAgent } from "./announce.js";
import type { AgentContext } from "./context.js";

/** The answer to an agent about a run it no longer holds: it stops that run. */
export function lostRun(id: number): ConflictError {
  return new ConflictError(
    `run ${id} is no longer held by this agent (cancelled, finished, or its lease expired and another agent claimed it)`,
  );
}

const checkNames = { check: { select: { id: true, name: true, checkType: true } } } as const;

/**
 * A run of the agent's location (with its check's id, name and type when asked); any other run
 * (another location's, another account's, none) is NotFound.
 */
export async function locationRun(ctx: AgentContext, id: unknown): Promise<CheckRun>;
export async function locationRun(
  ctx: AgentContext,
  id: unknown,
  options: { withCheck: true },
): Promise<CheckRun & { check: { id: string; name: string; checkType: string } }>;
export async function locationRun(ctx: AgentContext, id: unknown, options: { withCheck?: boolean } = {}) {
  const runId = parseIntId(id);
  const where = { id: runId ?? 0, privateLocationId: ctx.privateLocationId, accountId: ctx.accountId };
  const run =
    runId === null
      ? null
      : options.withCheck
        ? await ctx.db.checkRun.findFirst({ where, include: checkNames })
        : await ctx.db.checkRun.findFirst({ where });
  if (!run) throw new NotFoundError("run", String(id));
  return run;
}

/**
 * Extends this agent's lease of the run to now + leaseMs + holdMs; a Conflict when the agent no
 * longer holds it (cancelled, finished, or its lease expired and another agent claimed it), so
 * the agent stops that run and records nothing more.
 */
export async function holdRun(
  ctx: AgentContext,
  run: { id: number },
  agentId: string,
  ms: number,
  options: { touch?: boolean } = {},
): Promise<Date> {
  const now = ctx.now();
  if (!(await renewLease({ ctx: ctx, id: run.id, owner: agentId, now, leaseMs: ms }))) {
    throw lostRun(run.id);
  }
  if (options.touch) await touchAgent(ctx, agentId);
  return new Date(now.getTime() + ms);
}

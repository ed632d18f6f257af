import { parseInput } from "../shared/validation.js";
import type { AgentContext } from "./context.js";
import { holdRun, locationRun } from "./run.js";
import { RenewLeaseInput } from "./schemas.js";

/**
 * POST /agent/v1/runs/{id}/lease: the run stays this agent's for another lease (plus `holdMs`).
 * A renewal also says the agent is alive: a long run keeps its agent counted between claims.
 */
export async function renewAgentLease({
  ctx,
  runId,
  input,
  leaseMs,
}: {
  ctx: AgentContext;
  runId: unknown;
  input: unknown;
  leaseMs: number;
}) {
  const data = parseInput(RenewLeaseInput, input);
  const run = await locationRun(ctx, runId);
  return { leaseExpiresAt: await holdRun(ctx, run, data.agentId, leaseMs + data.holdMs, { touch: true }) };
}

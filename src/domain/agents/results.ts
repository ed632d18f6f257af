import { recordCheckResult } from "../check-results/index.js";
import { parseInput } from "../validation.js";
import type { AgentContext } from "./context.js";
import { holdRun, locationRun } from "./run.js";
import { PostRunResultInput } from "./schemas.js";

/**
 * POST /agent/v1/runs/{id}/results: one try of a run this agent holds. The lease is renewed first
 * (by `holdMs` more, for a retry's wait), so a lost run records nothing; then the try is recorded
 * as the service's own runners record theirs, with everything that places it taken from the run:
 * check, run, sequence, session, and the location's slug as runLocation. A FINAL try ends the run.
 */
export async function recordAgentResult({ ctx, runId, input, leaseMs }: { ctx: AgentContext; runId: unknown; input: unknown; leaseMs: number }) {
  const { agentId, holdMs, report } = parseInput(PostRunResultInput, input);
  const run = await locationRun(ctx, runId);
  await holdRun(ctx, run, agentId, leaseMs + holdMs);
  const { runLocation: _sent, ...outcome } = report;
  return recordCheckResult({
    ctx,
    input: {
      ...outcome,
      checkId: run.checkId,
      checkRunId: run.id,
      sequenceId: run.sequenceId,
      runLocation: ctx.slugName,
      ...(run.sessionId ? { sessionId: run.sessionId } : {}),
    },
  });
}

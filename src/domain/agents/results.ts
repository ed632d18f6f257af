import { recordHeldTries } from "../runs/index.js";
import { parseInput } from "../shared/validation.js";
import type { AgentContext } from "./context.js";
import { locationRun, lostRun } from "./run.js";
import { PostRunResultInput } from "./schemas.js";

/**
 * POST /agent/v1/runs/{id}/results: one try of a run this agent holds, recorded exactly as the
 * service's own runners record theirs (recordHeldTries): the lease is renewed by `holdMs` more in
 * the same transaction, so a lost run records nothing (409); everything that places the try comes
 * from the run: check, run, sequence, session, and the location's slug as runLocation. A FINAL
 * try ends the run.
 */
export async function recordAgentResult({
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
  const { agentId, holdMs, report } = parseInput(PostRunResultInput, input);
  const run = await locationRun(ctx, runId, { withCheck: true });
  const { runLocation: _sent, ...outcome } = report;
  const [answer] = await recordHeldTries({
    ctx: { db: ctx.db, events: ctx.events, now: ctx.now },
    tries: [
      {
        run,
        check: run.check,
        owner: agentId,
        leaseMs: leaseMs + holdMs,
        input: {
          ...outcome,
          checkId: run.checkId,
          checkRunId: run.id,
          sequenceId: run.sequenceId,
          runLocation: ctx.slugName,
          ...(run.sessionId ? { sessionId: run.sessionId } : {}),
        },
      },
    ],
  });
  if (answer instanceof Error) throw answer;
  if (!answer) throw lostRun(run.id);
  return answer;
}

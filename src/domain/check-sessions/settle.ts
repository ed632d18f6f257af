import type { DbOrTx } from "../../db/client.js";
import { ACTIVE_RUN_STATUSES, FINISHED_STATUSES, type SessionStatus } from "./schemas.js";

type Run = { id: number; status: string };
type Final = { checkRunId: number | null; hasFailures: boolean; hasErrors: boolean; isDegraded: boolean | null; isCancelled: boolean };

/**
 * A finished session's outcome, worst first: a cancelled run makes it CANCELLED (decisions.md); a
 * run that ended without a FINAL result (dropped) TIMED_OUT; then FAILED, DEGRADED, PASSED.
 */
export function sessionOutcome(runs: readonly Run[], finals: readonly Final[]): SessionStatus {
  if (runs.some((run) => run.status === "CANCELLED") || finals.some((f) => f.isCancelled)) return "CANCELLED";
  const answered = new Set(finals.map((f) => f.checkRunId));
  if (runs.some((run) => !answered.has(run.id))) return "TIMED_OUT";
  if (finals.some((f) => f.hasFailures || f.hasErrors)) return "FAILED";
  if (finals.some((f) => f.isDegraded)) return "DEGRADED";
  return "PASSED";
}

/**
 * Brings an unfinished session's status up to date with its runs, inside the writer's transaction:
 * STARTED while every run waits, PROGRESS once one has moved, the outcome once none is left.
 */
export async function settleSession({ tx, accountId, sessionId, now }: { tx: DbOrTx; accountId: string; sessionId: string; now: Date }) {
  const session = await tx.checkSession.findFirst({ where: { id: sessionId, accountId }, select: { status: true } });
  if (!session || FINISHED_STATUSES.includes(session.status as SessionStatus)) return;
  // One after the other: a transaction holds one connection.
  const runs = await tx.checkRun.findMany({ where: { sessionId, accountId }, select: { id: true, status: true } });
  const results = await tx.checkResult.findMany({
    where: { sessionId, accountId },
    select: { resultType: true, checkRunId: true, hasFailures: true, hasErrors: true, isDegraded: true, isCancelled: true },
  });
  const running = runs.some((run) => ACTIVE_RUN_STATUSES.includes(run.status));
  const moved = results.length > 0 || runs.some((run) => run.status !== "QUEUED");
  const status: SessionStatus = running ? (moved ? "PROGRESS" : "STARTED") : sessionOutcome(runs, results.filter((r) => r.resultType === "FINAL"));
  if (status !== session.status) {
    await tx.checkSession.update({ where: { id: sessionId, accountId }, data: { status, stoppedAt: running ? null : now } });
  }
}

import type { DbOrTx } from "../../db/client.js";
import { nothingPromoted, promoteGroups, type Promoted } from "./promote.js";
import { ACTIVE_RUN_STATUSES, FINISHED_STATUSES, WAITING_RUN_STATUSES, type SessionStatus } from "./schemas.js";

type Run = { id: number; status: string };
type Final = {
  checkRunId: number | null;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean | null;
  isCancelled: boolean;
};

/**
 * A finished session's outcome, worst first: a cancelled run makes it CANCELLED (docs/decisions.md); a
 * DROPPED run (never picked up, or given up on), or one that ended without a FINAL result,
 * TIMED_OUT whatever the other results say; then FAILED, DEGRADED, PASSED.
 */
export function sessionOutcome(runs: readonly Run[], finals: readonly Final[]): SessionStatus {
  if (runs.some((run) => run.status === "CANCELLED") || finals.some((f) => f.isCancelled)) return "CANCELLED";
  if (runs.some((run) => run.status === "DROPPED")) return "TIMED_OUT";
  const answered = new Set(finals.map((f) => f.checkRunId));
  if (runs.some((run) => !answered.has(run.id))) return "TIMED_OUT";
  if (finals.some((f) => f.hasFailures || f.hasErrors)) return "FAILED";
  if (finals.some((f) => f.isDegraded)) return "DEGRADED";
  return "PASSED";
}

/**
 * Brings an unfinished session's status up to date with its runs, inside the writer's transaction:
 * STARTED while every run waits (PENDING or QUEUED), PROGRESS once one has moved, the outcome once
 * none is left. A session of a grouped check that ends frees a slot of its group: the next pending
 * sessions are promoted in the same transaction. Not when it ends CANCELLED: the canceller holds
 * PENDING rows and promotes after its commit (see promote.ts on lock order). Returns what was
 * promoted, for the caller to announce (publishQueued) after its commit.
 */
export async function settleSession({
  tx,
  accountId,
  sessionId,
  now,
}: {
  tx: DbOrTx;
  accountId: string;
  sessionId: string;
  now: Date;
}): Promise<Promoted> {
  // Locks the session row first (a no-op UPDATE): two runs of the session ending at once settle one
  // after the other, so the second sees the first's run ended (else on PostgreSQL each could see
  // the other still running, and the session would never finish).
  const [session] = await tx.$queryRaw<
    { status: string }[]
  >`UPDATE "CheckSession" SET "status" = "status" WHERE "id" = ${sessionId} AND "accountId" = ${accountId} RETURNING "status"`;
  if (!session || FINISHED_STATUSES.includes(session.status as SessionStatus)) return nothingPromoted();
  // One after the other: a transaction holds one connection.
  const runs = await tx.checkRun.findMany({
    where: { sessionId, accountId },
    select: { id: true, status: true, groupId: true },
  });
  const results = await tx.checkResult.findMany({
    where: { sessionId, accountId },
    select: {
      resultType: true,
      checkRunId: true,
      hasFailures: true,
      hasErrors: true,
      isDegraded: true,
      isCancelled: true,
    },
  });
  const running = runs.some((run) => ACTIVE_RUN_STATUSES.includes(run.status));
  const moved = results.length > 0 || runs.some((run) => !WAITING_RUN_STATUSES.includes(run.status));
  const status: SessionStatus = running
    ? moved
      ? "PROGRESS"
      : "STARTED"
    : sessionOutcome(
        runs,
        results.filter((r) => r.resultType === "FINAL"),
      );
  if (status === session.status) return nothingPromoted();
  await tx.checkSession.update({
    where: { id: sessionId, accountId },
    data: { status, stoppedAt: running ? null : now },
  });
  const groupIds = runs.flatMap((run) => (run.groupId === null ? [] : [run.groupId]));
  return running || status === "CANCELLED" || groupIds.length === 0
    ? nothingPromoted()
    : promoteGroups(tx, groupIds, now);
}

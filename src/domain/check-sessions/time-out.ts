import type { SystemContext } from "../shared/context.js";
import { promoteGroupsApart } from "./promote.js";

/**
 * How long a session may go without finishing, counted from its start and from its runs' last
 * queueing (a session waiting for its group's concurrency has not started running): longer than
 * the longest retry window (maxDurationSeconds, at most 600 s) plus the slowest run's timeout and
 * the engine's and agents' pick-up delays, with room to spare. A session past it is stuck (a
 * runner or agent died with no one to re-claim, a result was lost) and ends TIMED_OUT.
 */
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

const UNFINISHED = ["STARTED", "PROGRESS"];
const BATCH = 100;

/** Thrown inside the transaction to undo it: the session moved on after it was picked. */
class Moved extends Error {}

/**
 * Ends the stuck sessions TIMED_OUT (stoppedAt now), their remaining runs DROPPED (a runner still
 * holding one loses its lease renewal and records nothing more that counts). Each session is a
 * compare-and-set on its status, so two instances sweeping at once count it once. Returns how
 * many sessions this call ended; fills the group slots they held, after the commit.
 */
export async function timeOutSessions({ ctx, now }: { ctx: SystemContext; now: Date }): Promise<number> {
  const { db } = ctx;
  const cutoff = new Date(now.getTime() - SESSION_TIMEOUT_MS);
  // No run waiting for its group, and none queued (promoted, retried) within the bound.
  const stuck = {
    status: { in: UNFINISHED },
    startedAt: { lt: cutoff },
    runs: { none: { OR: [{ status: "PENDING" }, { dueAt: { gte: cutoff } }] } },
  };
  let ended = 0;
  const groupIds: number[] = [];
  for (let after = ""; ; ) {
    const sessions = await db.checkSession.findMany({
      where: { ...stuck, id: { gt: after } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, accountId: true },
    });
    for (const { id, accountId } of sessions) {
      try {
        // Runs first, then the session: the order a result's writer locks them in (no deadlock).
        const dropped = await db.$transaction(async (tx) => {
          const runs = await tx.checkRun.findMany({
            where: { sessionId: id, accountId, status: { in: ["QUEUED", "RUNNING"] } },
            select: { id: true, groupId: true },
          });
          await tx.checkRun.updateMany({
            where: { id: { in: runs.map((run) => run.id) }, status: { in: ["QUEUED", "RUNNING"] } },
            data: { status: "DROPPED", finishedAt: now, leaseExpiresAt: null },
          });
          const { count } = await tx.checkSession.updateMany({
            where: { ...stuck, id, accountId },
            data: { status: "TIMED_OUT", stoppedAt: now },
          });
          if (count !== 1) throw new Moved();
          return runs;
        });
        ended += 1;
        for (const run of dropped) if (run.groupId !== null) groupIds.push(run.groupId);
      } catch (error) {
        if (!(error instanceof Moved)) throw error;
      }
    }
    if (sessions.length < BATCH) break;
    after = sessions[sessions.length - 1]!.id;
  }
  if (groupIds.length > 0) await promoteGroupsApart(db, groupIds, now, ctx.events);
  return ended;
}

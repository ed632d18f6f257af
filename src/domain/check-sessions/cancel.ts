import { insertCheckResult, publishRecorded } from "../check-results/insert.js";
import { RecordCheckResultInput } from "../check-results/schemas.js";
import type { DomainContext } from "../context.js";
import { parseInput } from "../validation.js";
import { ACTIVE_RUN_STATUSES, CancelCheckSessionInput } from "./schemas.js";
import { isFinished, loadSession } from "./view.js";

/**
 * Cancels the session's runs still QUEUED or RUNNING (or only those of the given sequenceIds):
 * each run becomes CANCELLED with cancelRequested set (a runner holding it stops), and gets a
 * cancelled FINAL result; the session then ends CANCELLED. A finished session is left as it is.
 */
export async function cancelCheckSession({ ctx, id, input }: { ctx: DomainContext; id: unknown; input: unknown }) {
  const { sequenceId } = parseInput(CancelCheckSessionInput, input === undefined ? {} : input);
  const session = await loadSession({ ctx, id, withResults: false });
  if (isFinished(session)) return;
  const recorded = await ctx.db.$transaction(async (tx) => {
    const runs = await tx.checkRun.findMany({
      where: { sessionId: session.id, accountId: ctx.accountId, status: { in: ACTIVE_RUN_STATUSES }, ...(sequenceId ? { sequenceId: { in: sequenceId } } : {}) },
      include: { privateLocation: { select: { slugName: true } } },
      orderBy: { id: "asc" },
    });
    if (runs.length === 0) return [];
    const now = ctx.now();
    await tx.checkRun.updateMany({ where: { id: { in: runs.map((run) => run.id) }, accountId: ctx.accountId }, data: { status: "CANCELLED", cancelRequested: true, finishedAt: now } });
    const results = [];
    for (const run of runs) {
      const data = parseInput(RecordCheckResultInput, {
        checkId: session.check.id,
        checkRunId: run.id,
        runLocation: run.location ?? run.privateLocation?.slugName ?? "private",
        isCancelled: true,
        attempts: run.attempt,
        startedAt: run.claimedAt ?? now,
        stoppedAt: now,
      });
      results.push(await insertCheckResult({ ctx, tx, check: session.check, data }));
    }
    return results;
  });
  publishRecorded(ctx, recorded);
}

import { insertCheckResult, publishRecorded } from "../check-results/insert.js";
import { noStatusEffects, runStatusEffects } from "../check-statuses/effects.js";
import { RecordCheckResultInput } from "../check-results/schemas.js";
import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { promoteGroupsApart } from "./promote.js";
import { ACTIVE_RUN_STATUSES, CancelCheckSessionInput } from "./schemas.js";
import { isFinished } from "./view.js";
import { findCheckSession } from "./get.js";

/**
 * Cancels the session's runs not finished yet, PENDING (waiting for the group), QUEUED or RUNNING
 * (or only those of the given sequenceIds): each run becomes CANCELLED with cancelRequested set (a
 * runner holding it stops), and gets a cancelled FINAL result; the session then ends CANCELLED. A
 * finished session is left as it is. The slots this frees in the check's group are filled after
 * the commit (see promote.ts on lock order).
 */
export async function cancelCheckSession({ ctx, id, input }: { ctx: DomainContext; id: unknown; input: unknown }) {
  const { sequenceId } = parseInput(CancelCheckSessionInput, input === undefined ? {} : input);
  const session = await findCheckSession({ ctx, id, withResults: false });
  if (isFinished(session)) return;
  const effects = noStatusEffects();
  const { recorded, groupIds } = await ctx.db.$transaction(async (tx) => {
    const runs = await tx.checkRun.findMany({
      where: {
        sessionId: session.id,
        accountId: ctx.accountId,
        status: { in: ACTIVE_RUN_STATUSES },
        ...(sequenceId ? { sequenceId: { in: sequenceId } } : {}),
      },
      include: { privateLocation: { select: { slugName: true } } },
      orderBy: { id: "asc" },
    });
    const now = ctx.now();
    const cancelled = [];
    // Compare-and-set per run: one that a runner finished meanwhile keeps its own result.
    for (const run of runs) {
      const where = { id: run.id, accountId: ctx.accountId, status: { in: ACTIVE_RUN_STATUSES } };
      const { count } = await tx.checkRun.updateMany({
        where,
        data: { status: "CANCELLED", cancelRequested: true, finishedAt: now },
      });
      if (count === 1) cancelled.push(run);
    }
    const results = [];
    for (const run of cancelled) {
      const data = parseInput(RecordCheckResultInput, {
        checkId: session.check.id,
        checkRunId: run.id,
        runLocation: run.location ?? run.privateLocation?.slugName ?? "private",
        isCancelled: true,
        attempts: run.attempt,
        startedAt: run.claimedAt ?? now,
        stoppedAt: now,
      });
      results.push(await insertCheckResult({ ctx, tx, check: session.check, data, effects }));
    }
    return { recorded: results, groupIds: cancelled.flatMap((run) => (run.groupId === null ? [] : [run.groupId])) };
  });
  publishRecorded(ctx, recorded);
  await runStatusEffects(ctx, effects);
  if (groupIds.length > 0) await promoteGroupsApart(ctx.db, groupIds, ctx.now(), ctx.events);
}

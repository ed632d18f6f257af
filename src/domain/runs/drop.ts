import type { SystemContext } from "../shared/context.js";
import { insertCheckResult, publishRecorded } from "../check-results/insert.js";
import { noStatusEffects, runStatusEffects } from "../check-statuses/effects.js";
import { RecordCheckResultInput } from "../check-results/schemas.js";
import { parseInput } from "../shared/validation.js";

/** A private-location run nobody claimed this long after it was due is given up. */
export const DROP_AFTER_MS = 6 * 60_000;
const BATCH = 200;

export function droppedMessage(slugName: string): string {
  return `dropped: no agent of private location "${slugName}" claimed this run within 6 minutes of its due time; check that an agent is running and can reach the service`;
}

/** Where the message goes: API results carry errors as requestError, the other types as errors (as unsupported checks do). */
function failure(checkType: string, message: string) {
  return checkType === "API"
    ? { apiCheckResult: { assertions: [], requestError: message } }
    : { browserCheckResult: { errors: [message] } };
}

/**
 * Private-location runs still QUEUED 6 minutes after they were due become DROPPED, each with a
 * FINAL result (hasErrors, a message saying why) at the location's slug, published like any
 * result. The QUEUED → DROPPED update is a compare-and-set inside the result's transaction, so
 * instances calling this at once drop (and record) each run once. Returns how many it dropped.
 */
export async function dropUnclaimedRuns({ ctx: system, now }: { ctx: SystemContext; now: Date }): Promise<number> {
  const { db } = system;
  const cutoff = new Date(now.getTime() - DROP_AFTER_MS);
  let dropped = 0;
  for (let round = 0; round < 10; round++) {
    const stale = await db.checkRun.findMany({
      where: { status: "QUEUED", privateLocationId: { not: null }, dueAt: { lte: cutoff } },
      orderBy: [{ dueAt: "asc" }, { id: "asc" }],
      take: BATCH,
      include: {
        privateLocation: { select: { slugName: true } },
        check: { select: { id: true, name: true, checkType: true } },
      },
    });
    for (const run of stale) {
      const ctx = { ...system, accountId: run.accountId, now: () => now };
      const message = droppedMessage(run.privateLocation?.slugName ?? "private");
      const data = parseInput(RecordCheckResultInput, {
        checkId: run.checkId,
        checkRunId: run.id,
        sequenceId: run.sequenceId,
        runLocation: run.privateLocation?.slugName ?? "private",
        resultType: "FINAL",
        hasErrors: true,
        hasFailures: false,
        attempts: run.attempt,
        startedAt: now,
        stoppedAt: now,
        ...failure(run.check.checkType, message),
      });
      const effects = noStatusEffects();
      const result = await db.$transaction(async (tx) => {
        const { count } = await tx.checkRun.updateMany({
          where: { id: run.id, status: "QUEUED" },
          data: { status: "DROPPED", finishedAt: now },
        });
        return count === 1 ? insertCheckResult({ ctx, tx, check: run.check, data, effects }) : null;
      });
      if (result) {
        publishRecorded(ctx, [result]);
        await runStatusEffects(ctx, effects);
        dropped++;
      }
    }
    if (stale.length < BATCH) break;
  }
  return dropped;
}

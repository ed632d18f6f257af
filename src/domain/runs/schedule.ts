import type { Db } from "../../db/client.js";

/** The scheduler's progress row; one for the whole database, shared by every instance. */
export const SCHEDULER_STATE_ID = "scheduler";

export type ScheduledRun = {
  accountId: string;
  checkId: string;
  groupId: number | null;
  location: string | null;
  privateLocationId: string | null;
  sequenceId: string;
  dueAt: Date;
  scheduleKey: string;
};

/** How far the scheduler has planned: creates the row (at `now`) the first time any instance asks. */
export async function scheduledUntil(db: Db, now: Date): Promise<Date> {
  const state = await db.schedulerState.findUnique({ where: { id: SCHEDULER_STATE_ID } });
  if (state) return state.plannedUntil;
  try {
    await db.schedulerState.create({ data: { id: SCHEDULER_STATE_ID, plannedUntil: now } });
    return now;
  } catch {
    // Another instance created it first.
    return (await db.schedulerState.findUniqueOrThrow({ where: { id: SCHEDULER_STATE_ID } })).plannedUntil;
  }
}

/**
 * Writes the runs due in (`from`, `to`] and moves the scheduler's progress from `from` to `to`,
 * in one transaction that starts with a compare-and-set on the progress row: of two instances
 * planning the same window, one moves it and writes its runs, the other changes nothing and gets
 * false. Each run's unique scheduleKey is a second guard: a run is never queued twice.
 */
export async function queueScheduledRuns(db: Db, window: { from: Date; to: Date }, runs: readonly ScheduledRun[]): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.schedulerState.updateMany({ where: { id: SCHEDULER_STATE_ID, plannedUntil: window.from }, data: { plannedUntil: window.to } });
    if (count !== 1) return false;
    const createdAt = new Date();
    for (let at = 0; at < runs.length; at += 1000) {
      await tx.checkRun.createMany({ data: runs.slice(at, at + 1000).map((run) => ({ ...run, status: "QUEUED", createdAt })) });
    }
    return true;
  });
}

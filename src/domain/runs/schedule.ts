import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { SystemContext } from "../shared/context.js";
import { maintenanceStatus } from "../maintenance-windows/status.js";
import { effectiveLocations } from "../monitoring/effective.js";
import { dueRuns, runLocations } from "../monitoring/plan.js";
import { readPlanRows, type PlanCache } from "./plan-rows.js";
import { groupBy } from "../shared/group-by.js";

/** The scheduler's progress row; one for the whole database, shared by every instance. */
export const SCHEDULER_STATE_ID = "scheduler";

export type ScheduledRun = {
  accountId: string;
  checkId: string;
  groupId: number | null;
  location: string | null;
  privateLocationId: string | null;
  sequenceId: string;
  /** How many runs share sequenceId (every location of a parallel run). */
  sequenceSize: number;
  dueAt: Date;
  scheduleKey: string;
};

/** How far the scheduler has planned: creates the row (at `now`) the first time any instance asks. */
async function scheduledUntil(db: Db, now: Date): Promise<Date> {
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
async function queueScheduledRuns(
  db: Db,
  window: { from: Date; to: Date },
  runs: readonly ScheduledRun[],
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.schedulerState.updateMany({
      where: { id: SCHEDULER_STATE_ID, plannedUntil: window.from },
      data: { plannedUntil: window.to },
    });
    if (count !== 1) return false;
    // One multi-row INSERT per 500 runs: Prisma's createMany spent 0.3 ms a row on SQLite, most
    // of a scheduler tick at 10,000 checks. Values are bound; dates go through the driver adapter
    // as Prisma's own writes do, so stored times compare as they should.
    const createdAt = new Date();
    for (let at = 0; at < runs.length; at += 500) {
      const rows = runs
        .slice(at, at + 500)
        .map(
          (run) =>
            Prisma.sql`(${run.accountId}, ${run.checkId}, ${run.groupId}, ${run.location}, ${run.privateLocationId}, ${run.sequenceId}, ${run.sequenceSize}, 'QUEUED', ${run.dueAt}, ${run.scheduleKey}, ${createdAt})`,
        );
      await tx.$executeRaw`INSERT INTO "CheckRun" ("accountId", "checkId", "groupId", "location", "privateLocationId", "sequenceId", "sequenceSize", "status", "dueAt", "scheduleKey", "createdAt") VALUES ${Prisma.join(rows)}`;
    }
    return true;
  });
}

export type SchedulerOptions = {
  /** Runs are queued this far ahead of their due time, so that runners find them waiting. */
  horizonMs: number;
  /** A new window is planned once less than this much of the planned one is left. */
  leadMs: number;
  /** After a stop longer than this, missed runs are not made up: planning restarts at now. */
  catchUpMs: number;
};
export const SCHEDULER_DEFAULTS: SchedulerOptions = { horizonMs: 10_000, leadMs: 5_000, catchUpMs: 30_000 };

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];

/**
 * One scheduler tick: when the planned window runs short, queues every run that falls due in the
 * next one. Runs go to each effective location (all of them with runParallel, else one,
 * round-robin by run index over data-center and private locations together). Deactivated checks,
 * checks of deactivated groups, heartbeats and checks paused by a maintenance window are left
 * out (runners check again when a run starts: things change within a window).
 * Tells whether this call planned a window (false: not yet due, or another instance planned it)
 * and how many runs it queued.
 */
export async function scheduleDueRuns({
  ctx,
  now,
  options = SCHEDULER_DEFAULTS,
  cache,
}: {
  ctx: SystemContext;
  now: Date;
  options?: SchedulerOptions;
  /** The plan rows kept from the last tick (the engine's); without it every check is read. */
  cache?: PlanCache;
}): Promise<{ planned: boolean; queued: number }> {
  const { db } = ctx;
  const plannedUntil = await scheduledUntil(db, now);
  if (plannedUntil.getTime() - now.getTime() >= options.leadMs) return { planned: false, queued: 0 };
  const from = Math.max(plannedUntil.getTime(), now.getTime() - options.catchUpMs);
  const to = now.getTime() + options.horizonMs;

  const checks = cache ? await cache.read(db) : await readPlanRows(db);
  const windows = await db.maintenanceWindow.findMany({ where: { startsAt: { lte: new Date(to) } } });
  const windowsOf = groupBy(windows, (w) => w.accountId);
  const wantsPrivate = checks.some(
    (c) => strings(c.privateLocations).length || strings(c.group?.privateLocations).length,
  );
  const privateIds = new Map(
    wantsPrivate
      ? (await db.privateLocation.findMany({ select: { id: true, accountId: true, slugName: true } })).map((p) => [
          `${p.accountId}:${p.slugName}`,
          p.id,
        ])
      : [],
  );

  const runs: ScheduledRun[] = [];
  const privateByAccount = new Map<string, Set<string>>();
  for (const check of checks) {
    if (
      maintenanceStatus(
        windowsOf.get(check.accountId) ?? [],
        { tags: strings(check.tags), groupTags: strings(check.group?.tags) },
        now,
      ).paused
    )
      continue;
    const where = effectiveLocations(check, check.group);
    const places = [
      ...where.locations.map((location) => ({ location, privateLocationId: null as string | null })),
      ...where.privateLocations.flatMap((slug) => {
        const id = privateIds.get(`${check.accountId}:${slug}`);
        return id ? [{ location: null as string | null, privateLocationId: id }] : [];
      }),
    ];
    if (places.length === 0) continue;
    const keys = places.map((_, i) => String(i));
    for (const due of dueRuns({ ...check, locations: keys }, from, to, check.phaseMs)) {
      const sequenceId = randomUUID();
      const sequence = runLocations({ locations: keys, runParallel: check.runParallel }, due.index);
      for (const key of sequence) {
        const place = places[Number(key)]!;
        runs.push({
          accountId: check.accountId,
          checkId: check.id,
          groupId: check.groupId,
          ...place,
          sequenceId,
          sequenceSize: sequence.length,
          dueAt: new Date(due.dueAt),
          scheduleKey: `${check.id}:${due.index}:${place.location ?? `pl:${place.privateLocationId}`}`,
        });
        if (place.privateLocationId)
          (
            privateByAccount.get(check.accountId) ??
            privateByAccount.set(check.accountId, new Set()).get(check.accountId)!
          ).add(place.privateLocationId);
      }
    }
  }
  if (!(await queueScheduledRuns(db, { from: plannedUntil, to: new Date(to) }, runs)))
    return { planned: false, queued: 0 };
  // The window starts at `from`, which is later than the progress row after a long stop: the CAS
  // compared the row's own value, so the skipped stretch is simply never planned.
  for (const [accountId, ids] of privateByAccount)
    ctx.events.publish({ type: "runsQueued", accountId, privateLocationIds: [...ids] });
  return { planned: true, queued: runs.length };
}

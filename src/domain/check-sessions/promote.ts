import type { Db, DbOrTx } from "../../db/client.js";
import type { EventBus } from "../../events/bus.js";
import type { SystemContext } from "../shared/context.js";

/**
 * Group concurrency: a check group's `concurrency` caps how many of its checks have session runs
 * under way (QUEUED or RUNNING) at once, account-wide. A session run of a grouped check is written
 * PENDING (never claimed) and promoted here, all runs of one sequence together, oldest first.
 *
 * Promoters of one group are serialized by a row lock on the group (a no-op UPDATE: PostgreSQL
 * locks the row until commit, SQLite takes its single writer lock), taken before the group's runs
 * are counted, so two promoters never both fill the same free slots: the cap is never overshot.
 * Only promotion makes runs of a group under way, and a run that ends needs no lock, so a promoter
 * can only see too many runs under way, never too few: a session ending meanwhile promotes itself
 * once it has the lock (settle.ts), and the engine's catch-all covers runs ended any other way.
 * The promoting UPDATE is also a compare-and-set on PENDING, against a cancel racing it.
 * Lock order, against deadlocks on PostgreSQL: whoever holds the group lock then only waits on
 * PENDING rows, and whoever changes PENDING rows (cancel) promotes after its commit, not before;
 * the time-out sweep, which holds other runs, too.
 */
export type Promoted = { runs: number; wake: { accountId: string; privateLocationId: string }[] };

export const nothingPromoted = (): Promoted => ({ runs: 0, wake: [] });

const UNDER_WAY = ["QUEUED", "RUNNING"];
const PAGE = 500;

/** Adds `from` to `into` (promotions of several results of one transaction, published together). */
export function mergePromoted(into: Promoted, from: Promoted): Promoted {
  into.runs += from.runs;
  into.wake.push(...from.wake);
  return into;
}

/** Locks the group for this transaction; its concurrency, or null when the group is gone (no cap). */
async function lockGroup(tx: DbOrTx, groupId: number): Promise<number | null> {
  const rows = await tx.$queryRaw<
    { concurrency: number | bigint }[]
  >`UPDATE "CheckGroup" SET "concurrency" = "concurrency" WHERE "id" = ${groupId} RETURNING "concurrency"`;
  return rows[0] ? Math.max(1, Number(rows[0].concurrency)) : null;
}

/**
 * The oldest pending sequences to start: one per check not already under way (a check does not
 * run two sessions at once), at most `slots`. Reads pages of pending runs in insertion order.
 */
async function oldestPending(tx: DbOrTx, groupId: number, underWay: Set<string>, slots: number) {
  const chosen = new Map<string, string>(); // sequenceId -> sessionId
  const checks = new Set(underWay);
  for (let after = 0; chosen.size < slots; ) {
    const page = await tx.checkRun.findMany({
      where: { groupId, status: "PENDING", id: { gt: after } },
      orderBy: { id: "asc" },
      take: PAGE,
      select: { id: true, checkId: true, sequenceId: true, sessionId: true },
    });
    for (const run of page) {
      if (chosen.size === slots) break;
      if (chosen.has(run.sequenceId) || checks.has(run.checkId) || !run.sessionId) continue;
      chosen.set(run.sequenceId, run.sessionId);
      checks.add(run.checkId);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  return chosen;
}

/** Promotes what the group has room for, inside the caller's transaction (which then holds the group lock). */
export async function promoteGroup(tx: DbOrTx, groupId: number, now: Date): Promise<Promoted> {
  const cap = (await lockGroup(tx, groupId)) ?? Number.POSITIVE_INFINITY;
  const busy = await tx.checkRun.findMany({
    where: { groupId, status: { in: UNDER_WAY }, sessionId: { not: null } },
    select: { checkId: true },
  });
  const underWay = new Set(busy.map((run) => run.checkId));
  if (underWay.size >= cap) return nothingPromoted();
  const chosen = await oldestPending(tx, groupId, underWay, cap - underWay.size);
  const promoted = nothingPromoted();
  for (const [sequenceId, sessionId] of chosen) {
    const where = { sessionId, sequenceId, groupId };
    const runs = await tx.checkRun.findMany({
      where: { ...where, status: "PENDING" },
      select: { accountId: true, privateLocationId: true },
    });
    const { count } = await tx.checkRun.updateMany({
      where: { ...where, status: "PENDING" },
      data: { status: "QUEUED", dueAt: now },
    });
    if (count === 0) continue; // cancelled meanwhile
    promoted.runs += count;
    for (const run of runs)
      if (run.privateLocationId)
        promoted.wake.push({ accountId: run.accountId, privateLocationId: run.privateLocationId });
  }
  return promoted;
}

/** Promotes in several groups inside one transaction, locking them in id order (no lock cycles). */
export async function promoteGroups(tx: DbOrTx, groupIds: Iterable<number>, now: Date): Promise<Promoted> {
  const promoted = nothingPromoted();
  for (const groupId of [...new Set(groupIds)].sort((a, b) => a - b))
    mergePromoted(promoted, await promoteGroup(tx, groupId, now));
  return promoted;
}

/** Promotes in these groups, one short transaction per group; publishes runsQueued when given the bus. */
export async function promoteGroupsApart(
  db: Db,
  groupIds: Iterable<number>,
  now: Date,
  events?: EventBus,
): Promise<Promoted> {
  const promoted = nothingPromoted();
  for (const groupId of [...new Set(groupIds)].sort((a, b) => a - b)) {
    mergePromoted(promoted, await db.$transaction((tx) => promoteGroup(tx, groupId, now)));
  }
  if (events) publishQueued(events, promoted);
  return promoted;
}

/**
 * The catch-all (the engine calls it every second; cancel and time-out after their commit): in
 * every group with pending runs, promotes while fewer than `concurrency` of its checks are under
 * way. Returns the number of runs promoted; publishes runsQueued for private-location runs.
 */
export async function promotePendingRuns({
  ctx,
  now,
}: {
  ctx: Pick<SystemContext, "db"> & { events?: EventBus };
  now: Date;
}): Promise<number> {
  const { db, events } = ctx;
  const groups = await db.checkRun.findMany({
    where: { status: "PENDING", groupId: { not: null } },
    select: { groupId: true },
    distinct: ["groupId"],
  });
  const promoted = await promoteGroupsApart(
    db,
    groups.map((run) => run.groupId!),
    now,
    events,
  );
  return promoted.runs;
}

/** Wakes the agents of the private locations that got runs (call after the commit). */
export function publishQueued(events: EventBus, promoted: Promoted) {
  const byAccount = new Map<string, Set<string>>();
  for (const { accountId, privateLocationId } of promoted.wake)
    byAccount.set(accountId, (byAccount.get(accountId) ?? new Set()).add(privateLocationId));
  for (const [accountId, ids] of byAccount)
    events.publish({ type: "runsQueued", accountId, privateLocationIds: [...ids] });
}

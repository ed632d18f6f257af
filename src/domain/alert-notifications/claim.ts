import { isPostgres, type Db } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { NextDelivery } from "./delivery-rules.js";
import type { AlertNotificationRow } from "./rows.js";

/**
 * The outbox's claim protocol (the run queue's, src/domain/runs/claim.ts, applied to
 * AlertNotification): delivery workers of any instance claim due IN_PROGRESS notifications with a
 * lease and record each try by compare-and-set on that lease, so a try is recorded once.
 *
 * The lease's value is the claim's token: a notification is claimed again only once its lease has
 * expired, and the new lease ends later than the old one, so a worker whose lease was taken over
 * can no longer match it. Backoff is the row's `nextAttemptAt`: it survives restarts.
 */
type OutboxContext = { db: Db };

/**
 * Due: IN_PROGRESS, `nextAttemptAt` passed (or a fresh row stored without one) and no live lease.
 * Rows folded into a digest have no `nextAttemptAt` but a `notificationResult`: they wait for it.
 */
function claimable(now: Date) {
  return Prisma.sql`"status" = 'IN_PROGRESS' AND ("nextAttemptAt" <= ${now} OR ("nextAttemptAt" IS NULL AND "notificationResult" IS NULL)) AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now})`;
}

/** How far down the due rows a claim looks for other accounts' turns. */
const FAIR_WINDOW = 5_000;

/**
 * Claims up to `limit` due notifications in one statement; returns them with their new lease.
 * Accounts take turns: each account's longest-due row first, then each one's second, and so on
 * (among the FAIR_WINDOW longest due), so one account's backlog never keeps another's waiting.
 * PostgreSQL skips rows another claimer has locked (FOR UPDATE SKIP LOCKED, which cannot sit on a
 * window function's query, hence the ranking first) and re-checks the condition on each locked
 * row; SQLite runs one writer at a time.
 */
export async function claimNotifications({
  ctx,
  now,
  leaseMs,
  limit,
}: {
  ctx: OutboxContext;
  now: Date;
  leaseMs: number;
  limit: number;
}): Promise<AlertNotificationRow[]> {
  const { db } = ctx;
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const lock = isPostgres(db) ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
  // A CTE, not an IN (subquery): PostgreSQL may evaluate a LIMIT subquery more than once.
  const ids = await db.$queryRaw<{ id: string }[]>`
    WITH "due" AS (SELECT "id", "accountId", "nextAttemptAt" FROM "AlertNotification" WHERE ${claimable(now)} ORDER BY "nextAttemptAt" ASC, "id" ASC LIMIT ${FAIR_WINDOW}),
    "turns" AS (SELECT "id", "nextAttemptAt", ROW_NUMBER() OVER (PARTITION BY "accountId" ORDER BY "nextAttemptAt" ASC, "id" ASC) AS "turn" FROM "due"),
    "candidates" AS (SELECT "id" FROM "AlertNotification" WHERE "id" IN (SELECT "id" FROM "turns" ORDER BY "turn" ASC, "nextAttemptAt" ASC, "id" ASC LIMIT ${limit}) AND ${claimable(now)} ${lock})
    UPDATE "AlertNotification" SET "leaseUntil" = ${leaseUntil}
    WHERE "id" IN (SELECT "id" FROM "candidates") AND ${claimable(now)}
    RETURNING "id"`;
  if (ids.length === 0) return [];
  return db.alertNotification.findMany({
    where: { id: { in: ids.map((row) => row.id) }, leaseUntil },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The claim a worker holds: the row's id, its lease and its tries when claimed. */
export type Held = Pick<AlertNotificationRow, "id" | "tries" | "alertChannelId"> & { leaseUntil: Date | null };

/** One try to record: the claim held, its outcome (`next` from `nextDelivery`) and the time. */
export type DeliveryOutcome = { held: Held; next: NextDelivery; now: Date };

/**
 * Records one try (`next` from `nextDelivery`) if the lease is still this worker's: tries + 1,
 * status, next attempt, result, timestamp, lease cleared. A 410 also deactivates every
 * subscription of the channel. False when the lease was lost (the try is then not recorded).
 */
export async function recordTry({ ctx, ...outcome }: { ctx: OutboxContext } & DeliveryOutcome): Promise<boolean> {
  const [recorded] = await recordTries({ ctx, outcomes: [outcome] });
  return recorded!;
}

/**
 * Records several tries in one transaction (group commit: one commit, and on SQLite one write
 * lock, for many outcomes), each still a compare-and-set on its own lease as `recordTry`: the
 * answer per try, in order, is whether it was recorded.
 */
export async function recordTries({
  ctx,
  outcomes,
}: {
  ctx: OutboxContext;
  outcomes: DeliveryOutcome[];
}): Promise<boolean[]> {
  if (outcomes.length === 0) return [];
  const { db } = ctx;
  const record = (client: Pick<typeof db, "alertNotification">, { held, next, now }: DeliveryOutcome) =>
    client.alertNotification.updateMany({
      where: { id: held.id, status: "IN_PROGRESS", leaseUntil: held.leaseUntil, tries: held.tries },
      data: {
        tries: held.tries + 1,
        status: next.status,
        nextAttemptAt: next.nextAttemptAt,
        notificationResult: next.notificationResult,
        timestamp: now,
        leaseUntil: null,
      },
    });
  // The common batch: one transaction of compare-and-sets.
  if (!outcomes.some(({ next }) => next.deactivate)) {
    const results = await db.$transaction(outcomes.map((outcome) => record(db, outcome)));
    return results.map((result) => result.count === 1);
  }
  // A 410 among them: its channel's subscriptions go in the same transaction as its recorded try
  // (and only if it was recorded), so no reader sees one without the other.
  return db.$transaction(async (tx) => {
    const recorded: boolean[] = [];
    const gone = new Set<number>();
    for (const outcome of outcomes) {
      const { count } = await record(tx, outcome);
      recorded.push(count === 1);
      if (count === 1 && outcome.next.deactivate && outcome.held.alertChannelId !== null)
        gone.add(outcome.held.alertChannelId);
    }
    for (const alertChannelId of gone)
      await tx.alertChannelSubscription.updateMany({ where: { alertChannelId }, data: { activated: false } });
    return recorded;
  });
}

/** Hands a claimed notification back (a worker stopping before its try): due again at once. */
export async function releaseNotification({ ctx, held }: { ctx: OutboxContext; held: Held }): Promise<boolean> {
  const { count } = await ctx.db.alertNotification.updateMany({
    where: { id: held.id, status: "IN_PROGRESS", leaseUntil: held.leaseUntil },
    data: { leaseUntil: null },
  });
  return count === 1;
}

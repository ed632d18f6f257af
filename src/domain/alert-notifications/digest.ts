import type { Db } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { AlertVariables } from "../alert-templates/variables.js";
import type { AlertNotificationRow, NotificationRequest } from "./rows.js";

/**
 * Digests (docs/alerting.md): a channel receives at most DIGEST_AFTER notifications per minute
 * one by one; the rest of that minute is folded into one digest notification.
 *
 * - Minutes are fixed UTC minutes of the notifications' `createdAt`, so every instance computes the
 *   same windows without coordination (a burst across a minute boundary may reach 2 x 10 in 60 s).
 * - Folding happens when a worker claims a notification for its first try: if 10 notifications of
 *   its channel were created earlier in its minute, it is folded instead of sent. Its row stays
 *   IN_PROGRESS without `nextAttemptAt` (not claimable) with `notificationResult` naming the digest.
 * - The digest is a notification of its own, id `digest:<channelId>:<minute start ms>` (made once by
 *   whichever worker folds first: the id is the lock), due when its minute ends plus a grace for
 *   late claims. Its first try gathers the rows folded into it and stores the message (variables of
 *   the first folded alert, ALERT_TITLE and CHECK_ERROR_MESSAGE summarising all, and `ALERTS`, the
 *   folded alerts' variables); retries send that same message. Its outcome becomes theirs.
 * - A digest takes folds only while untried and unclaimed (checked under the digest row's lock in
 *   the folding transaction); a notification claimed after that is sent on its own.
 */
export const DIGEST_AFTER = 10;
export const DIGEST_WINDOW_MS = 60_000;
/** The digest waits this long after its minute, for notifications of the minute claimed late. */
export const DIGEST_GRACE_MS = 2_000;
const PREFIX = "digest:";

export type DigestRequest = NotificationRequest & { digest?: { notificationIds: string[] } };
export type DigestVariables = AlertVariables & { ALERTS: AlertVariables[] };

export const isDigest = (id: string) => id.startsWith(PREFIX);
export const digestId = (channelId: number, minuteMs: number) => `${PREFIX}${channelId}:${minuteMs}`;
const foldedMarker = (id: string) => `Folded into digest ${id}`;
const minuteOf = (at: Date) => Math.floor(at.getTime() / DIGEST_WINDOW_MS) * DIGEST_WINDOW_MS;

/**
 * Folds the claimed first tries that exceed their channel's minute; returns the rows still to be
 * sent one by one. One query for all the (channel, minute) groups among the claimed rows: each
 * group's first DIGEST_AFTER notifications (by createdAt, id), a range of the (alertChannelId,
 * createdAt) index per group.
 */
export async function foldBursts({
  ctx,
  rows,
}: {
  ctx: { db: Db };
  rows: AlertNotificationRow[];
}): Promise<AlertNotificationRow[]> {
  const groups = new Map<string, AlertNotificationRow[]>();
  for (const row of rows) {
    if (row.tries > 0 || row.alertChannelId === null || isDigest(row.id)) continue;
    const key = digestId(row.alertChannelId, minuteOf(row.createdAt));
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  if (groups.size === 0) return rows;
  const sentAlone = await firstOfMinutes({
    ctx,
    groups: [...groups.values()].map((members) => ({
      channelId: members[0]!.alertChannelId!,
      start: minuteOf(members[0]!.createdAt),
    })),
  });
  const folded = new Set<string>();
  for (const [id, members] of groups) {
    const extra = members.filter((row) => !sentAlone.has(row.id));
    if (extra.length > 0 && (await foldInto({ ctx, id, start: minuteOf(members[0]!.createdAt), rows: extra })))
      for (const row of extra) folded.add(row.id);
  }
  return rows.filter((row) => !folded.has(row.id));
}

/** The ids of the first DIGEST_AFTER notifications (not digests) of each channel and minute, in one statement. */
async function firstOfMinutes({
  ctx,
  groups,
}: {
  ctx: { db: Db };
  groups: { channelId: number; start: number }[];
}): Promise<Set<string>> {
  // Each branch in a derived table: SQLite takes ORDER BY/LIMIT only there inside a UNION ALL.
  const branches = groups.map(
    ({ channelId, start }) =>
      Prisma.sql`SELECT "id" FROM (SELECT "id" FROM "AlertNotification" WHERE "alertChannelId" = ${channelId} AND "createdAt" >= ${new Date(start)} AND "createdAt" < ${new Date(start + DIGEST_WINDOW_MS)} AND "id" NOT LIKE ${`${PREFIX}%`} ORDER BY "createdAt" ASC, "id" ASC LIMIT ${DIGEST_AFTER}) AS "g"`,
  );
  const ids = await ctx.db.$queryRaw<{ id: string }[]>`${Prisma.join(branches, " UNION ALL ")}`;
  return new Set(ids.map((row) => row.id));
}

async function foldInto({
  ctx,
  id,
  start,
  rows,
}: {
  ctx: { db: Db };
  id: string;
  start: number;
  rows: AlertNotificationRow[];
}): Promise<boolean> {
  const first = rows[0]!;
  await ctx.db.alertNotification
    .upsert({
      where: { id },
      update: {},
      create: {
        id,
        accountId: first.accountId,
        alertChannelId: first.alertChannelId,
        type: first.type,
        request: first.request as object,
        nextAttemptAt: new Date(start + DIGEST_WINDOW_MS + DIGEST_GRACE_MS),
        createdAt: new Date(start),
      },
    })
    .catch(() => undefined); // another instance made it at the same moment
  return ctx.db.$transaction(async (tx) => {
    // Locks the digest (PostgreSQL) so that it cannot be claimed between this check and the fold.
    const open = await tx.alertNotification.updateMany({
      where: { id, status: "IN_PROGRESS", tries: 0, leaseUntil: null },
      data: { status: "IN_PROGRESS" },
    });
    if (open.count === 0) return false;
    const marked = await tx.alertNotification.updateMany({
      where: { id: { in: rows.map((row) => row.id) }, status: "IN_PROGRESS", leaseUntil: first.leaseUntil },
      data: { nextAttemptAt: null, leaseUntil: null, notificationResult: foldedMarker(id) },
    });
    return marked.count === rows.length;
  });
}

/**
 * A claimed digest's message: stored at its first try from the rows folded into it (null when none
 * was, and the digest is dropped); later tries send the stored one.
 */
export async function digestRequest({
  ctx,
  row,
}: {
  ctx: { db: Db };
  row: AlertNotificationRow;
}): Promise<DigestRequest | null> {
  const stored = row.request as DigestRequest;
  if (row.tries > 0 && stored.digest) return stored;
  const folded = await ctx.db.alertNotification.findMany({
    where: { status: "IN_PROGRESS", notificationResult: foldedMarker(row.id) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (folded.length === 0) {
    await ctx.db.alertNotification.deleteMany({ where: { id: row.id, leaseUntil: row.leaseUntil } });
    return null;
  }
  const messages = folded.map((f) => (f.request as NotificationRequest).message);
  const alerts = messages.map((m) => m.variables);
  const variables: DigestVariables = {
    ...alerts[0]!,
    ALERT_TITLE: `${alerts.length} more alerts in one minute (digest from ${new Date(minuteOf(row.createdAt)).toISOString()})`,
    CHECK_ERROR_MESSAGE: alerts.map((v) => v.ALERT_TITLE).join("\n"),
    ALERTS: alerts,
  };
  const request: DigestRequest = {
    channel: stored.channel,
    message: { alertType: messages[0]!.alertType, variables },
    digest: { notificationIds: folded.map((f) => f.id) },
  };
  await ctx.db.alertNotification.updateMany({
    where: { id: row.id, leaseUntil: row.leaseUntil },
    data: { request: request as object },
  });
  return request;
}

/** A digest ended (SUCCESS or FAILURE): the notifications folded into it end with it. */
export async function finishDigest({
  ctx,
  id,
  request,
  status,
  result,
  now,
}: {
  ctx: { db: Db };
  id: string;
  request: DigestRequest;
  status: "SUCCESS" | "FAILURE";
  result: string;
  now: Date;
}): Promise<void> {
  const ids = request.digest?.notificationIds ?? [];
  if (ids.length === 0) return;
  await ctx.db.alertNotification.updateMany({
    where: { id: { in: ids }, status: "IN_PROGRESS" },
    data: { status, timestamp: now, notificationResult: `Sent in digest ${id}: ${result}` },
  });
}

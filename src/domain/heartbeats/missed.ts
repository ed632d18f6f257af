import { heartbeatRollupInput, writeRollups } from "../rollups/index.js";
import { createHash } from "node:crypto";
import type { Db } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { noStatusEffects, runStatusEffects, type StatusEffects } from "../check-statuses/effects.js";
import { recordHeartbeatStatus } from "../check-statuses/heartbeats.js";
import type { SystemContext } from "../context.js";
import { maintenanceStatus, type MaintenanceWindowLike } from "../maintenance-windows/status.js";
import { prismaErrorCode } from "../shared/prisma-errors.js";
import { heartbeatDeadlines, heartbeatTiming } from "./state.js";

type LatestEvent = { checkId: string; id: string; state: string; timestamp: Date };

const tagsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];

/**
 * The id of the one FAILING event a silence may have, derived from the check and the event the
 * silence follows ("created" before the first event): a UUID (version 5 layout) of a SHA-1 hash.
 * Every instance, sweep and retry computes the same id for the same silence, so the primary key
 * itself is the compare-and-set: a second insert of it is a unique violation on SQLite and on
 * PostgreSQL alike, whatever the isolation level or the timing of concurrent sweeps.
 */
export function failingEventId(checkId: string, after: string | null): string {
  const hash = createHash("sha1")
    .update(`vigil:heartbeat-failing:${checkId}:${after ?? "created"}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The latest event of every activated heartbeat check, in one statement: a correlated
 * `LIMIT 1` per check over the (checkId, timestamp) index, so thousands of checks cost index
 * seeks, never a scan of their events. Checks without events have no row.
 */
async function latestEvents(db: Db): Promise<Map<string, LatestEvent>> {
  const rows = await db.$queryRaw<LatestEvent[]>(Prisma.sql`
    SELECT e."checkId", e."id", e."state", e."timestamp"
    FROM "Check" c
    JOIN "HeartbeatEvent" e ON e."id" = (
      SELECT l."id" FROM "HeartbeatEvent" l WHERE l."checkId" = c."id" ORDER BY l."timestamp" DESC, l."id" DESC LIMIT 1
    )
    WHERE c."checkType" = 'HEARTBEAT' AND c."activated" = TRUE`);
  return new Map(rows.map((row) => [row.checkId, { ...row, timestamp: new Date(row.timestamp) }]));
}

/** The maintenance windows that may be on at `at`, of these accounts, by account: one query. */
async function windowsByAccount(db: Db, accountIds: string[], at: Date): Promise<Map<string, MaintenanceWindowLike[]>> {
  const windows = accountIds.length
    ? await db.maintenanceWindow.findMany({ where: { accountId: { in: accountIds }, startsAt: { lte: at } } })
    : [];
  const byAccount = new Map<string, MaintenanceWindowLike[]>();
  for (const window of windows) byAccount.set(window.accountId, [...(byAccount.get(window.accountId) ?? []), window]);
  return byAccount;
}

type Due = { checkId: string; accountId: string; after: string | null; failedAt: Date };

/**
 * Writes one FAILING event, unless the check's latest event changed since the sweep read it (a
 * ping or another sweep came first) or this silence already has its FAILING (same id: unique
 * violation). The new event's id when this call wrote it, else null.
 */
async function writeFailing(
  db: Db,
  due: Due,
  status: { now: Date; publicUrl: string | undefined; effects: StatusEffects },
): Promise<string | null> {
  // Re-read just before the insert: narrows the window in which a ping could land between the
  // sweep's read and the FAILING (the deterministic id is what makes duplicates impossible).
  const latest = await db.heartbeatEvent.findFirst({
    where: { checkId: due.checkId },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  if ((latest?.id ?? null) !== due.after) return null;
  const id = failingEventId(due.checkId, due.after);
  try {
    // The event and the status's decision (a failed run) commit together; the event's unique id
    // is still the compare-and-set between sweeps.
    await db.$transaction(async (tx) => {
      const event = await tx.heartbeatEvent.create({
        data: {
          id,
          accountId: due.accountId,
          checkId: due.checkId,
          state: "FAILING",
          timestamp: due.failedAt,
          source: null,
          userAgent: null,
        },
      });
      await recordHeartbeatStatus({
        tx,
        accountId: due.accountId,
        checkId: due.checkId,
        outcome: "FAIL",
        at: due.failedAt,
        ...status,
      });
      await writeRollups(tx, [heartbeatRollupInput(event)]);
    });
    return id;
  } catch (error) {
    // P2002: another sweep wrote this silence's FAILING; P2003: the check was deleted meanwhile.
    const code = prismaErrorCode(error);
    if (code === "P2002" || code === "P2003") return null;
    throw error;
  }
}

/**
 * The engine's sweep for missed heartbeats, across all accounts: every activated HEARTBEAT check
 * (check and group activated) whose period plus grace has passed since its latest event, or
 * since the check's creation when it has no event yet (the timer of a check never pinged starts
 * when it is created), and whose latest event is not FAILING, gets exactly one FAILING event,
 * stamped at the moment the deadline passed (latest + period + grace), published on the bus.
 * A deadline is passed when `now` is after it: a ping exactly at the end of grace is still GRACE
 * (state.ts). Checks paused by a maintenance window on at `now` are left alone; their silence is
 * judged at the first sweep after the window. `source` and `userAgent` are null: they describe
 * a ping's request, and a FAILING event has none. Returns how many FAILING events this call wrote.
 */
export async function recordMissedHeartbeats({ ctx, now }: { ctx: SystemContext; now: Date }): Promise<number> {
  const { db, events } = ctx;
  const [checks, latest] = await Promise.all([
    db.check.findMany({
      where: {
        checkType: "HEARTBEAT",
        activated: true,
        OR: [{ groupId: null }, { group: { is: { activated: true } } }],
      },
      select: {
        id: true,
        accountId: true,
        heartbeat: true,
        createdAt: true,
        tags: true,
        group: { select: { tags: true } },
      },
    }),
    latestEvents(db),
  ]);
  const due: (Due & { tags: string[]; groupTags: string[] })[] = [];
  for (const check of checks) {
    const timing = heartbeatTiming(check.heartbeat);
    const last = latest.get(check.id);
    if (!timing || last?.state === "FAILING") continue;
    const failedAt = heartbeatDeadlines(timing, last?.timestamp ?? check.createdAt).graceEndsAt;
    if (now.getTime() <= failedAt.getTime()) continue;
    due.push({
      checkId: check.id,
      accountId: check.accountId,
      after: last?.id ?? null,
      failedAt,
      tags: tagsOf(check.tags),
      groupTags: tagsOf(check.group?.tags),
    });
  }
  if (due.length === 0) return 0;

  const windows = await windowsByAccount(db, [...new Set(due.map((d) => d.accountId))], now);
  let written = 0;
  for (const check of due) {
    if (maintenanceStatus(windows.get(check.accountId) ?? [], check, now).paused) continue;
    const effects = noStatusEffects();
    const eventId = await writeFailing(db, check, { now, publicUrl: ctx.publicUrl, effects });
    if (!eventId) continue;
    written++;
    events.publish({
      type: "heartbeatEventRecorded",
      accountId: check.accountId,
      checkId: check.checkId,
      eventId,
      state: "FAILING",
    });
    await runStatusEffects(ctx, effects);
  }
  return written;
}

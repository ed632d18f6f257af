import type { DbOrTx } from "../../db/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { noStatusEffects, runStatusEffects } from "../check-statuses/effects.js";
import { recordHeartbeatStatus } from "../check-statuses/heartbeats.js";
import type { SystemContext } from "../context.js";
import { heartbeatRollupInput, writeRollups } from "../rollups/index.js";

/** A silence to mark: the check, the event it follows (null: none since creation) and its deadline. */
export type Due = { checkId: string; accountId: string; after: string | null; failedAt: Date; id: string };

const byCheck = (a: Due, b: Due) => (a.checkId < b.checkId ? -1 : a.checkId > b.checkId ? 1 : 0);

/** The latest event id of each of these checks, in one statement (a correlated `LIMIT 1` each). */
async function latestIds(tx: DbOrTx, checkIds: string[]): Promise<Map<string, string>> {
  const rows = await tx.$queryRaw<{ checkId: string; id: string }[]>(Prisma.sql`
    SELECT c."id" AS "checkId", (
      SELECT l."id" FROM "HeartbeatEvent" l WHERE l."checkId" = c."id" ORDER BY l."timestamp" DESC, l."id" DESC LIMIT 1
    ) AS "id"
    FROM "Check" c WHERE c."id" IN (${Prisma.join(checkIds)})`);
  return new Map(rows.filter((row) => row.id !== null).map((row) => [row.checkId, row.id]));
}

/** Inserts the FAILING events; an id already stored (another sweep's) is skipped. The ids inserted. */
async function insertNew(tx: DbOrTx, due: Due[]): Promise<Set<string>> {
  const rows = due.map(
    (d) => Prisma.sql`(${d.id}, ${d.accountId}, ${d.checkId}, 'FAILING', ${d.failedAt}, NULL, NULL)`,
  );
  const inserted = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    INSERT INTO "HeartbeatEvent" ("id", "accountId", "checkId", "state", "timestamp", "source", "userAgent")
    VALUES ${Prisma.join(rows)} ON CONFLICT ("id") DO NOTHING RETURNING "id"`);
  return new Set(inserted.map((row) => row.id));
}

/**
 * Writes the FAILING events of these silences in one transaction: the latest events re-read just
 * before (a ping or another sweep that came first leaves its check alone; this narrows the window,
 * the deterministic ids make duplicates impossible), the events inserted
 * in one statement where their deterministic ids are the compare-and-set between sweeps, then each
 * check's status decision (a failed run; in checkId order, as every batch locks statuses) and one
 * rollup write. Published and status effects run after the commit. The silences written.
 */
async function writeTogether(ctx: SystemContext, due: readonly Due[], now: Date): Promise<Due[]> {
  const effects = noStatusEffects();
  // Read before the transaction, whose first statement is a write: a SQLite transaction that
  // read first cannot take the write lock once another process (the CLI) wrote meanwhile
  // (SQLITE_BUSY_SNAPSHOT, no waiting); one that writes first waits for the lock.
  const latest = await latestIds(
    ctx.db,
    due.map((d) => d.checkId),
  );
  const fresh = due.filter((d) => (latest.get(d.checkId) ?? null) === d.after).sort(byCheck);
  if (fresh.length === 0) return [];
  const written = await ctx.db.$transaction(async (tx) => {
    const inserted = await insertNew(tx, fresh);
    const mine = fresh.filter((d) => inserted.has(d.id));
    for (const d of mine)
      await recordHeartbeatStatus({
        tx,
        accountId: d.accountId,
        checkId: d.checkId,
        outcome: "FAIL",
        at: d.failedAt,
        now,
        publicUrl: ctx.publicUrl,
        effects,
      });
    const events = mine.map((d) => ({ ...d, state: "FAILING", timestamp: d.failedAt }));
    await writeRollups(tx, events.map(heartbeatRollupInput));
    return mine;
  });
  for (const d of written)
    ctx.events.publish({
      type: "heartbeatEventRecorded",
      accountId: d.accountId,
      checkId: d.checkId,
      eventId: d.id,
      state: "FAILING",
    });
  await runStatusEffects(ctx, effects);
  return written;
}

/**
 * A chunk of silences; when its transaction fails (a check deleted meanwhile: its event's foreign
 * key), each is written alone, and one whose check is gone is skipped. How many were written.
 */
export async function writeFailings(ctx: SystemContext, due: readonly Due[], now: Date): Promise<number> {
  try {
    return (await writeTogether(ctx, due, now)).length;
  } catch (error) {
    if (due.length > 1) {
      let written = 0;
      for (const d of due) written += await writeFailings(ctx, [d], now);
      return written;
    }
    if ((await ctx.db.check.count({ where: { id: due[0]!.checkId } })) === 0) return 0;
    throw error;
  }
}

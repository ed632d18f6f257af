import { isPostgres } from "../../db/client.js";
import type { RawRead } from "../../db/sqlite-reads.js";
import { runStepsInTx, type SqlSteps } from "../../db/sql-steps.js";
import { sqliteWriter } from "../../db/sqlite-writes.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { decideRuns } from "../check-statuses/decide-runs.js";
import { noStatusEffects, runStatusEffects, type StatusEffects } from "../check-statuses/effects.js";
import { recordHeartbeatStatus } from "../check-statuses/heartbeats.js";
import { DEFAULT_PUBLIC_URL } from "../check-statuses/results.js";
import { StatusMoved, storeDecisions } from "../check-statuses/store-decisions.js";
import type { SystemContext } from "../context.js";
import { heartbeatRollupInput, rollupSteps, writeRollups } from "../rollups/index.js";
import { insertEvents } from "./event-steps.js";
import { readRows } from "../raw-reads.js";

/** A silence to mark: the check, the event it follows (null: none since creation) and its deadline. */
export type Due = { checkId: string; accountId: string; after: string | null; failedAt: Date; id: string };

const byCheck = (a: Due, b: Due) => (a.checkId < b.checkId ? -1 : a.checkId > b.checkId ? 1 : 0);

/** The raw reader outside transactions (src/db/sqlite-reads.ts), else Prisma's. */
export const readerOf =
  (ctx: SystemContext): RawRead =>
  <T>(sql: Prisma.Sql) =>
    readRows<T>(ctx, sql);

/** The latest event id of each of these checks, in one statement (a correlated `LIMIT 1` each). */
async function latestIds(read: RawRead, checkIds: string[]): Promise<Map<string, string>> {
  const rows = await read<{ checkId: string; id: string }>(Prisma.sql`
    SELECT c."id" AS "checkId", (
      SELECT l."id" FROM "HeartbeatEvent" l WHERE l."checkId" = c."id" ORDER BY l."timestamp" DESC, l."id" DESC LIMIT 1
    ) AS "id"
    FROM "Check" c WHERE c."id" IN (${Prisma.join(checkIds)})`);
  return new Map(rows.filter((row) => row.id !== null).map((row) => [row.checkId, row.id]));
}

const failingEvent = (d: Due) => ({
  id: d.id,
  accountId: d.accountId,
  checkId: d.checkId,
  state: "FAILING",
  timestamp: d.failedAt,
  source: null,
  userAgent: null,
});

/**
 * Writes the FAILING events of these silences in one transaction: the latest events re-read just
 * before (a ping or another sweep that came first leaves its check alone; this narrows the window,
 * the deterministic ids make duplicates impossible), the events inserted
 * in one statement where their deterministic ids are the compare-and-set between sweeps, then each
 * check's status decision (a failed run; in checkId order, as every batch locks statuses) and one
 * rollup write. Published and status effects run after the commit. The silences written.
 */
async function writeTogether(ctx: SystemContext, due: readonly Due[], now: Date): Promise<Due[]> {
  // Read before the transaction, whose first statement is a write: a SQLite transaction that
  // read first cannot take the write lock once another process (the CLI) wrote meanwhile
  // (SQLITE_BUSY_SNAPSHOT, no waiting); one that writes first waits for the lock.
  const latest = await latestIds(
    readerOf(ctx),
    due.map((d) => d.checkId),
  );
  const fresh = due.filter((d) => (latest.get(d.checkId) ?? null) === d.after).sort(byCheck);
  if (fresh.length === 0) return [];
  let effects = noStatusEffects();
  let written: Due[];
  try {
    written = await decidedTogether(ctx, fresh, now, effects);
  } catch (error) {
    if (!(error instanceof StatusMoved)) throw error;
    effects = noStatusEffects();
    written = await oneByOne(ctx, fresh, now, effects);
  }
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
 * The chunk's status decisions made together (decideRuns: a fixed number of reads, whatever the
 * number of checks), then the events, the statuses' one compare-and-set, the alerts and their
 * notifications, and the rollups written in one transaction: at once on SQLite's batch writer,
 * statement by statement in a Prisma transaction on PostgreSQL.
 */
async function decidedTogether(ctx: SystemContext, fresh: Due[], now: Date, effects: StatusEffects) {
  const read = readerOf(ctx);
  const runs = fresh.map((d) => ({
    accountId: d.accountId,
    checkId: d.checkId,
    outcome: "FAIL" as const,
    at: d.failedAt,
    facts: { hasFailures: true, hasErrors: false, isDegraded: false, lastRunAt: d.failedAt },
    result: null,
  }));
  const plans = await decideRuns({ db: ctx.db, read, runs, now });
  const writer = await sqliteWriter(ctx.db);
  const pg = writer === null && isPostgres(ctx.db);
  const publicUrl = ctx.publicUrl ?? DEFAULT_PUBLIC_URL;
  function* steps(): SqlSteps<Due[]> {
    const inserted = yield* insertEvents(fresh.map(failingEvent));
    const mine = fresh.filter((d) => inserted.has(d.id));
    const checks = new Set(mine.map((d) => d.checkId));
    yield* storeDecisions({ plans: plans.filter((p) => checks.has(p.read.checkId)), pg, publicUrl, effects });
    yield* rollupSteps(mine.map(failingEvent).map(heartbeatRollupInput), pg);
    return mine;
  }
  return writer ? writer.write(steps()) : ctx.db.$transaction((tx) => runStepsInTx(tx, steps()));
}

/** The chunk with each status decided alone (recordHeartbeatStatus), when a status moved under the plan. */
async function oneByOne(ctx: SystemContext, fresh: Due[], now: Date, effects: StatusEffects) {
  return ctx.db.$transaction(async (tx) => {
    const inserted = await runStepsInTx(tx, insertEvents(fresh.map(failingEvent)));
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
    await writeRollups(tx, mine.map(failingEvent).map(heartbeatRollupInput));
    return mine;
  });
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

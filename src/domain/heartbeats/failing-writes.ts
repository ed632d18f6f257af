import { isPostgres } from "../../db/client.js";
import type { RawRead } from "../../db/sqlite-reads.js";
import { runStepsInTx, type SqlSteps } from "../../db/sql-steps.js";
import { sqliteWriter } from "../../db/sqlite-writes.js";
import type { Prisma } from "../../generated/sqlite/client.js";
import { decideRuns } from "../check-statuses/decide-runs.js";
import { noStatusEffects, runStatusEffects, type StatusEffects } from "../check-statuses/effects.js";
import { recordHeartbeatStatus } from "../check-statuses/heartbeats.js";
import { DEFAULT_PUBLIC_URL } from "../check-statuses/results.js";
import { StatusMoved, storeDecisions } from "../check-statuses/store-decisions.js";
import type { SystemContext } from "../shared/context.js";
import { heartbeatRollupInput, rollupSteps, writeRollups } from "../rollups/index.js";
import { insertFailings } from "./event-steps.js";
import { readRows } from "../shared/raw-reads.js";
import type { MaintenanceWindowLike } from "../maintenance-windows/status.js";

/** A silence to mark: the check, the event it follows (null: none since creation) and its deadline. */
export type Due = { checkId: string; accountId: string; after: string | null; failedAt: Date; id: string };
/** The maintenance windows of the silences' accounts at `now`, by account (windowsByAccount). */
type Windows = ReadonlyMap<string, MaintenanceWindowLike[]>;

const byCheck = (a: Due, b: Due) => (a.checkId < b.checkId ? -1 : a.checkId > b.checkId ? 1 : 0);

/** The raw reader outside transactions (src/db/sqlite-reads.ts), else Prisma's. */
export const readerOf =
  (ctx: SystemContext): RawRead =>
  <T>(sql: Prisma.Sql) =>
    readRows<T>(ctx, sql);

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
 * Writes the FAILING events of these silences in one transaction: each inserted only while its
 * check's latest event is still the one the silence follows (a ping or another sweep that came
 * first leaves its check alone; the deterministic ids make duplicates impossible), in one
 * statement, then each check's status decision (a failed run; in checkId order, as every batch
 * locks statuses) and one rollup write. Published and status effects run after the commit. The
 * silences written.
 */
async function writeTogether(ctx: SystemContext, due: readonly Due[], now: Date, windows?: Windows): Promise<Due[]> {
  const fresh = [...due].sort(byCheck);
  let effects = noStatusEffects();
  let written: Due[];
  try {
    written = await decidedTogether(ctx, fresh, now, effects, windows);
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
async function decidedTogether(ctx: SystemContext, fresh: Due[], now: Date, effects: StatusEffects, windows?: Windows) {
  const read = readerOf(ctx);
  const runs = fresh.map((d) => ({
    accountId: d.accountId,
    checkId: d.checkId,
    outcome: "FAIL" as const,
    at: d.failedAt,
    facts: { hasFailures: true, hasErrors: false, isDegraded: false, lastRunAt: d.failedAt },
    result: null,
  }));
  // Read before the transaction, whose first statement is a write: a SQLite transaction that
  // read first cannot take the write lock once another process (the CLI) wrote meanwhile
  // (SQLITE_BUSY_SNAPSHOT, no waiting); one that writes first waits for the lock.
  const plans = await decideRuns({ db: ctx.db, read, runs, now, ...(windows ? { windows } : {}) });
  const writer = await sqliteWriter(ctx.db);
  const pg = writer === null && isPostgres(ctx.db);
  // The batch writer keeps its statements: a few fixed shapes, whatever the chunk's size.
  const fixed = writer !== null;
  const publicUrl = ctx.publicUrl ?? DEFAULT_PUBLIC_URL;
  function* steps(): SqlSteps<Due[]> {
    const inserted = yield* insertFailings(fresh, pg, fixed);
    const mine = fresh.filter((d) => inserted.has(d.id));
    const checks = new Set(mine.map((d) => d.checkId));
    yield* storeDecisions({ plans: plans.filter((p) => checks.has(p.read.checkId)), pg, fixed, publicUrl, effects });
    yield* rollupSteps(mine.map(failingEvent).map(heartbeatRollupInput), pg, fixed);
    return mine;
  }
  return writer ? writer.write(steps()) : ctx.db.$transaction((tx) => runStepsInTx(tx, steps()));
}

/** The chunk with each status decided alone (recordHeartbeatStatus), when a status moved under the plan. */
async function oneByOne(ctx: SystemContext, fresh: Due[], now: Date, effects: StatusEffects) {
  return ctx.db.$transaction(async (tx) => {
    const inserted = await runStepsInTx(tx, insertFailings(fresh, isPostgres(ctx.db), false));
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
export async function writeFailings(
  ctx: SystemContext,
  due: readonly Due[],
  now: Date,
  windows?: Windows,
): Promise<number> {
  try {
    return (await writeTogether(ctx, due, now, windows)).length;
  } catch (error) {
    if (due.length > 1) {
      let written = 0;
      for (const d of due) written += await writeFailings(ctx, [d], now, windows);
      return written;
    }
    if ((await ctx.db.check.count({ where: { id: due[0]!.checkId } })) === 0) return 0;
    throw error;
  }
}

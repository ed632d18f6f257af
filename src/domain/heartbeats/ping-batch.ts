import { runStepsInTx } from "../../db/sql-steps.js";
import type { RawRead } from "../../db/sqlite-reads.js";
import { sqliteWriter } from "../../db/sqlite-writes.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { noStatusEffects, runStatusEffects } from "../check-statuses/effects.js";
import {
  type HeartbeatPass,
  passesByCheck,
  quietOf,
  recordHeartbeatPasses,
  setQuiet,
} from "../check-statuses/heartbeat-passes.js";
import type { CheckStatusRow } from "../check-statuses/rows.js";
import type { SystemContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { timeOrderedUuid } from "../shared/ids.js";
import { heartbeatRollupInput, rollupSteps, writeRollups } from "../rollups/index.js";
import { insertEvents } from "./event-steps.js";
import { readerOf } from "./failing-writes.js";
import type { HeartbeatEventRow } from "./rows.js";
import { heartbeatTiming, pingState } from "./state.js";

/** A validated ping waiting for its batch: `at` is when the request arrived. */
export type Ping = { pingToken: string; at: Date; source: string | null; userAgent: string | null };

type Found = {
  id: string;
  accountId: string;
  checkType: string;
  heartbeat: unknown;
  eventId: string | null;
  state: string | null;
  timestamp: Date | string | number | null;
};
type Latest = { id: string; state: string; timestamp: Date };

/**
 * The checks of these tokens with the latest event of each, in one statement (a correlated
 * `LIMIT 1` over the (checkId, timestamp) index, as the missed-heartbeat sweep reads them).
 */
async function checksByToken(read: RawRead, tokens: string[]) {
  const rows = await read<Found & { pingToken: string }>(Prisma.sql`
    SELECT c."pingToken", c."id", c."accountId", c."checkType", c."heartbeat", e."id" AS "eventId", e."state", e."timestamp"
    FROM "Check" c
    LEFT JOIN "HeartbeatEvent" e ON e."id" = (
      SELECT l."id" FROM "HeartbeatEvent" l WHERE l."checkId" = c."id" ORDER BY l."timestamp" DESC, l."id" DESC LIMIT 1
    )
    WHERE c."pingToken" IN (${Prisma.join(tokens)})`);
  return new Map(rows.map((row) => [row.pingToken, row]));
}

// The stored JSON column comes back as text from SQLite's raw queries, parsed from PostgreSQL's.
const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
// `findFirst` ordered by timestamp, then id, both descending: the same order in memory.
const later = (a: Latest, b: Latest | null) =>
  !b ||
  a.timestamp.getTime() > b.timestamp.getTime() ||
  (a.timestamp.getTime() === b.timestamp.getTime() && a.id > b.id);

/**
 * Records pings together (src/domain/heartbeats/record-ping.ts queues them): one read of their
 * checks and latest events, then one transaction with every event, the checks' status decisions
 * (recordHeartbeatPasses: one statement for the usual passing ping) and one rollup write. A ping is judged against the latest event before it, an earlier ping of the same batch
 * included. Answers each ping's event, or its error (an unknown token: NotFoundError).
 */
async function recordTogether(ctx: SystemContext, pings: readonly Ping[]): Promise<(HeartbeatEventRow | Error)[]> {
  const read = readerOf(ctx);
  const checks = await checksByToken(read, [...new Set(pings.map((p) => p.pingToken))]);
  const latest = new Map<string, Latest | null>();
  const answers: (HeartbeatEventRow | Error)[] = pings.map((ping) => {
    const check = checks.get(ping.pingToken);
    // The token is a secret: the error does not echo it.
    if (check?.checkType !== "HEARTBEAT") return new NotFoundError("heartbeat check for this ping token");
    if (!latest.has(check.id))
      latest.set(
        check.id,
        check.eventId ? { id: check.eventId, state: check.state!, timestamp: new Date(check.timestamp!) } : null,
      );
    const previous = latest.get(check.id)!;
    const state = pingState({ timing: heartbeatTiming(json(check.heartbeat)), previous, at: ping.at });
    const event = {
      id: timeOrderedUuid(ping.at),
      accountId: check.accountId,
      checkId: check.id,
      state,
      timestamp: ping.at,
      source: ping.source,
      userAgent: ping.userAgent,
    };
    if (later(event, previous)) latest.set(check.id, event);
    return event;
  });
  const events = answers.filter((a): a is HeartbeatEventRow => !(a instanceof Error));
  if (events.length === 0) return answers;
  const effects = noStatusEffects();
  const passes = events.map((e) => ({ accountId: e.accountId, checkId: e.checkId, at: e.timestamp }));
  if (!(await writeQuietly(ctx, events, passes)))
    await ctx.db.$transaction(async (tx) => {
      await runStepsInTx(tx, insertEvents(events));
      await recordHeartbeatPasses({ tx, passes, publicUrl: ctx.publicUrl, effects });
      // After the statuses, as every writer does (no lock cycle): the events count in their hours' rollups.
      await writeRollups(tx, events.map(heartbeatRollupInput));
    });
  for (const event of events)
    ctx.events.publish({
      type: "heartbeatEventRecorded",
      accountId: event.accountId,
      checkId: event.checkId,
      eventId: event.id,
      state: event.state,
    });
  await runStatusEffects(ctx, effects);
  return answers;
}

class Moved extends Error {}

/**
 * The usual batch on SQLite, at a fraction of the CPU: every check's passes quiet (a passing check
 * staying passing), its statuses read by the raw reader and the batch written at once by
 * src/db/sqlite-writes.ts, the same statements as the general path's. False when this batch is not
 * one (PostgreSQL, no raw reader, a check that may alert, a status that moved since it was read:
 * then nothing was written).
 */
async function writeQuietly(ctx: SystemContext, events: HeartbeatEventRow[], passes: HeartbeatPass[]) {
  const writer = ctx.read ? await sqliteWriter(ctx.db) : null;
  if (!writer) return false;
  const byCheck = passesByCheck(passes);
  const rows = await ctx.read!<CheckStatusRow>(
    Prisma.sql`SELECT * FROM "CheckStatus" WHERE "checkId" IN (${Prisma.join([...byCheck.keys()])})`,
  );
  const quiet = quietOf(rows, byCheck);
  if (quiet.length < byCheck.size) return false;
  try {
    await writer.write(
      (function* () {
        yield* insertEvents(events);
        if ((yield* setQuiet(quiet, false)).length < quiet.length) throw new Moved();
        yield* rollupSteps(events.map(heartbeatRollupInput), false);
      })(),
    );
    return true;
  } catch (error) {
    if (error instanceof Moved) return false;
    throw error;
  }
}

/**
 * A batch of pings; if its transaction fails (a check deleted meanwhile), each ping is recorded
 * alone, so one cannot take the others down.
 */
export async function recordPings(ctx: SystemContext, pings: readonly Ping[]): Promise<(HeartbeatEventRow | Error)[]> {
  try {
    return await recordTogether(ctx, pings);
  } catch (error) {
    if (pings.length === 1) return [error as Error];
    const answers: (HeartbeatEventRow | Error)[] = [];
    for (const ping of pings) answers.push(...(await recordPings(ctx, [ping])));
    return answers;
  }
}

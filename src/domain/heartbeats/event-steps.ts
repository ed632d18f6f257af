import { inShapes, type SqlSteps } from "../../db/sql-steps.js";
import { Prisma } from "../../generated/sqlite/client.js";

type NewEvent = {
  id: string;
  accountId: string;
  checkId: string;
  state: string;
  timestamp: Date;
  source: string | null;
  userAgent: string | null;
};

/**
 * Inserts heartbeat events in one statement; an id already stored is skipped (the missed-heartbeat
 * sweep's deterministic ids are its compare-and-set between sweeps). The ids inserted.
 */
export function* insertEvents(events: readonly NewEvent[]): SqlSteps<Set<string>> {
  const rows = events.map(
    (e) => Prisma.sql`(${e.id}, ${e.accountId}, ${e.checkId}, ${e.state}, ${e.timestamp}, ${e.source}, ${e.userAgent})`,
  );
  const inserted = yield Prisma.sql`
    INSERT INTO "HeartbeatEvent" ("id", "accountId", "checkId", "state", "timestamp", "source", "userAgent")
    VALUES ${Prisma.join(rows)} ON CONFLICT ("id") DO NOTHING RETURNING "id"`;
  return new Set(inserted.map((row) => row.id as string));
}

/** A FAILING event to insert, unless its check's latest event is no longer `after` (null: none). */
type NewFailing = { id: string; accountId: string; checkId: string; failedAt: Date; after: string | null };

/**
 * Inserts FAILING events (no source, no user agent), each only while its check's latest event is
 * still the one its silence follows: a ping or another sweep that came first leaves the check
 * alone, decided in the insert itself (on SQLite under the write lock). An id already stored is
 * skipped (the ids are the compare-and-set between sweeps). The ids inserted.
 */
export function* insertFailings(events: readonly NewFailing[], pg: boolean, fixed: boolean): SqlSteps<Set<string>> {
  const at = (date: Date) => (pg ? Prisma.sql`CAST(${date} AS TIMESTAMP(3))` : date);
  const inserted = yield* inShapes(
    events,
    fixed,
    (rows) => Prisma.sql`
    WITH v ("id", "accountId", "checkId", "timestamp", "after") AS (
      VALUES ${Prisma.join(rows.map((e) => Prisma.sql`(${e.id}, ${e.accountId}, ${e.checkId}, ${at(e.failedAt)}, ${e.after})`))}
    )
    INSERT INTO "HeartbeatEvent" ("id", "accountId", "checkId", "state", "timestamp", "source", "userAgent")
    SELECT v."id", v."accountId", v."checkId", 'FAILING', v."timestamp", NULL, NULL FROM v
    WHERE (
      SELECT l."id" FROM "HeartbeatEvent" l WHERE l."checkId" = v."checkId" ORDER BY l."timestamp" DESC, l."id" DESC LIMIT 1
    ) IS NOT DISTINCT FROM v."after"
    ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
  );
  return new Set(inserted.map((row) => row.id as string));
}

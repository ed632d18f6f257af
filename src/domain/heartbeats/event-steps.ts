import type { SqlSteps } from "../../db/sql-steps.js";
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

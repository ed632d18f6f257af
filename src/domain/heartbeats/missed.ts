import { createHash } from "node:crypto";
import type { RawRead } from "../../db/sqlite-reads.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { SystemContext } from "../shared/context.js";
import { windowsByAccount } from "../check-statuses/alert-context.js";
import { maintenanceStatus, type MaintenanceWindowLike } from "../maintenance-windows/status.js";
import { type Due, readerOf, writeFailings } from "./failing-writes.js";
import { heartbeatDeadlines, heartbeatTiming } from "./state.js";

/** Checks read per statement: the sweep's reads hold the loop a few milliseconds each (SQLite). */
const PAGE = 250;
/**
 * The time a chunk of FAILING writes may take: SQLite's driver is synchronous, so a transaction
 * holds the event loop from BEGIN to COMMIT. Chunks are sized from the last one's time per check,
 * the lesser of its wall and CPU time: wall time on a busy machine also counts the waits for a
 * core, and the process's CPU time also counts V8's threads compiling the hot code meanwhile
 * (most of it in a first large sweep). In steps of STEP checks: the batch writer's statements
 * have 16 rows (src/db/sql-steps.ts inShapes).
 */
const CHUNK_MS = 8;
const STEP = 16;
const MAX_CHUNK = 256;

const tagsOf = (value: unknown): string[] => {
  const parsed = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
};
// JSON columns come back as text from SQLite's raw queries, parsed from PostgreSQL's.
const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
/** Lets timers and I/O run between two holds of the loop. */
const yieldLoop = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The id of the one FAILING event a silence may have, derived from the check and the event the
 * silence follows ("created" before the first event): every instance, sweep and retry computes
 * the same id for the same silence, so the primary key itself is the compare-and-set: a second
 * insert of it is a unique violation on SQLite and on PostgreSQL alike, whatever the isolation
 * level or the timing of concurrent sweeps. A UUID of version 8's layout (RFC 9562): the 48-bit
 * Unix time in milliseconds of `since` (that event's timestamp, or the check's creation: facts
 * of the silence as fixed as its key), then bits of a SHA-1 hash of the key. Like the pings'
 * time-ordered ids (src/domain/shared/ids.ts), a sweep's events then land beside their checks' latest
 * pings at the end of the primary key's index, not on a random page each.
 */
export function failingEventId(checkId: string, after: string | null, since: Date): string {
  const hash = createHash("sha1")
    .update(`vigil:heartbeat-failing:${checkId}:${after ?? "created"}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  const time = Math.max(0, since.getTime()).toString(16).padStart(12, "0").slice(-12);
  return `${time.slice(0, 8)}-${time.slice(8)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type PageRow = {
  id: string;
  accountId: string;
  heartbeat: unknown;
  createdAt: Date | string;
  tags: unknown;
  groupTags: unknown;
  eventId: string | null;
  state: string | null;
  timestamp: Date | string | null;
};

/**
 * A page of the activated heartbeat checks (check and group activated) after `after` in id order,
 * each with its latest event, in one statement: a correlated `LIMIT 1` per check over the
 * (checkId, timestamp) index, so thousands of checks cost index seeks, never a scan of their events.
 */
function heartbeatPage(read: RawRead, after: string): Promise<PageRow[]> {
  return read<PageRow>(Prisma.sql`
    SELECT c."id", c."accountId", c."heartbeat", c."createdAt", c."tags", g."tags" AS "groupTags",
      e."id" AS "eventId", e."state", e."timestamp"
    FROM "Check" c
    LEFT JOIN "CheckGroup" g ON g."id" = c."groupId"
    LEFT JOIN "HeartbeatEvent" e ON e."id" = (
      SELECT l."id" FROM "HeartbeatEvent" l WHERE l."checkId" = c."id" ORDER BY l."timestamp" DESC, l."id" DESC LIMIT 1
    )
    WHERE c."checkType" = 'HEARTBEAT' AND c."activated" = TRUE AND (c."groupId" IS NULL OR g."activated" = TRUE)
      AND c."id" > ${after}
    ORDER BY c."id" LIMIT ${PAGE}`);
}

/** The silences of a page that are past their deadline at `now` and not yet marked FAILING. */
function dueOf(page: PageRow[], now: Date): (Due & { tags: string[]; groupTags: string[] })[] {
  return page.flatMap((check) => {
    const timing = heartbeatTiming(json(check.heartbeat));
    if (!timing || check.state === "FAILING") return [];
    const since = new Date(check.eventId ? check.timestamp! : check.createdAt);
    const failedAt = heartbeatDeadlines(timing, since).graceEndsAt;
    if (now.getTime() <= failedAt.getTime()) return [];
    const after = check.eventId;
    return [
      {
        checkId: check.id,
        accountId: check.accountId,
        after,
        failedAt,
        id: failingEventId(check.id, after, since),
        tags: tagsOf(check.tags),
        groupTags: tagsOf(check.groupTags),
      },
    ];
  });
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
 *
 * Whatever the number of checks, the loop is held a few milliseconds at a time: checks are read
 * in pages and written in chunks of one transaction each, sized to CHUNK_MS, with a yield between.
 */
export async function recordMissedHeartbeats({ ctx, now }: { ctx: SystemContext; now: Date }): Promise<number> {
  const read = readerOf(ctx);
  // The silences found and not yet written, across pages (a chunk is not cut by a page's end),
  // and the windows of their accounts, each account's read once.
  const pending: Due[] = [];
  const windows = new Map<string, MaintenanceWindowLike[]>();
  let written = 0;
  let size = STEP;
  for (let after = ""; ; ) {
    const page = await heartbeatPage(read, after);
    const due = dueOf(page, now);
    const unread = [...new Set(due.map((d) => d.accountId))].filter((id) => !windows.has(id));
    if (unread.length > 0) {
      const found = await windowsByAccount(read, unread, now);
      for (const id of unread) windows.set(id, found.get(id) ?? []);
    }
    pending.push(...due.filter((d) => !maintenanceStatus(windows.get(d.accountId)!, d, now).paused));
    const last = page.length < PAGE;
    // The page's read and a chunk's write are two holds of the loop, not one.
    if (pending.length > 0) await yieldLoop();
    while (pending.length >= size || (last && pending.length > 0)) {
      const chunk = pending.splice(0, size);
      const started = process.cpuUsage();
      const startedAt = performance.now();
      written += await writeFailings(ctx, chunk, now, windows);
      const used = process.cpuUsage(started);
      const ms = Math.min(performance.now() - startedAt, (used.user + used.system) / 1000);
      const perCheck = ms / chunk.length;
      // At most twice the last size: one cheap chunk (GC elsewhere, checks another sweep took) must
      // not make the next one long.
      const fits = Math.floor(CHUNK_MS / Math.max(perCheck, 0.01) / STEP) * STEP;
      size = Math.max(STEP, Math.min(MAX_CHUNK, 2 * chunk.length, fits));
      await yieldLoop();
    }
    if (last) return written;
    after = page.at(-1)!.id;
    await yieldLoop();
  }
}

import type { HeartbeatEvent } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { keysetPagesByKey, type Position } from "../shared/children-pages.js";
import type { DomainContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";
import { decodeCursor, encodeCursor, type Page, type PageArgs } from "../shared/pagination.js";
import { availabilityFrom, previousWindow, type Counts, type HeartbeatAvailability } from "./availability.js";
import { DAY_MS, type Window } from "./schemas.js";
import { typedWindow, type WindowArgs } from "./window.js";

const COLUMNS = [
  "id",
  "accountId",
  "checkId",
  "state",
  "timestamp",
  "source",
  "userAgent",
] as const satisfies readonly (keyof HeartbeatEvent)[];
const SELECT = Prisma.raw(`SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "HeartbeatEvent"`);

/** An event's keyset position [timestamp ms, id], in the one cursor format of src/domain/shared/pagination.ts. */
export const heartbeatEventCursor = (event: { timestamp: Date; id: string }) =>
  encodeCursor([event.timestamp.getTime(), event.id]);

function decodeEventCursor(cursor: string, key: string): Position {
  const [ms, id] = decodeCursor(cursor, ["number", "string"], key) as [number, string];
  const at = new Date(ms);
  if (!Number.isInteger(ms) || Number.isNaN(at.getTime()) || id.length > 64)
    throw new ValidationError(`${key} is not a cursor this list returned`, [key], "query");
  return { at, id };
}

/**
 * A keyset page of the events of each of these heartbeat checks (of the caller's account) in the
 * window (REST defaults: the 24 hours before now), newest first, in the ids' order: one statement
 * of per-check range scans over the (checkId, timestamp) index.
 */
export function pageEventsOfChecks({
  ctx,
  checkIds,
  args,
  window: bounds,
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
  args: PageArgs;
  window: WindowArgs;
}): Promise<Page<HeartbeatEvent>[]> {
  const window = typedWindow(bounds, ctx.now());
  return keysetPagesByKey<HeartbeatEvent>({
    db: ctx.db,
    keys: checkIds,
    args,
    decode: decodeEventCursor,
    positionOf: (event) => ({ at: event.timestamp, id: event.id }),
    cursorOf: heartbeatEventCursor,
    keyOf: (event) => event.checkId,
    branch: (checkId, from, direction, take) => {
      const conditions = [
        Prisma.sql`"checkId" = ${checkId}`,
        Prisma.sql`"accountId" = ${ctx.accountId}`,
        Prisma.sql`"timestamp" >= ${window.start}`,
        Prisma.sql`"timestamp" < ${window.end}`,
      ];
      if (from && direction === "after")
        conditions.push(
          Prisma.sql`"timestamp" <= ${from.at}`,
          Prisma.sql`("timestamp" < ${from.at} OR "id" < ${from.id})`,
        );
      if (from && direction === "before")
        conditions.push(
          Prisma.sql`"timestamp" >= ${from.at}`,
          Prisma.sql`("timestamp" > ${from.at} OR "id" > ${from.id})`,
        );
      const order = Prisma.raw(
        direction === "after" ? `ORDER BY "timestamp" DESC, "id" DESC` : `ORDER BY "timestamp" ASC, "id" ASC`,
      );
      return Prisma.sql`${SELECT} WHERE ${Prisma.join(conditions, " AND ")} ${order} LIMIT ${take}`;
    },
  });
}

/** The same COUNT(*) GROUP BY state as availability.ts, for every check of a batch in one statement. */
async function countWindows(
  ctx: DomainContext,
  checkIds: string[],
  { start, end }: Window,
): Promise<Map<string, Counts>> {
  const rows = await ctx.db.heartbeatEvent.groupBy({
    by: ["checkId", "state"],
    where: { checkId: { in: checkIds }, accountId: ctx.accountId, timestamp: { gte: start, lt: end } },
    _count: { _all: true },
  });
  const counts = new Map(checkIds.map((id) => [id, { total: 0, ok: 0 }]));
  for (const row of rows) {
    const count = counts.get(row.checkId);
    if (!count) continue;
    count.total += row._count._all;
    if (row.state !== "FAILING") count.ok += row._count._all;
  }
  return counts;
}

async function availabilities(
  ctx: DomainContext,
  checkIds: readonly string[],
  window: Window,
): Promise<HeartbeatAvailability[]> {
  const unique = [...new Set(checkIds)];
  const [current, previous] = await Promise.all([
    countWindows(ctx, unique, window),
    countWindows(ctx, unique, previousWindow(window)),
  ]);
  return checkIds.map((id) => availabilityFrom(current.get(id)!, previous.get(id)!));
}

/**
 * The availability of each of these heartbeat checks (of the caller's account) over one window
 * (REST defaults: the 24 hours before now), in the ids' order: two statements for any number.
 */
export function availabilityOfChecks({
  ctx,
  checkIds,
  window,
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
  window: WindowArgs;
}) {
  return availabilities(ctx, checkIds, typedWindow(window, ctx.now()));
}

/** The stats of the REST events list for each check: availability over the last 24 hours and 7 days. */
export async function heartbeatStatsOfChecks({ ctx, checkIds }: { ctx: DomainContext; checkIds: readonly string[] }) {
  const now = ctx.now();
  const [day, week] = await Promise.all([
    availabilities(ctx, checkIds, { start: new Date(now.getTime() - DAY_MS), end: now }),
    availabilities(ctx, checkIds, { start: new Date(now.getTime() - 7 * DAY_MS), end: now }),
  ]);
  return checkIds.map((_, i) => ({ last24Hours: day[i] ?? null, last7Days: week[i] ?? null }));
}

import type { HeartbeatEvent } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { keysetPagesByKey, type Position } from "../keyset-batch.js";
import type { DomainContext } from "../context.js";
import { ValidationError } from "../errors.js";
import { decodeCursor, encodeCursor, type Page, type PageArgs } from "../pagination.js";
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

/** An event's keyset position [timestamp ms, id], in the one cursor format of src/domain/pagination.ts. */
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

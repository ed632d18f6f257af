import type { AgentErrorReport } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { keysetPagesByKey } from "../shared/children-pages.js";
import { decodeCursor, encodeCursor, type Page, type PageArgs } from "../shared/pagination.js";
import { parseInput } from "../shared/validation.js";
import { findPrivateLocation } from "./get.js";
import { ListErrorReportsQuery } from "./schemas.js";

export type ErrorReportView = AgentErrorReport;

/** GET /v1/private-locations/{id}/error-reports: the location's newest agent error reports, newest first. */
export async function listErrorReports({
  ctx,
  id,
  query,
}: {
  ctx: DomainContext;
  id: unknown;
  query: unknown;
}): Promise<ErrorReportView[]> {
  const { limit } = parseInput(ListErrorReportsQuery, query, "query");
  const location = await findPrivateLocation({ ctx, id });
  return ctx.db.agentErrorReport.findMany({
    where: { privateLocationId: location.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
}

const COLUMNS = Prisma.raw(
  ["id", "privateLocationId", "message", "stack", "agentVersion", "platform", "runtimeVersion", "createdAt"]
    .map((c) => `"${c}"`)
    .join(", "),
);
export const errorReportCursor = (row: ErrorReportView) => encodeCursor([row.createdAt.getTime(), row.id]);

/**
 * A keyset page of error reports (newest first) for each of these locations of the caller's
 * account, in the ids' order, from one statement (a GraphQL list of locations asks for them together).
 */
export function pageErrorReportsOf({
  ctx,
  locationIds,
  args,
}: {
  ctx: DomainContext;
  locationIds: readonly string[];
  args: PageArgs;
}): Promise<Page<ErrorReportView>[]> {
  return keysetPagesByKey<ErrorReportView>({
    db: ctx.db,
    keys: locationIds,
    args,
    decode: (cursor, argument) => {
      const [ms, id] = decodeCursor(cursor, ["number", "string"], argument) as [number, string];
      return { at: new Date(ms), id };
    },
    positionOf: (row) => ({ at: row.createdAt, id: row.id }),
    cursorOf: errorReportCursor,
    keyOf: (row) => row.privateLocationId,
    branch: (locationId, from, direction, take) => {
      const conditions = [
        Prisma.sql`"privateLocationId" = ${locationId}`,
        Prisma.sql`EXISTS (SELECT 1 FROM "PrivateLocation" WHERE "id" = ${locationId} AND "accountId" = ${ctx.accountId})`,
      ];
      if (from && direction === "after")
        conditions.push(Prisma.sql`("createdAt" < ${from.at} OR ("createdAt" = ${from.at} AND "id" < ${from.id}))`);
      if (from && direction === "before")
        conditions.push(Prisma.sql`("createdAt" > ${from.at} OR ("createdAt" = ${from.at} AND "id" > ${from.id}))`);
      const order = Prisma.raw(
        direction === "after" ? `ORDER BY "createdAt" DESC, "id" DESC` : `ORDER BY "createdAt" ASC, "id" ASC`,
      );
      return Prisma.sql`SELECT ${COLUMNS} FROM "AgentErrorReport" WHERE ${Prisma.join(conditions, " AND ")} ${order} LIMIT ${take}`;
    },
  });
}

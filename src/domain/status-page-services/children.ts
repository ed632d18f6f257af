import type { StatusPageService } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { readRows } from "../shared/raw-reads.js";

/**
 * The services of many cards, or of many incidents, in one statement each. Prisma would read the
 * join rows and the services in two (it has no JOIN for an `include` on SQLite); a nested GraphQL
 * query asks for both lists, so a plain JOIN keeps its statement count small and fixed.
 * CROSS JOIN fixes SQLite's join order (PostgreSQL plans it as an inner join): from the join rows
 * of the wanted parents to each service by its key. Left to itself, SQLite walks every service of
 * the account and probes the join rows for each.
 */

type Linked = StatusPageService & { parentId: string };

/** A service's columns besides its id; a read may ask for some of them only (GraphQL's selection). */
export type ServiceColumn = "accountId" | "name" | "createdAt" | "updatedAt";
const SERVICE_COLUMNS: readonly ServiceColumn[] = ["accountId", "name", "createdAt", "updatedAt"];

/**
 * The id and `columns` (all by default). With fewer, a service's other fields are undefined:
 * the caller reads only those it asked for.
 */
function serviceColumns(columns: readonly ServiceColumn[] | null = null) {
  const wanted = columns ? SERVICE_COLUMNS.filter((column) => columns.includes(column)) : SERVICE_COLUMNS;
  return Prisma.raw(["id", ...wanted].map((column) => `s."${column}"`).join(", "));
}

/**
 * Each parent's services, in the rows' order. A service is written out column by column (those of
 * SERVICE_COLUMNS): a rest pattern (`{ parentId, ...service }`) copies through V8's
 * slow path, and a nested status-page answer reads 500 of them.
 */
function byParent(parentIds: readonly string[], rows: readonly Linked[]): StatusPageService[][] {
  const groups = new Map<string, StatusPageService[]>(parentIds.map((id) => [id, []]));
  for (const row of rows)
    groups.get(row.parentId)?.push({
      id: row.id,
      accountId: row.accountId,
      name: row.name,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
  return parentIds.map((id) => groups.get(id)!);
}

/** The services of each card, in their order on the card (the cards' page is the caller's). */
export async function servicesOfCards(
  ctx: DomainContext,
  cardIds: readonly string[],
  columns: readonly ServiceColumn[] | null = null,
): Promise<StatusPageService[][]> {
  const unique = [...new Set(cardIds)];
  if (!unique.length) return cardIds.map(() => []);
  const rows = await readRows<Linked>(
    ctx,
    Prisma.sql`
    SELECT cs."cardId" AS "parentId", ${serviceColumns(columns)}
    FROM "StatusPageCardService" cs CROSS JOIN "StatusPageService" s
    WHERE cs."cardId" IN (${Prisma.join(unique)}) AND s."id" = cs."serviceId" AND s."accountId" = ${ctx.accountId}
    ORDER BY cs."position" ASC, s."id" ASC`,
  );
  return byParent(cardIds, rows);
}

/**
 * The services of each incident, oldest first (the order of incidents/rows.ts). With
 * `shownOnStatusPageId`, only the services that page shows: a visitor of a public page sees the
 * names of that page's services, never those of the account's other services.
 */
export async function servicesOfIncidents(
  ctx: DomainContext,
  incidentIds: readonly string[],
  {
    shownOnStatusPageId,
    columns = null,
  }: { shownOnStatusPageId?: string; columns?: readonly ServiceColumn[] | null } = {},
): Promise<StatusPageService[][]> {
  const unique = [...new Set(incidentIds)];
  if (!unique.length) return incidentIds.map(() => []);
  const onPage = shownOnStatusPageId
    ? Prisma.sql`AND s."id" IN (
        SELECT pcs."serviceId" FROM "StatusPageCardService" pcs JOIN "StatusPageCard" pc ON pc."id" = pcs."cardId"
        WHERE pc."statusPageId" = ${shownOnStatusPageId})`
    : Prisma.empty;
  const rows = await readRows<Linked>(
    ctx,
    Prisma.sql`
    SELECT l."incidentId" AS "parentId", ${serviceColumns(columns)}
    FROM "IncidentService" l CROSS JOIN "StatusPageService" s
    WHERE l."incidentId" IN (${Prisma.join(unique)}) AND s."id" = l."serviceId" AND s."accountId" = ${ctx.accountId} ${onPage}
    ORDER BY s."createdAt" ASC, s."id" ASC`,
  );
  return byParent(incidentIds, rows);
}

import type { Incident } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { readRows } from "../shared/raw-reads.js";
import {
  decodeCursor,
  encodeCursor,
  pageSize,
  withLazyCursors,
  type Page,
  type PageArgs,
} from "../shared/pagination.js";
import { incidentViews, type IncidentView, type ViewColumns } from "./view.js";
import { groupBy } from "../shared/group-by.js";

/**
 * The incidents shown on many status pages in one statement (GraphQL batches).
 */

export type StatusPageIncidentsRequest = { statusPageId: string; args: PageArgs };

/** An incident's columns besides its id and createdAt (its order); a read may ask for some only. */
export type IncidentColumn = "accountId" | "name" | "severity" | "updatedAt";
/** Which columns to read (null: all): the incidents', and their views' (view.ts); the others are undefined. */
export type ShownColumns = ViewColumns & { incidents?: readonly IncidentColumn[] | null };

function incidentColumns(columns: readonly IncidentColumn[] | null, alias: string) {
  const all = ["accountId", "name", "severity", "createdAt", "updatedAt"];
  const wanted = columns ? all.filter((c) => c === "createdAt" || columns.includes(c as IncidentColumn)) : all;
  return Prisma.raw(["id", ...wanted].map((column) => `${alias}"${column}"`).join(", "));
}
type ShownRow = Incident & { statusPageId: string };
/** A page of incident rows, whose cursors are made for their views. */
type Rows = Omit<Page<Incident>, "cursors">;

const newestFirst = (a: Incident, b: Incident) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const cursorOf = (incident: Incident) => encodeCursor([incident.createdAt.getTime(), incident.id]);

/**
 * One keyset page of the incidents each status page shows (those naming a service of one of the
 * page's cards, docs/decisions.md), newest first, forwards or backwards, for many pages at once: one
 * statement per distinct set of page arguments, ranking each page's incidents with ROW_NUMBER so
 * that a page costs at most first+1 rows, not all its history. Cursors are the REST nextId format.
 * The CROSS JOIN keeps SQLite's join order: from the pages' services to their incidents by key,
 * not through every incident of the account.
 */
export async function incidentsOfStatusPages(
  ctx: DomainContext,
  requests: readonly StatusPageIncidentsRequest[],
  options: { shownOnStatusPageId?: string; columns?: ShownColumns } = {},
): Promise<(Page<IncidentView> | Error)[]> {
  const argsOf = (i: number) => requests[i]!.args;
  const groups = groupBy([...requests.keys()], (i) =>
    JSON.stringify([argsOf(i).first, argsOf(i).after, argsOf(i).last, argsOf(i).before].map((v) => v ?? null)),
  );
  const pages: (Rows | Error)[] = new Array(requests.length);
  for (const indexes of groups.values()) {
    try {
      const byPage = await shownIncidents(
        ctx,
        [...new Set(indexes.map((i) => requests[i]!.statusPageId))],
        argsOf(indexes[0]!),
        options.columns?.incidents,
      );
      for (const i of indexes) pages[i] = byPage.get(requests[i]!.statusPageId) ?? byPage.get("")!;
    } catch (error) {
      for (const i of indexes) pages[i] = error as Error;
    }
  }
  const rows = [
    ...new Map(pages.flatMap((page) => (page instanceof Error ? [] : page.nodes)).map((row) => [row.id, row])).values(),
  ];
  const views = new Map((await incidentViews(ctx, rows, options)).map((view) => [view.id, view]));
  return pages.map((page) =>
    page instanceof Error
      ? page
      : withLazyCursors(
          {
            nodes: page.nodes.map((row) => views.get(row.id)!),
            hasNextPage: page.hasNextPage,
            hasPreviousPage: page.hasPreviousPage,
          },
          cursorOf,
        ),
  );
}

/** The pages' keyset pages of incident rows, by page id ("" holds the empty page). */
async function shownIncidents(
  ctx: DomainContext,
  statusPageIds: string[],
  args: PageArgs,
  columns: readonly IncidentColumn[] | null = null,
): Promise<Map<string, Rows>> {
  const { size, backward } = pageSize(args);
  const cursor = backward ? args.before : args.after;
  const from = cursor ? decodeCursor(cursor, ["number", "string"], backward ? "before" : "after") : null;
  const empty: Rows = { nodes: [], hasNextPage: false, hasPreviousPage: false };
  const result = new Map<string, Rows>([["", empty]]);
  if (size === 0 || !statusPageIds.length) return result;
  const [at, id] = from ? [new Date(from[0] as number), from[1] as string] : [null, null];
  const past = backward
    ? Prisma.sql`AND (i."createdAt" > ${at} OR (i."createdAt" = ${at} AND i."id" > ${id}))`
    : Prisma.sql`AND (i."createdAt" < ${at} OR (i."createdAt" = ${at} AND i."id" < ${id}))`;
  const order = Prisma.raw(backward ? "ASC" : "DESC");
  const rows = await readRows<ShownRow>(
    ctx,
    Prisma.sql`
    SELECT ${incidentColumns(columns, "")}, "statusPageId" FROM (
      SELECT ${incidentColumns(columns, "i.")}, m."statusPageId",
        ROW_NUMBER() OVER (PARTITION BY m."statusPageId" ORDER BY i."createdAt" ${order}, i."id" ${order}) AS "rowNumber"
      FROM (
        SELECT DISTINCT c."statusPageId", l."incidentId"
        FROM "StatusPageCard" c
        JOIN "StatusPage" p ON p."id" = c."statusPageId"
        JOIN "StatusPageCardService" cs ON cs."cardId" = c."id"
        JOIN "IncidentService" l ON l."serviceId" = cs."serviceId"
        WHERE c."statusPageId" IN (${Prisma.join(statusPageIds)}) AND p."accountId" = ${ctx.accountId}
      ) m CROSS JOIN "Incident" i
      WHERE i."id" = m."incidentId" AND i."accountId" = ${ctx.accountId} ${from ? past : Prisma.empty}
    ) ranked
    WHERE "rowNumber" <= ${size + 1}`,
  );
  const rowsOf = groupBy(rows, (row) => row.statusPageId);
  for (const statusPageId of statusPageIds) {
    // SQL does not promise the order of the outer rows: each page's rows are put back in order.
    // The rows keep their page's id: incidentViews writes out an incident's own fields.
    const mine = rowsOf.get(statusPageId) ?? [];
    mine.sort(backward ? (a, b) => newestFirst(b, a) : newestFirst);
    const more = mine.length > size;
    const nodes = backward ? mine.slice(0, size).reverse() : mine.slice(0, size);
    result.set(statusPageId, {
      nodes,
      hasNextPage: backward ? from !== null : more,
      hasPreviousPage: backward ? more : from !== null,
    });
  }
  return result;
}

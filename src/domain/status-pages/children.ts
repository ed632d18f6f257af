import type { StatusPageCard } from "../../generated/sqlite/client.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { readRows } from "../shared/raw-reads.js";

/**
 * Batch loaders of what a page holds (GraphQL dataloaders): one query for any number of pages,
 * scoped to `ctx.accountId`, results in the keys' order (an empty list for an unknown page).
 */

function groupBy<T>(keys: readonly string[], rows: readonly T[], keyOf: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key)!);
}

/** The cards of each page, in their order on the page (SQL through the raw reads: raw-reads.ts). */
export async function cardsOfStatusPages(ctx: DomainContext, statusPageIds: readonly string[]) {
  const unique = [...new Set(statusPageIds)];
  const rows = unique.length
    ? await readRows<StatusPageCard>(
        ctx,
        Prisma.sql`SELECT c."id", c."statusPageId", c."name", c."position", c."createdAt", c."updatedAt"
          FROM "StatusPageCard" c JOIN "StatusPage" p ON p."id" = c."statusPageId"
          WHERE c."statusPageId" IN (${Prisma.join(unique)}) AND p."accountId" = ${ctx.accountId}
          ORDER BY c."position" ASC, c."createdAt" ASC, c."id" ASC`,
      )
    : [];
  return groupBy(statusPageIds, rows, (card) => card.statusPageId);
}

/** The keys of each page (the rows hold only the key's hash and its masked form). */
export async function keysOfStatusPages(ctx: DomainContext, statusPageIds: readonly string[]) {
  const rows = await ctx.db.statusPageKey.findMany({
    where: { statusPageId: { in: [...new Set(statusPageIds)] }, statusPage: { accountId: ctx.accountId } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return groupBy(statusPageIds, rows, (key) => key.statusPageId);
}

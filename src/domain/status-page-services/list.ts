import type { DomainContext } from "../context.js";
import { decodeCursor, encodeCursor, newestFirstAfter } from "../pagination.js";
import { parseInput } from "../validation.js";
import { ListServicesQuery } from "./schemas.js";

/** Newest first, keyset on (createdAt, id); `paginated=false` answers every service at once. */
export async function listServices({ ctx, query }: { ctx: DomainContext; query: unknown }) {
  const { limit, nextId, paginated } = parseInput(ListServicesQuery, query, "query");
  const after = nextId === undefined ? null : decodeCursor(nextId, ["number", "string"]);
  const rows = await ctx.db.statusPageService.findMany({
    where: { accountId: ctx.accountId, ...newestFirstAfter("createdAt", after) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...(paginated ? { take: limit + 1 } : {}),
  });
  const entries = paginated ? rows.slice(0, limit) : rows;
  const last = entries.at(-1);
  const more = paginated && rows.length > limit && last !== undefined;
  return { entries, nextId: more ? encodeCursor([last.createdAt.getTime(), last.id]) : null };
}

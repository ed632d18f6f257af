import type { DomainContext } from "../context.js";
import { decodeCursor, encodeCursor, newestFirstAfter } from "../pagination.js";
import { parseInput } from "../validation.js";
import { statusPageInclude, withIncidents } from "./load.js";
import { ListStatusPagesQuery } from "./schemas.js";

/** Newest first, keyset on (created_at, id) behind an opaque nextId. */
export async function listStatusPages({ ctx, query }: { ctx: DomainContext; query: unknown }) {
  const { limit, nextId } = parseInput(ListStatusPagesQuery, query, "query");
  const after = nextId === undefined ? null : decodeCursor(nextId, ["number", "string"]);
  const rows = await ctx.db.statusPage.findMany({
    where: { accountId: ctx.accountId, ...newestFirstAfter("createdAt", after) },
    include: statusPageInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const entries = rows.slice(0, limit);
  const last = entries.at(-1);
  return {
    entries: await withIncidents(ctx.db, ctx.accountId, entries),
    nextId: rows.length > limit && last ? encodeCursor([last.createdAt.getTime(), last.id]) : null,
  };
}

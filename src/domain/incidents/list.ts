import type { DomainContext } from "../context.js";
import { decodeCursor, encodeCursor, newestFirstAfter } from "../pagination.js";
import { parseInput } from "../validation.js";
import { loadIncidents } from "./load.js";
import { ListIncidentsQuery } from "./schemas.js";

/** The latest incidents: newest first, keyset on (created_at, id) behind an opaque nextId. */
export async function listIncidents({ ctx, query }: { ctx: DomainContext; query: unknown }) {
  const { limit, nextId } = parseInput(ListIncidentsQuery, query, "query");
  const after = nextId === undefined ? null : decodeCursor(nextId, ["number", "string"]);
  const rows = await loadIncidents(ctx.db, { accountId: ctx.accountId, ...newestFirstAfter("createdAt", after) }, limit + 1);
  const entries = rows.slice(0, limit);
  const last = entries.at(-1);
  return { entries, nextId: rows.length > limit && last ? encodeCursor([last.createdAt.getTime(), last.id]) : null };
}

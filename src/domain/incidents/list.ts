import type { DomainContext } from "../shared/context.js";
import { nextIdPage } from "../shared/pagination.js";
import { parseInput } from "../shared/validation.js";
import { findIncidentViews } from "./view.js";
import { ListIncidentsQuery } from "./schemas.js";

/** The latest incidents: newest first, keyset on (created_at, id) behind an opaque nextId. */
export async function listIncidents({ ctx, query }: { ctx: DomainContext; query: unknown }) {
  const { limit, nextId } = parseInput(ListIncidentsQuery, query, "query");
  // findIncidentViews orders newest first itself, as the forward page needs.
  return nextIdPage({ limit, nextId }, "createdAt", (where, _orderBy, take) =>
    findIncidentViews(ctx.db, { accountId: ctx.accountId, ...where }, take),
  );
}

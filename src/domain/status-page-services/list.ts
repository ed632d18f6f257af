import type { DomainContext } from "../shared/context.js";
import { decodeCursor, newestFirstAfter, nextIdPage } from "../shared/pagination.js";
import { parseInput } from "../shared/validation.js";
import { ListServicesQuery } from "./schemas.js";

/** Newest first, keyset on (createdAt, id); `paginated=false` answers every service at once. */
export async function listServices({ ctx, query }: { ctx: DomainContext; query: unknown }) {
  const { limit, nextId, paginated } = parseInput(ListServicesQuery, query, "query");
  const where = { accountId: ctx.accountId };
  if (!paginated) {
    const after = nextId === undefined ? null : decodeCursor(nextId, ["number", "string"]);
    return {
      entries: await ctx.db.statusPageService.findMany({
        where: { ...where, ...newestFirstAfter("createdAt", after) },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      }),
      nextId: null,
    };
  }
  return nextIdPage({ limit, nextId }, "createdAt", (keyset, orderBy, take) =>
    ctx.db.statusPageService.findMany({ where: { ...where, ...keyset }, orderBy, take }),
  );
}

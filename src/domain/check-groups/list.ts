import type { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { checkGroupInclude, type CheckGroupRow } from "./rows.js";
import { ListCheckGroupsQuery } from "./schemas.js";

/** Newest first; page/limit, `name` (exact, any of) and `tag` (at least one of) as the reference document. */
export async function listCheckGroups({
  ctx,
  query,
}: {
  ctx: DomainContext;
  query: unknown;
}): Promise<CheckGroupRow[]> {
  const { limit, page, tag, name } = parseInput(ListCheckGroupsQuery, query, "query");
  const where: Prisma.CheckGroupWhereInput = { accountId: ctx.accountId, ...(name ? { name: { in: name } } : {}) };
  if (tag) {
    // JSON-array filters differ between SQLite and PostgreSQL; an account has few groups, so the
    // tag match runs here over ids and tags only, and the database still pages.
    const rows = await ctx.db.checkGroup.findMany({ where, select: { id: true, tags: true } });
    where.id = { in: rows.filter((row) => (row.tags as string[]).some((t) => tag.includes(t))).map((row) => row.id) };
  }
  return ctx.db.checkGroup.findMany({
    where,
    include: checkGroupInclude,
    orderBy: { id: "desc" },
    take: limit,
    skip: (page - 1) * limit,
  });
}

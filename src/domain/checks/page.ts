import type { DomainContext } from "../context.js";
import { keysetPage, type Page, type PageArgs } from "../pagination.js";
import { parseInput } from "../validation.js";
import { matches, sqlFilters } from "./list.js";
import { checkInclude, type CheckRow } from "./rows.js";
import { ListChecksQuery } from "./schemas.js";

/** The filters of GET /v1/checks, as GraphQL arguments: null or omitted means "no filter". */
export type CheckListFilters = {
  checkType?: string | null;
  tag?: string[] | null;
  search?: string | null;
  apiCheckUrlFilterPattern?: string | null;
  status?: string | null;
};

/**
 * A keyset page of the account's checks, newest first (GraphQL `checks`), with the filters of
 * the REST list validated by the same schema. Tags, name and URL have no Prisma filter that works
 * on both SQLite and PostgreSQL (as in list.ts): those are matched on a few columns of the rows
 * past the cursor, then the page's rows are read.
 */
export async function pageChecks({
  ctx,
  args,
  filters = {},
}: {
  ctx: DomainContext;
  args: PageArgs;
  filters?: CheckListFilters;
}): Promise<Page<CheckRow>> {
  const sent = Object.fromEntries(Object.entries(filters).filter(([, value]) => value != null));
  const parsed = parseInput(ListChecksQuery, sent, "query");
  const base = { accountId: ctx.accountId, ...sqlFilters(parsed) };
  const inMemory =
    parsed.tag !== undefined || parsed.search !== undefined || parsed.apiCheckUrlFilterPattern !== undefined;
  return keysetPage(
    args,
    "createdAt",
    async (where, orderBy, take) => {
      if (!inMemory)
        return ctx.db.check.findMany({ where: { ...base, ...where }, orderBy, take, include: checkInclude });
      const candidates = await ctx.db.check.findMany({
        where: { ...base, ...where },
        orderBy,
        select: { id: true, name: true, tags: true, request: true, checkType: true },
      });
      const ids = candidates
        .filter(matches(parsed))
        .slice(0, take)
        .map((check) => check.id);
      const rows = new Map(
        (
          await ctx.db.check.findMany({
            where: { accountId: ctx.accountId, id: { in: ids } },
            include: checkInclude,
          })
        ).map((row) => [row.id, row]),
      );
      return ids.flatMap((id) => rows.get(id) ?? []);
    },
    "string",
  );
}

import type { DomainContext } from "../context.js";
import { isUuid } from "../ids.js";
import { keysetPage, type Page, type PageArgs } from "../pagination.js";
import { parseInput } from "../validation.js";
import { matches } from "./list.js";
import { withSubscriptions, type CheckRow } from "./persist.js";
import { ListChecksQuery } from "./schemas.js";

/** The filters of GET /v1/checks, as GraphQL arguments: null or omitted means "no filter". */
export type CheckListFilters = {
  checkType?: string | null;
  tag?: string[] | null;
  search?: string | null;
  apiCheckUrlFilterPattern?: string | null;
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
  const base = { accountId: ctx.accountId, ...(parsed.checkType ? { checkType: parsed.checkType } : {}) };
  const inMemory =
    parsed.tag !== undefined || parsed.search !== undefined || parsed.apiCheckUrlFilterPattern !== undefined;
  return keysetPage(
    args,
    "createdAt",
    async (where, orderBy, take) => {
      if (!inMemory)
        return ctx.db.check.findMany({ where: { ...base, ...where }, orderBy, take, include: withSubscriptions });
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
            include: withSubscriptions,
          })
        ).map((row) => [row.id, row]),
      );
      return ids.flatMap((id) => rows.get(id) ?? []);
    },
    "string",
  );
}

/**
 * The account's checks with these ids, in the ids' order (null where there is none), in one
 * query. With `checkType`, a check of another type is null too (a global id names one type).
 */
export async function getChecks({
  ctx,
  ids,
  checkType,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
  checkType?: string;
}): Promise<(CheckRow | null)[]> {
  const wanted = ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.check.findMany({
        where: { accountId: ctx.accountId, id: { in: valid }, ...(checkType ? { checkType } : {}) },
        include: withSubscriptions,
      })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

import type { Check } from "../../generated/sqlite/client.js";
import { checkStatusWhere } from "../check-statuses/view.js";
import type { DomainContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import { parseIntId } from "../ids.js";
import { parseInput } from "../validation.js";
import { checkInclude, type CheckRow } from "./rows.js";
import { ListChecksQuery, ListGroupChecksQuery } from "./schemas.js";

type Filters = ReturnType<typeof ListChecksQuery.parse>;
type Candidate = Pick<Check, "id" | "name" | "tags" | "request" | "checkType">;

/** The in-memory part of the list filters (tags, name, API URL), shared with the keyset pages of page.ts. */
export function matches(filters: Filters) {
  const search = filters.search?.toLowerCase();
  const url = filters.apiCheckUrlFilterPattern?.toLowerCase();
  return (check: Candidate) => {
    if (filters.tag && !filters.tag.some((tag) => (check.tags as string[]).includes(tag))) return false;
    if (search !== undefined && !check.name.toLowerCase().includes(search)) return false;
    if (url === undefined) return true;
    const target = (check.request as { url?: unknown } | null)?.url;
    return check.checkType === "API" && typeof target === "string" && target.toLowerCase().includes(url);
  };
}

/** The filters that are Prisma conditions (in SQL): type and status. */
export function sqlFilters(filters: Filters) {
  return { ...(filters.checkType ? { checkType: filters.checkType } : {}), ...checkStatusWhere(filters.status) };
}

/** Newest first, page/limit as the reference; filters by type, status, tags, name and API check URL. */
export async function listChecks({ ctx, query }: { ctx: DomainContext; query?: unknown }): Promise<CheckRow[]> {
  const filters = parseInput(ListChecksQuery, query ?? {}, "query");
  const where = { accountId: ctx.accountId, ...sqlFilters(filters) };
  const orderBy = [{ createdAt: "desc" }, { id: "desc" }] as const;
  const skip = (filters.page - 1) * filters.limit;
  if (!filters.tag && filters.search === undefined && filters.apiCheckUrlFilterPattern === undefined) {
    return ctx.db.check.findMany({
      where,
      orderBy: [...orderBy],
      skip,
      take: filters.limit,
      include: checkInclude,
    });
  }
  // JSON tags and case-insensitive matching have no Prisma filter that works on both SQLite and
  // PostgreSQL: match the account's checks on a few columns here, then read the page's rows.
  const candidates = await ctx.db.check.findMany({
    where,
    orderBy: [...orderBy],
    select: { id: true, name: true, tags: true, request: true, checkType: true },
  });
  const ids = candidates
    .filter(matches(filters))
    .slice(skip, skip + filters.limit)
    .map((check) => check.id);
  const rows = new Map(
    (await ctx.db.check.findMany({ where: { accountId: ctx.accountId, id: { in: ids } }, include: checkInclude })).map(
      (row) => [row.id, row],
    ),
  );
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/**
 * The checks of one of the caller's groups, in run order: groupOrder (unset last), then oldest
 * first. The group is read directly, so this does not depend on the check-group domain.
 */
export async function listGroupChecks({
  ctx,
  id,
  query,
}: {
  ctx: DomainContext;
  id: unknown;
  query?: unknown;
}): Promise<CheckRow[]> {
  const groupId = parseIntId(id);
  const group =
    groupId === null
      ? null
      : await ctx.db.checkGroup.findFirst({ where: { id: groupId, accountId: ctx.accountId }, select: { id: true } });
  if (!group) throw new NotFoundError("check group", String(id));
  const { limit, page } = parseInput(ListGroupChecksQuery, query ?? {}, "query");
  return ctx.db.check.findMany({
    where: { accountId: ctx.accountId, groupId: group.id },
    orderBy: [{ groupOrder: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }],
    skip: (page - 1) * limit,
    take: limit,
    include: checkInclude,
  });
}

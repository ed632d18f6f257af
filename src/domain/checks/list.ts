import { checkStatusWhere } from "../check-statuses/view.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { parseIntId } from "../shared/ids.js";
import { parseInput } from "../shared/validation.js";
import { withGroupSettings } from "./group-settings.js";
import { checkInclude, type CheckRow } from "./rows.js";
import { ListChecksQuery, ListGroupChecksQuery } from "./schemas.js";
import { searchForm } from "./search.js";

type Filters = ReturnType<typeof ListChecksQuery.parse>;

/**
 * Every filter of the list as a Prisma condition, so that only matching rows are read: type and
 * status on their columns, tags on the CheckTag rows (exact, any of them), name and API URL as
 * parts of the lower-cased search columns (search.ts), which makes them case-insensitive on both
 * SQLite and PostgreSQL.
 */
export function sqlFilters(filters: Omit<Filters, "applyGroupSettings">) {
  const search = filters.search === undefined ? undefined : searchForm(filters.search);
  const url = filters.apiCheckUrlFilterPattern === undefined ? undefined : searchForm(filters.apiCheckUrlFilterPattern);
  return {
    ...(filters.checkType ? { checkType: filters.checkType } : {}),
    ...checkStatusWhere(filters.status),
    ...(filters.tag ? { tagRows: { some: { tag: { in: filters.tag } } } } : {}),
    ...(search ? { searchName: { contains: search } } : {}),
    // Only API checks have a URL filter column (and with another checkType, nothing matches).
    ...(url !== undefined ? { searchUrl: { contains: url } } : {}),
  };
}

/** Newest first, page/limit as the reference; filters by type, status, tags, name and API check URL. */
export async function listChecks({ ctx, query }: { ctx: DomainContext; query?: unknown }): Promise<CheckRow[]> {
  const filters = parseInput(ListChecksQuery, query ?? {}, "query");
  const checks = await ctx.db.check.findMany({
    where: { accountId: ctx.accountId, ...sqlFilters(filters) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (filters.page - 1) * filters.limit,
    take: filters.limit,
    include: { ...checkInclude, group: filters.applyGroupSettings },
  });
  return checks.map(({ group, ...check }) => (group ? withGroupSettings(check, group) : check));
}

/**
 * The checks of one of the caller's groups, in run order: groupOrder (unset last), then oldest
 * first, with the group's settings applied (group-settings.ts). The group is read directly, so
 * this does not depend on the check-group domain.
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
    groupId === null ? null : await ctx.db.checkGroup.findFirst({ where: { id: groupId, accountId: ctx.accountId } });
  if (!group) throw new NotFoundError("check group", String(id));
  const { limit, page } = parseInput(ListGroupChecksQuery, query ?? {}, "query");
  const checks = await ctx.db.check.findMany({
    where: { accountId: ctx.accountId, groupId: group.id },
    orderBy: [{ groupOrder: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }],
    skip: (page - 1) * limit,
    take: limit,
    include: checkInclude,
  });
  return checks.map((check) => withGroupSettings(check, group));
}

import type { DomainContext } from "../shared/context.js";
import { keysetPage, type Page, type PageArgs } from "../shared/pagination.js";
import { ValidationError } from "../shared/errors.js";
import { parseIntId } from "../shared/ids.js";
import { parseInput } from "../shared/validation.js";
import { checkIdsAtLocation } from "./at-location.js";
import { sqlFilters } from "./list.js";
import { checkInclude, type CheckRow } from "./rows.js";
import { ListChecksQuery } from "./schemas.js";

/** The filters of GET /v1/checks, as GraphQL arguments: null or omitted means "no filter". */
export type CheckListFilters = {
  checkType?: string | null;
  tag?: string[] | null;
  search?: string | null;
  apiCheckUrlFilterPattern?: string | null;
  status?: string | null;
  /** GraphQL only (the app's filters): paused (false) or running (true) checks. */
  activated?: boolean | null;
  /** GraphQL only: the checks of one group (its database id). */
  groupId?: string | null;
  /** GraphQL only: the checks that run at a data-center location or a private location (slug). */
  location?: string | null;
};

/**
 * A keyset page of the account's checks, newest first (GraphQL `checks`), with the filters of
 * the REST list validated by the same schema and applied in SQL (list.ts).
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
  const { activated, groupId, location, ...rest } = filters;
  const sent = Object.fromEntries(Object.entries(rest).filter(([, value]) => value != null));
  const base = {
    accountId: ctx.accountId,
    ...sqlFilters(parseInput(ListChecksQuery, sent, "query")),
    ...(activated != null ? { activated } : {}),
    ...(groupId != null ? { groupId: groupFilter(groupId) } : {}),
    ...(location != null ? { id: { in: await checkIdsAtLocation(ctx, location) } } : {}),
  };
  return keysetPage(
    args,
    "createdAt",
    (where, orderBy, take) =>
      ctx.db.check.findMany({ where: { ...base, ...where }, orderBy, take, include: checkInclude }),
    "string",
  );
}

/** A group id that is no group's matches nothing; one that is not an id at all is the client's error. */
function groupFilter(id: string): number {
  const parsed = parseIntId(id);
  if (parsed === null) throw new ValidationError("groupId is not a check group's id", ["groupId"], "query");
  return parsed;
}

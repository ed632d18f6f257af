import type { DomainContext } from "../context.js";
import { keysetPage, type Page, type PageArgs } from "../pagination.js";
import { parseInput } from "../validation.js";
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
  const sent = Object.fromEntries(Object.entries(filters).filter(([, value]) => value != null));
  const base = { accountId: ctx.accountId, ...sqlFilters(parseInput(ListChecksQuery, sent, "query")) };
  return keysetPage(
    args,
    "createdAt",
    (where, orderBy, take) =>
      ctx.db.check.findMany({ where: { ...base, ...where }, orderBy, take, include: checkInclude }),
    "string",
  );
}

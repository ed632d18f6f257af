import type { DomainContext } from "../shared/context.js";
import { isUuid } from "../shared/ids.js";
import type { Page, PageArgs } from "../shared/pagination.js";
import { pageResultsOfChecks, type CheckResultFilters } from "./children.js";
import type { CheckResultRow } from "./rows.js";

/** One check's page (GraphQL Query.checkResults); null when the check is not one of the caller's. */
export async function pageCheckResults({
  ctx,
  checkId,
  args,
  filters,
}: {
  ctx: DomainContext;
  checkId: unknown;
  args: PageArgs;
  filters?: CheckResultFilters;
}): Promise<Page<CheckResultRow> | null> {
  if (!isUuid(checkId)) return null;
  const [page] = (await pageResultsOfChecks({ ctx, checkIds: [checkId], args, filters })) as [Page<CheckResultRow>];
  // As in REST, only an empty page needs to tell "no check" from "no results".
  if (page.nodes.length > 0) return page;
  const owned = await ctx.db.check.findFirst({
    where: { id: checkId, accountId: ctx.accountId },
    select: { id: true },
  });
  return owned ? page : null;
}

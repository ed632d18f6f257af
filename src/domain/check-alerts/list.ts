import { ownedCheck } from "../check-results/check.js";
import type { DomainContext } from "../shared/context.js";
import { v1Window } from "../shared/v1-window-schemas.js";
import { parseInput } from "../shared/validation.js";
import type { CheckAlertRow } from "./rows.js";
import { ListCheckAlertsQuery } from "./schemas.js";

/**
 * The account's alerts (or one check's: another account's check is NotFound), newest first,
 * page and limit inside the v1 window of the check results list, which bounds the OFFSET.
 */
export async function listCheckAlerts({
  ctx,
  checkId,
  query,
}: {
  ctx: DomainContext;
  checkId?: unknown;
  query: unknown;
}): Promise<CheckAlertRow[]> {
  const { limit, page, ...window } = parseInput(ListCheckAlertsQuery, query, "query");
  const { from, to } = v1Window(window, ctx.now());
  const check = checkId === undefined ? null : await ownedCheck({ ctx, id: checkId });
  return ctx.db.checkAlert.findMany({
    where: { accountId: ctx.accountId, ...(check ? { checkId: check.id } : {}), createdAt: { gte: from, lt: to } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * limit,
    take: limit,
  });
}

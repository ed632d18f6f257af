import type { DomainContext } from "../shared/context.js";
import type { CheckStatusRow } from "./rows.js";

/** The stored status rows of these checks of the caller's account, in the ids' order, null where none: one query. */
export async function getCheckStatuses({
  ctx,
  checkIds,
}: {
  ctx: DomainContext;
  checkIds: readonly string[];
}): Promise<(CheckStatusRow | null)[]> {
  const wanted = [...new Set(checkIds)];
  const rows = wanted.length
    ? await ctx.db.checkStatus.findMany({ where: { accountId: ctx.accountId, checkId: { in: wanted } } })
    : [];
  const byCheck = new Map(rows.map((row) => [row.checkId, row]));
  return checkIds.map((id) => byCheck.get(id) ?? null);
}

import type { DomainContext } from "../shared/context.js";
import { getMaintenanceWindow } from "../maintenance-windows/get.js";
import { parseInput } from "../shared/validation.js";
import { ListMaintenancesQuery } from "./schemas.js";
import { toView, updatesInclude } from "./view.js";

/** The window's occurrences in time order (past ones kept, the next up to 90 days ahead), page/limit. */
export async function listMaintenances({
  ctx,
  windowId,
  query,
}: {
  ctx: DomainContext;
  windowId: unknown;
  query: unknown;
}) {
  const window = await getMaintenanceWindow({ ctx, id: windowId });
  const { limit, page } = parseInput(ListMaintenancesQuery, query, "query");
  const rows = await ctx.db.maintenance.findMany({
    where: { windowId: window.id, accountId: ctx.accountId },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: limit,
    skip: (page - 1) * limit,
    include: updatesInclude,
  });
  const now = ctx.now();
  return rows.map((row) => toView(row, now));
}

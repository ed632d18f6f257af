import type { DomainContext } from "../shared/context.js";
import { isWindowActive } from "./active.js";
import type { MaintenanceWindowRow } from "./rows.js";

const PAGE = 500;

/**
 * The account's windows with an occurrence running at `at`, oldest first, at most `most`. Only
 * windows that started by then can be running (a moved occurrence never starts before its window),
 * so the scan reads those in id pages and stops once `most` are found; a window's rule decides the
 * rest, as it does for the engine.
 */
export async function ongoingMaintenanceWindows({
  ctx,
  at,
  most,
}: {
  ctx: DomainContext;
  at: Date;
  most: number;
}): Promise<MaintenanceWindowRow[]> {
  const found: MaintenanceWindowRow[] = [];
  let after = 0;
  for (;;) {
    const rows = await ctx.db.maintenanceWindow.findMany({
      where: { accountId: ctx.accountId, startsAt: { lte: at }, id: { gt: after } },
      orderBy: { id: "asc" },
      take: PAGE,
    });
    for (const row of rows) {
      if (isWindowActive(row, at)) found.push(row);
      if (found.length === most) return found;
    }
    if (rows.length < PAGE) return found;
    after = rows[rows.length - 1]!.id;
  }
}

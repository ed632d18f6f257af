import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { ListMaintenanceWindowsQuery } from "./schemas.js";

/** Newest first; page/limit as the reference document (a small, per-account table). */
export async function listMaintenanceWindows({ ctx, query }: { ctx: DomainContext; query: unknown }) {
  const { limit, page } = parseInput(ListMaintenanceWindowsQuery, query, "query");
  return ctx.db.maintenanceWindow.findMany({
    where: { accountId: ctx.accountId },
    orderBy: { id: "desc" },
    take: limit,
    skip: (page - 1) * limit,
  });
}

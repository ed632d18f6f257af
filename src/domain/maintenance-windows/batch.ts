import type { DomainContext } from "../shared/context.js";
import { parseIntId } from "../shared/ids.js";

/** The account's windows with these ids, in the ids' order (null where there is none): one query. */
export async function getMaintenanceWindows({ ctx, ids }: { ctx: DomainContext; ids: readonly unknown[] }) {
  const wanted = ids.map(parseIntId);
  const rows = await ctx.db.maintenanceWindow.findMany({
    where: { accountId: ctx.accountId, id: { in: wanted.filter((id): id is number => id !== null) } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

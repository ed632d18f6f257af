import type { DomainContext } from "../context.js";
import { getMaintenanceWindow } from "./get.js";
import { publishWindowPages } from "./page-events.js";

export async function deleteMaintenanceWindow({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const window = await getMaintenanceWindow({ ctx, id });
  await ctx.db.maintenanceWindow.delete({ where: { id: window.id } });
  publishWindowPages(ctx, [window]);
}

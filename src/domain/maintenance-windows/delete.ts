import type { DomainContext } from "../shared/context.js";
import { getMaintenanceWindow } from "./get.js";
import { publishWindowPages } from "./page-events.js";
import { bumpWindowsRevision } from "./revision.js";

export async function deleteMaintenanceWindow({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const window = await getMaintenanceWindow({ ctx, id });
  await ctx.db.$transaction(async (tx) => {
    await tx.maintenanceWindow.delete({ where: { id: window.id } });
    await bumpWindowsRevision(tx, ctx.accountId);
  });
  publishWindowPages(ctx, [window]);
}

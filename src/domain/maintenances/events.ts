import type { DomainContext } from "../shared/context.js";
import { linkedPageIds, publishWindowPages } from "../maintenance-windows/page-events.js";
import type { MaintenanceWindowRow } from "../maintenance-windows/rows.js";

/**
 * After a write of an occurrence or its updates committed: the linked pages' caches empty (as for
 * a window's write), then their event streams send the occurrence (`event: maintenance`).
 */
export function announceMaintenance(ctx: DomainContext, window: MaintenanceWindowRow, maintenanceId: string) {
  publishWindowPages(ctx, [window]);
  const statusPageIds = linkedPageIds(window);
  if (statusPageIds.length)
    ctx.events.publish({
      type: "maintenanceChanged",
      accountId: ctx.accountId,
      windowId: window.id,
      maintenanceId,
      statusPageIds,
    });
}

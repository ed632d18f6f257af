import { maintenanceOnPage, type PageMaintenanceUpdate } from "../../maintenance-windows/on-status-page.js";
import type { SystemContext } from "../../shared/context.js";
import type { StatusPageRow } from "../rows.js";

/** A maintenance window as a page shows it: upcoming or ongoing, on some of the page's services or all. */
export type PageMaintenance = {
  id: string;
  name: string;
  description: string | null;
  startsAt: Date;
  endsAt: Date;
  state: "upcoming" | "ongoing";
  severity: "MINOR" | "MEDIUM" | "MAJOR" | "CRITICAL" | null;
  serviceIds: string[] | "all";
  /** The occurrence shown (its row), and its updates newest first. */
  maintenanceId: string | null;
  updates: PageMaintenanceUpdate[];
};

/**
 * The upcoming and ongoing maintenance windows the page shows (enabled statusPageVisibility linking
 * them to the page), soonest first, in the window's time zone: the maintenance-windows domain's
 * listing, for the page already read (its account and services), in one statement.
 */
export async function pageMaintenance({
  ctx,
  statusPage,
  serviceIds,
  now,
}: {
  ctx: SystemContext;
  statusPage: Pick<StatusPageRow, "id" | "accountId">;
  serviceIds: ReadonlySet<string>;
  now: Date;
}): Promise<PageMaintenance[]> {
  const windows = await maintenanceOnPage({
    ctx,
    page: { id: statusPage.id, accountId: statusPage.accountId, serviceIds },
    now,
  });
  return windows.map((window) => ({ ...window, id: String(window.id) }));
}

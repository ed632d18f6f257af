import type { SystemContext } from "../../context.js";
import type { StatusPageRow } from "../rows.js";

/** A maintenance window as a page shows it: upcoming or ongoing, on some of the page's services or all. */
export type PageMaintenance = {
  id: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  state: "upcoming" | "ongoing";
  serviceIds: string[] | "all";
};

/** The upcoming and ongoing maintenance windows the page shows (statusPageVisibility), soonest first. */
export async function pageMaintenance(_: {
  ctx: SystemContext;
  statusPage: Pick<StatusPageRow, "id" | "accountId">;
  now: Date;
}): Promise<PageMaintenance[]> {
  // replaced at merge by the maintenance-windows domain's listing
  return [];
}

import type { SystemContext } from "../../shared/context.js";
import { isUuid } from "../../shared/ids.js";
import { pageIncidents, type ShownIncident } from "./data.js";
import type { VisitedPageRow } from "./find.js";

export const HISTORY_PAGE_SIZE = 20;

/** One incident the page shows, or null (unknown, another account's, or on none of the page's services). */
export async function pageIncident({
  ctx,
  page,
  id,
}: {
  ctx: SystemContext;
  page: VisitedPageRow;
  id: string;
}): Promise<ShownIncident | null> {
  if (!isUuid(id)) return null;
  const [incident] = await pageIncidents(ctx, page, { id: id.toLowerCase() });
  return incident ?? null;
}

/**
 * Page `number` (from 1) of the page's resolved incidents, newest first. Incidents are paged by
 * creation among those with a RESOLVED update; one reopened since (its latest update is not
 * RESOLVED) is left out of its page.
 */
export async function pageHistory({ ctx, page, number }: { ctx: SystemContext; page: VisitedPageRow; number: number }) {
  const rows = await pageIncidents(
    ctx,
    page,
    { updates: { some: { status: "RESOLVED" } } },
    { skip: (number - 1) * HISTORY_PAGE_SIZE, take: HISTORY_PAGE_SIZE + 1 },
  );
  return {
    incidents: rows.slice(0, HISTORY_PAGE_SIZE).filter((incident) => !incident.open),
    hasNext: rows.length > HISTORY_PAGE_SIZE,
  };
}

/** The incidents whose updates the feeds list: the newest 50 the page shows. */
export async function feedIncidents({ ctx, page }: { ctx: SystemContext; page: VisitedPageRow }) {
  return pageIncidents(ctx, page, {}, { take: 50 });
}

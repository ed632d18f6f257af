import type { DomainContext } from "../shared/context.js";
import { statusPageIdsOfIncident } from "./shown-on.js";

type Announcement = {
  incidentId: string;
  /** The incident's services now (none once deleted). */
  serviceIds: readonly string[];
  /** Pages that showed the incident before the write (it may have left them). */
  pagesBefore?: readonly string[];
  changed: boolean;
  addedUpdateIds?: readonly string[];
};

/** Publishes after the write committed; events name every page that shows, or showed, the incident. */
export async function announceIncident(
  ctx: DomainContext,
  { incidentId, serviceIds, pagesBefore = [], changed, addedUpdateIds = [] }: Announcement,
) {
  const now = await statusPageIdsOfIncident(ctx.db, ctx.accountId, serviceIds);
  const statusPageIds = [...new Set([...pagesBefore, ...now])].sort();
  const { accountId } = ctx;
  if (changed) ctx.events.publish({ type: "incidentChanged", accountId, incidentId, statusPageIds });
  for (const incidentUpdateId of addedUpdateIds)
    ctx.events.publish({ type: "incidentUpdateAdded", accountId, incidentId, incidentUpdateId, statusPageIds });
}

import type { DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { incidentInclude } from "./rows.js";
import { incidentViews, toIncidentView, type IncidentView } from "./view.js";

/** The incident row of the account with its services; another account's id, or a non-uuid, is NotFound. */
export async function findIncident(db: DbOrTx, accountId: string, id: unknown) {
  const incident = isUuid(id)
    ? await db.incident.findFirst({ where: { id, accountId }, include: { services: { select: { serviceId: true } } } })
    : null;
  if (!incident) throw new NotFoundError("incident", String(id));
  return { ...incident, serviceIds: incident.services.map((link) => link.serviceId) };
}

export async function getIncident({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const row = isUuid(id)
    ? await ctx.db.incident.findFirst({ where: { id, accountId: ctx.accountId }, include: incidentInclude })
    : null;
  if (!row) throw new NotFoundError("incident", String(id));
  return toIncidentView(row);
}

/** One incident of the context's account as a public page shows it: only the services that page shows. */
export async function getIncidentShownOn({
  ctx,
  id,
  statusPageId,
}: {
  ctx: DomainContext;
  id: string;
  statusPageId: string;
}): Promise<IncidentView | null> {
  const rows = await ctx.db.incident.findMany({ where: { id, accountId: ctx.accountId } });
  const [view] = await incidentViews(ctx, rows, { shownOnStatusPageId: statusPageId });
  return view ?? null;
}

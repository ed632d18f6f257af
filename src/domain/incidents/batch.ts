import type { DomainContext } from "../shared/context.js";
import { isUuid } from "../shared/ids.js";
import { incidentViews, type IncidentView } from "./view.js";

const uuids = (ids: readonly unknown[]) => ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));

/** The account's incidents with these ids, in the ids' order (null where there is none). */
export async function getIncidents({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(IncidentView | null)[]> {
  const wanted = uuids(ids);
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.incident.findMany({ where: { accountId: ctx.accountId, id: { in: valid } } })
    : [];
  const byId = new Map((await incidentViews(ctx, rows)).map((view) => [view.id, view]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

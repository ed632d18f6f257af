import type { DomainContext } from "../../shared/context.js";
import { isUuid } from "../../shared/ids.js";
import type { IncidentUpdateRow } from "../rows.js";

const uuids = (ids: readonly unknown[]) => ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));

/** The updates with these ids of the account's incidents, in the ids' order (null where there is none). */
export async function getIncidentUpdates({
  ctx,
  ids,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
}): Promise<(IncidentUpdateRow | null)[]> {
  const wanted = uuids(ids);
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.incidentUpdate.findMany({ where: { id: { in: valid }, incident: { accountId: ctx.accountId } } })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

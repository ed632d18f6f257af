import type { DbOrTx } from "../../../db/client.js";
import type { DomainContext } from "../../shared/context.js";
import { NotFoundError } from "../../shared/errors.js";
import { isUuid } from "../../shared/ids.js";

/** An update of one incident of the account; any other combination of ids is NotFound. */
export async function findIncidentUpdate(db: DbOrTx, accountId: string, incidentId: unknown, id: unknown) {
  const update =
    isUuid(incidentId) && isUuid(id)
      ? await db.incidentUpdate.findFirst({ where: { id, incidentId, incident: { accountId } } })
      : null;
  if (!update) throw new NotFoundError("incident update", String(id));
  return update;
}

export async function getIncidentUpdate({
  ctx,
  incidentId,
  id,
}: {
  ctx: DomainContext;
  incidentId: unknown;
  id: unknown;
}) {
  return findIncidentUpdate(ctx.db, ctx.accountId, incidentId, id);
}

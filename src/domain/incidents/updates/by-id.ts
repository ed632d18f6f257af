import type { DomainContext } from "../../shared/context.js";
import { NotFoundError } from "../../shared/errors.js";
import { isUuid } from "../../shared/ids.js";
import { deleteIncidentUpdate } from "./delete.js";
import { updateIncidentUpdate } from "./update.js";

/**
 * The update verbs addressed by the update's id alone (a GraphQL global id names one update):
 * its incident is looked up in the caller's account, then the REST verbs run unchanged.
 */
async function incidentOfUpdate(ctx: DomainContext, id: unknown): Promise<string> {
  const row = isUuid(id)
    ? await ctx.db.incidentUpdate.findFirst({
        where: { id, incident: { accountId: ctx.accountId } },
        select: { incidentId: true },
      })
    : null;
  if (!row) throw new NotFoundError("incident update", String(id));
  return row.incidentId;
}

export async function updateIncidentUpdateById({
  ctx,
  id,
  input,
}: {
  ctx: DomainContext;
  id: unknown;
  input: unknown;
}) {
  return updateIncidentUpdate({ ctx, incidentId: await incidentOfUpdate(ctx, id), id, input });
}

export async function deleteIncidentUpdateById({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  await deleteIncidentUpdate({ ctx, incidentId: await incidentOfUpdate(ctx, id), id });
}

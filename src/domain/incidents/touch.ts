import type { DbOrTx } from "../../db/client.js";
import { NotFoundError } from "../shared/errors.js";

/**
 * Marks the incident changed (an update was added, edited or removed) inside the writing
 * transaction; scoped by account, so an incident deleted meanwhile is NotFound, not a crash.
 */
export async function touchIncident(tx: DbOrTx, accountId: string, incidentId: string, now: Date) {
  const { count } = await tx.incident.updateMany({ where: { id: incidentId, accountId }, data: { updatedAt: now } });
  if (count === 0) throw new NotFoundError("incident", incidentId);
}

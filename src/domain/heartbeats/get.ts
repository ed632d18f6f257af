import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { getHeartbeatCheck } from "./check.js";

/** One event of one of the caller's heartbeat checks; an event of another check is NotFound. */
export async function getHeartbeatEvent({ ctx, checkId, id }: { ctx: DomainContext; checkId: unknown; id: unknown }) {
  const check = await getHeartbeatCheck({ ctx, checkId });
  const event = isUuid(id)
    ? await ctx.db.heartbeatEvent.findFirst({ where: { id, checkId: check.id, accountId: ctx.accountId } })
    : null;
  if (!event) throw new NotFoundError("heartbeat event", String(id));
  return event;
}

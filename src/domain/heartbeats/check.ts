import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";

/** The HEARTBEAT check of the caller's account; any other check, or an id of the wrong form, is NotFound. */
export async function getHeartbeatCheck({ ctx, checkId }: { ctx: DomainContext; checkId: unknown }) {
  const check = isUuid(checkId)
    ? await ctx.db.check.findFirst({
        where: { id: checkId, accountId: ctx.accountId, checkType: "HEARTBEAT" },
        select: { id: true, heartbeat: true },
      })
    : null;
  if (!check) throw new NotFoundError("heartbeat check", String(checkId));
  return check;
}

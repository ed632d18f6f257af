import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { type CheckStatusView, checkWithStatusSelect, toCheckStatusView } from "./view.js";

/** The status of one of the caller's checks (its defaults if it never ran); another account's: NotFound. */
export async function getCheckStatus({
  ctx,
  checkId,
}: {
  ctx: DomainContext;
  checkId: unknown;
}): Promise<CheckStatusView> {
  const check = isUuid(checkId)
    ? await ctx.db.check.findFirst({ where: { id: checkId, accountId: ctx.accountId }, select: checkWithStatusSelect })
    : null;
  if (!check) throw new NotFoundError("check", String(checkId));
  return toCheckStatusView(check, check.status);
}

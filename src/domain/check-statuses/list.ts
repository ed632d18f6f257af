import type { DomainContext } from "../shared/context.js";
import { type CheckStatusView, checkWithStatusSelect, toCheckStatusView } from "./view.js";

/** Every check of the account with its status (the reference's list has no paging), newest check first. */
export async function listCheckStatuses({ ctx }: { ctx: DomainContext }): Promise<CheckStatusView[]> {
  const checks = await ctx.db.check.findMany({
    where: { accountId: ctx.accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: checkWithStatusSelect,
  });
  return checks.map((check) => toCheckStatusView(check, check.status));
}

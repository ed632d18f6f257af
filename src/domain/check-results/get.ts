import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { ownedCheck } from "./check.js";

/** One result of one of the caller's checks; any mismatch (account, check, id form) is NotFound. */
export async function getCheckResult({ ctx, checkId, id }: { ctx: DomainContext; checkId: unknown; id: unknown }) {
  const check = await ownedCheck({ ctx, id: checkId });
  const result = isUuid(id)
    ? await ctx.db.checkResult.findFirst({ where: { id, checkId: check.id, accountId: ctx.accountId } })
    : null;
  if (!result) throw new NotFoundError("check result", String(id));
  return result;
}

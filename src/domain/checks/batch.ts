import type { DomainContext } from "../shared/context.js";
import { isUuid } from "../shared/ids.js";
import { checkInclude, type CheckRow } from "./rows.js";

/**
 * The account's checks with these ids, in the ids' order (null where there is none), in one
 * query. With `checkType`, a check of another type is null too (a global id names one type).
 */
export async function getChecks({
  ctx,
  ids,
  checkType,
}: {
  ctx: DomainContext;
  ids: readonly unknown[];
  checkType?: string;
}): Promise<(CheckRow | null)[]> {
  const wanted = ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));
  const valid = wanted.filter((id): id is string => id !== null);
  const rows = valid.length
    ? await ctx.db.check.findMany({
        where: { accountId: ctx.accountId, id: { in: valid }, ...(checkType ? { checkType } : {}) },
        include: checkInclude,
      })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

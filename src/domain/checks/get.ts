import type { DomainContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import { isUuid } from "../ids.js";
import { checkInclude, type CheckRow } from "./rows.js";

/** The check of the caller's account; another account's id, or one that is not a uuid, is NotFound. */
export async function getCheck({ ctx, id }: { ctx: DomainContext; id: unknown }): Promise<CheckRow> {
  const check = isUuid(id)
    ? await ctx.db.check.findFirst({ where: { id, accountId: ctx.accountId }, include: checkInclude })
    : null;
  if (!check) throw new NotFoundError("check", String(id));
  return check;
}

import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { parseIntId } from "../shared/ids.js";
import { checkGroupInclude, type CheckGroupRow } from "./rows.js";

/** The group of the caller's account; another account's id, or one of the wrong form, is NotFound. */
export async function getCheckGroup({ ctx, id }: { ctx: DomainContext; id: unknown }): Promise<CheckGroupRow> {
  const groupId = parseIntId(id);
  const group =
    groupId === null
      ? null
      : await ctx.db.checkGroup.findFirst({
          where: { id: groupId, accountId: ctx.accountId },
          include: checkGroupInclude,
        });
  if (!group) throw new NotFoundError("check group", String(id));
  return group;
}

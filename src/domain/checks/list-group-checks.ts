import type { DomainContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import { parseIntId } from "../ids.js";
import { parseInput } from "../validation.js";
import { withSubscriptions, type CheckRow } from "./persist.js";
import { ListGroupChecksQuery } from "./schemas.js";

/**
 * The checks of one of the caller's groups, in run order: groupOrder (unset last), then oldest
 * first. The group is read directly, so this does not depend on the check-group domain.
 */
export async function listGroupChecks({
  ctx,
  id,
  query,
}: {
  ctx: DomainContext;
  id: unknown;
  query?: unknown;
}): Promise<CheckRow[]> {
  const groupId = parseIntId(id);
  const group =
    groupId === null
      ? null
      : await ctx.db.checkGroup.findFirst({ where: { id: groupId, accountId: ctx.accountId }, select: { id: true } });
  if (!group) throw new NotFoundError("check group", String(id));
  const { limit, page } = parseInput(ListGroupChecksQuery, query ?? {}, "query");
  return ctx.db.check.findMany({
    where: { accountId: ctx.accountId, groupId: group.id },
    orderBy: [{ groupOrder: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }],
    skip: (page - 1) * limit,
    take: limit,
    include: withSubscriptions,
  });
}

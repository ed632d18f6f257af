import type { Prisma } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import { parseIntId } from "../ids.js";

/** What every verb returns: the group with its alert channel subscriptions, in the order they were made. */
export const withSubscriptions = {
  alertChannelSubscriptions: { orderBy: { id: "asc" } },
} satisfies Prisma.CheckGroupInclude;
export type CheckGroupWithSubscriptions = Prisma.CheckGroupGetPayload<{ include: typeof withSubscriptions }>;

/** The group of the caller's account; another account's id, or one of the wrong form, is NotFound. */
export async function getCheckGroup({
  ctx,
  id,
}: {
  ctx: DomainContext;
  id: unknown;
}): Promise<CheckGroupWithSubscriptions> {
  const groupId = parseIntId(id);
  const group =
    groupId === null
      ? null
      : await ctx.db.checkGroup.findFirst({
          where: { id: groupId, accountId: ctx.accountId },
          include: withSubscriptions,
        });
  if (!group) throw new NotFoundError("check group", String(id));
  return group;
}

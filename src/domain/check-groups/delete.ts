import type { DomainContext } from "../shared/context.js";
import { ConflictError } from "../shared/errors.js";
import { getCheckGroup } from "./get.js";
import { translatePrismaErrors } from "./prisma-errors.js";

/**
 * The reference document: "You cannot delete a check group if it still contains checks" (409).
 * Its subscriptions go with it (cascade).
 */
export async function deleteCheckGroup({ ctx, id }: { ctx: DomainContext; id: unknown }): Promise<void> {
  const group = await getCheckGroup({ ctx, id });
  await translatePrismaErrors(() =>
    ctx.db.$transaction(async (tx) => {
      const checks = await tx.check.count({ where: { groupId: group.id, accountId: ctx.accountId } });
      if (checks > 0)
        throw new ConflictError(`check group ${group.id} still contains ${checks} check(s); move or delete them first`);
      await tx.checkGroup.delete({ where: { id: group.id } });
    }),
  );
}

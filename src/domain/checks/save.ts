import type { DomainContext } from "../shared/context.js";
import { ConflictError, NotFoundError } from "../shared/errors.js";
import { prismaErrorCode } from "../shared/prisma-errors.js";
import { checkInclude, type CheckRow } from "./rows.js";
import { searchColumns, tagRows, touchesSearch } from "./search.js";

type Subscriptions = { alertChannelId: number; activated: boolean }[] | undefined;

/**
 * One transaction: the check row and, when given, its complete list of alert channel
 * subscriptions. Prisma's unique and missing-row errors become domain errors here.
 */
export async function saveCheck(
  ctx: DomainContext,
  write: { create: Record<string, unknown> } | { update: Record<string, unknown>; id: string },
  subscriptions: Subscriptions,
): Promise<CheckRow> {
  try {
    return await ctx.db.$transaction(async (tx) => {
      const row =
        "create" in write
          ? await tx.check.create({
              data: { ...write.create, ...searchColumns(write.create as never), accountId: ctx.accountId } as never,
            })
          : await tx.check.update({
              where: { id: write.id, accountId: ctx.accountId },
              data: { ...write.update, revision: { increment: 1 } } as never,
            });
      // The list filters' columns follow the shown fields (search.ts).
      if (!("create" in write) && touchesSearch(write.update)) {
        await tx.check.update({ where: { id: row.id }, data: searchColumns(row) });
        await tx.checkTag.deleteMany({ where: { checkId: row.id } });
      }
      if ("create" in write || touchesSearch(write.update)) await tx.checkTag.createMany({ data: tagRows(row) });
      if (subscriptions) {
        await tx.alertChannelSubscription.deleteMany({ where: { checkId: row.id } });
        await tx.alertChannelSubscription.createMany({ data: subscriptions.map((s) => ({ ...s, checkId: row.id })) });
      }
      return tx.check.findUniqueOrThrow({ where: { id: row.id }, include: checkInclude });
    });
  } catch (error) {
    const code = prismaErrorCode(error);
    if (code === "P2002") throw new ConflictError("the check conflicts with an existing one (a unique value is taken)");
    if (code === "P2025" && "id" in write) throw new NotFoundError("check", write.id);
    if (code === "P2003") throw new ConflictError("a group or alert channel the check names was deleted meanwhile");
    throw error;
  }
}

import type { DomainContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import { isUuid, parseIntId } from "../ids.js";
import { toView, updatesInclude } from "./view.js";

/** The occurrence of the caller's window; another account's, another window's, or a malformed id is NotFound. */
export async function findMaintenance(ctx: DomainContext, windowId: unknown, id: unknown) {
  const window = parseIntId(windowId);
  const row =
    window !== null && isUuid(id)
      ? await ctx.db.maintenance.findFirst({
          where: { id, windowId: window, accountId: ctx.accountId },
          include: updatesInclude,
        })
      : null;
  if (!row) throw new NotFoundError("maintenance", String(id));
  return row;
}

export async function getMaintenance({ ctx, windowId, id }: { ctx: DomainContext; windowId: unknown; id: unknown }) {
  return toView(await findMaintenance(ctx, windowId, id), ctx.now());
}

import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { parseIntId } from "../shared/ids.js";

/** The window of the caller's account; another account's id, or one of the wrong form, is NotFound. */
export async function getMaintenanceWindow({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  const windowId = parseIntId(id);
  const window =
    windowId === null
      ? null
      : await ctx.db.maintenanceWindow.findFirst({ where: { id: windowId, accountId: ctx.accountId } });
  if (!window) throw new NotFoundError("maintenance window", String(id));
  return window;
}

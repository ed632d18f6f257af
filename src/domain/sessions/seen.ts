import type { SystemContext } from "../shared/context.js";
import { SESSION_TOUCH_MS } from "./view.js";

/**
 * Sessions used now (a request, or a stream held open: a live view is not idle) have their
 * lastSeenAt moved to now, at most once a minute: only rows seen longer ago are written, so
 * several instances do not each write them.
 */
export async function markSessionsSeen({
  ctx,
  ids,
  now = ctx.now(),
}: {
  ctx: SystemContext;
  ids: string[];
  now?: Date;
}): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db.session.updateMany({
    where: { id: { in: ids }, lastSeenAt: { lt: new Date(now.getTime() - SESSION_TOUCH_MS) } },
    data: { lastSeenAt: now },
  });
}

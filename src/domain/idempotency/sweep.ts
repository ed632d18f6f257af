import type { SystemContext } from "../shared/context.js";
import { IDEMPOTENCY_WINDOW_MS } from "./schemas.js";

/** Deletes every account's keys older than the window (claims also sweep their own account lazily). */
export async function sweepIdempotencyKeys({
  ctx,
  now = ctx.now(),
}: {
  ctx: SystemContext;
  now?: Date;
}): Promise<number> {
  const { count } = await ctx.db.idempotencyKey.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS) } },
  });
  return count;
}

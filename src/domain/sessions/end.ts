import { hashKey } from "../api-keys/keys.js";
import type { SystemContext } from "../shared/context.js";

/**
 * Sign-out: deletes the session the cookie names (none: nothing to do) and tells every instance,
 * which closes the streams it opened. Whether there was a session to end.
 */
export async function endSession({ ctx, token }: { ctx: SystemContext; token: string }): Promise<boolean> {
  const row = await ctx.db.session.findUnique({
    where: { tokenHash: hashKey(token) },
    select: { id: true, accountId: true },
  });
  if (!row) return false;
  const { count } = await ctx.db.session.deleteMany({ where: { id: row.id } });
  ctx.events.publish({ type: "sessionEnded", accountId: row.accountId, sessionId: row.id });
  return count > 0;
}

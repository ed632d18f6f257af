import { hashKey } from "../api-keys/keys.js";
import type { SystemContext } from "../shared/context.js";
import { markSessionsSeen } from "./seen.js";
import { SESSION_TOUCH_MS, sessionIsOver, sessionSelect, toSessionView, type SessionView } from "./view.js";

/** A cookie value is 43 base64url characters; anything else opens nothing and costs no query. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session a cookie names, or null when it names none: unknown, over (idle 12 h or 30 days:
 * then deleted), or opened with a key since revoked. One read per request; lastSeenAt is written
 * at most once a minute (and only over an older value, so several instances do not each write it).
 */
export async function findSession({ ctx, token }: { ctx: SystemContext; token: string }): Promise<SessionView | null> {
  if (!tokenShape.test(token)) return null;
  const row = await ctx.db.session.findUnique({
    where: { tokenHash: hashKey(token) },
    select: { ...sessionSelect, apiKey: { select: { revokedAt: true } } },
  });
  if (!row || row.apiKey.revokedAt) return null;
  const now = ctx.now();
  if (sessionIsOver(row, now)) {
    await ctx.db.session.deleteMany({ where: { id: row.id } });
    return null;
  }
  if (row.lastSeenAt.getTime() >= now.getTime() - SESSION_TOUCH_MS) return toSessionView(row);
  await markSessionsSeen({ ctx, ids: [row.id], now });
  return toSessionView({ ...row, lastSeenAt: now });
}

/** Which of `ids` are still sessions that open their account (the others' streams are closed). */
export async function liveSessionIds({ ctx, ids }: { ctx: SystemContext; ids: string[] }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db.session.findMany({
    where: { id: { in: ids }, apiKey: { revokedAt: null } },
    select: { id: true, lastSeenAt: true, expiresAt: true },
  });
  const now = ctx.now();
  return new Set(rows.filter((row) => !sessionIsOver(row, now)).map((row) => row.id));
}

import type { Db } from "../db/client.js";

/** A key's lastUsedAt is written at most this often (per key and instance), never on every request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Marks a key used: at most once a minute per key, in the background (a failed write only loses a
 * timestamp), and only when the stored one is older, so that several instances do not each write it.
 */
export function createUsageTouch(db: Db) {
  const written = new Map<string, number>();
  return (keyId: string) => {
    const now = Date.now();
    if ((written.get(keyId) ?? 0) > now - TOUCH_EVERY_MS) return;
    if (written.size > 10_000) written.clear();
    written.set(keyId, now);
    const stale = new Date(now - TOUCH_EVERY_MS);
    void db.apiKey
      .updateMany({
        where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] },
        data: { lastUsedAt: new Date(now) },
      })
      .catch(() => undefined);
  };
}

/**
 * Calls `forget` whenever the revocations in the database change (their count or the latest
 * `revokedAt`: a count catches a revocation stamped by a clock behind ours). One aggregate over
 * the `revokedAt` index per tick; a failed look is tried again at the next tick.
 */
export function watchRevocations(db: Db, everyMs: number, forget: () => void): () => void {
  let seen = "";
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      const { _count, _max } = await db.apiKey.aggregate({
        where: { revokedAt: { not: null } },
        _count: { _all: true },
        _max: { revokedAt: true },
      });
      const mark = `${_count._all}:${_max.revokedAt?.getTime() ?? 0}`;
      if (mark !== seen) forget();
      seen = mark;
    } catch {
      // the database is away: the next tick tries again
    } finally {
      busy = false;
    }
  };
  void look();
  const timer = setInterval(look, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

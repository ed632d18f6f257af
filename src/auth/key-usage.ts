import type { Db } from "../db/client.js";

/** A key's lastUsedAt is written at most this often (per key and instance). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Keys' lastUsedAt, collected on requests (no SQL there) and written by the key watch's tick in one
 * statement, at most once a minute per key, and only over an older stored value, so that several
 * instances do not each write it.
 */
export function createKeyUsage(db: Db) {
  const queued = new Map<string, number>();
  const pending = new Set<string>();
  return {
    used(keyId: string) {
      const now = Date.now();
      if ((queued.get(keyId) ?? 0) > now - TOUCH_EVERY_MS) return;
      if (queued.size > 10_000) queued.clear();
      if (pending.size > 10_000) pending.clear();
      queued.set(keyId, now);
      pending.add(keyId);
    },
    async flush() {
      if (pending.size === 0) return;
      const ids = [...pending];
      pending.clear();
      const now = new Date();
      await db.apiKey
        .updateMany({
          where: {
            id: { in: ids },
            OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - TOUCH_EVERY_MS) } }],
          },
          data: { lastUsedAt: now },
        })
        .catch(() => undefined); // only a timestamp is lost
    },
  };
}

/**
 * The key watch: every `everyMs`, writes the keys' lastUsedAt (`flush`), then calls `forget`
 * when the revocations in the database changed (their count or the latest `revokedAt`: the count
 * catches a revocation stamped by a clock behind ours). One aggregate over the `revokedAt` index
 * per tick; a failed look is tried again at the next tick. Returns the stop function.
 */
export function watchKeys(db: Db, everyMs: number, flush: () => Promise<void>, forget: () => void): () => void {
  let seen = "";
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await flush();
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
  void tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

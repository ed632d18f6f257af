import type { SystemContext } from "../domain/shared/context.js";
import { liveSessionIds, markSessionsSeen } from "../domain/sessions/index.js";

type Open = { keyId: string; closers: Set<() => void> };

/**
 * The streams (graphql-ws sockets, SSE responses) this instance holds open for cookie sessions,
 * so that they end with their session: at once when its key is revoked (`apiKeyRevoked`) or it is
 * signed out (`sessionEnded`) on any instance, and at `recheck` (the key watch saw a revocation
 * made elsewhere, e.g. by the CLI; the shared bus came back after missing events; and `watch`'s
 * tick, which also ends streams past their session's 30 days). A session with a stream open is in
 * use: the tick keeps it seen, so that it does not end idle under a live view.
 */
export function createSessionStreams(ctx: SystemContext) {
  const open = new Map<string, Open>();
  const close = (sessionId: string) => {
    const entry = open.get(sessionId);
    if (!entry) return;
    open.delete(sessionId);
    for (const closer of entry.closers) closer();
  };
  ctx.events.subscribe((event) => {
    if (event.type === "sessionEnded") close(event.sessionId);
    if (event.type === "apiKeyRevoked")
      for (const [sessionId, entry] of open) if (entry.keyId === event.keyId) close(sessionId);
  });
  let checking = false;
  const recheck = async ({ seen = false } = {}) => {
    if (checking || open.size === 0) return;
    checking = true;
    try {
      if (seen) await markSessionsSeen({ ctx, ids: [...open.keys()] });
      const live = await liveSessionIds({ ctx, ids: [...open.keys()] });
      for (const sessionId of [...open.keys()]) if (!live.has(sessionId)) close(sessionId);
    } catch {
      // the database is away: the next revocation seen, or the next request, tries again
    } finally {
      checking = false;
    }
  };
  ctx.events.onResume(() => void recheck());

  return {
    /** Keeps `closeStream` until the stream ends (call the returned function) or its session does. */
    track(session: { id: string; apiKeyId: string }, closeStream: () => void): () => void {
      const current = open.get(session.id) ?? { keyId: session.apiKeyId, closers: new Set() };
      open.set(session.id, current);
      current.closers.add(closeStream);
      return () => {
        current.closers.delete(closeStream);
        if (current.closers.size === 0 && open.get(session.id) === current) open.delete(session.id);
      };
    },
    recheck,
    /** Runs `recheck` (streams held count as use) every `everyMs`; returns the stop function. */
    watch(everyMs: number): () => void {
      const timer = setInterval(() => void recheck({ seen: true }), everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    /** How many sessions have streams open here (tests, metrics). */
    size: () => open.size,
  };
}

export type SessionStreams = ReturnType<typeof createSessionStreams>;

import type { Redis } from "ioredis";
import type { Db } from "../db/client.js";
import { ForbiddenError, UnauthorizedError } from "../domain/shared/errors.js";
import { hashKey } from "../domain/api-keys/keys.js";
import type { SystemContext } from "../domain/shared/context.js";
import { findSession, type SessionView } from "../domain/sessions/index.js";
import { createInProcessBus, type EventBus } from "../events/bus.js";
import { TaggedCache } from "../platform/tagged-cache.js";
import { createKeylessLimiter } from "./keyless-limit.js";
import { createRateLimiter } from "./rate-limit.js";
import { createKeyUsage, watchKeys } from "./key-usage.js";
import { createSessionStreams } from "./session-streams.js";

/** Who is calling: carried in every request context, and the scope of every query. */
export type Caller = { accountId: string; keyId: string };

export type Credentials = {
  authorization?: string | undefined;
  serviceAccount?: string | undefined;
  /** The operator app's session cookie (src/auth/session-cookie.ts); a Bearer key wins over it. */
  session?: string | undefined;
};

const bearer = /^Bearer[ ]+([\x21-\x7e]+)[ ]*$/i;
/** Known keys are cached briefly so that a request costs no key lookup; misses are not cached. */
const CACHE_TTL_MS = 10_000;

/**
 * One authenticator for REST, GraphQL (HTTP and WebSocket): Bearer key → account, then the
 * optional x-service-account check, then the per-key rate limit. Requests without a key have their
 * own limit per client address (`limitKeyless`). With `redis`, both limits count across instances.
 * A key revoked anywhere (`apiKeyRevoked` on `events`) leaves the cache at once.
 */
export function createAuthenticator({
  db,
  rateLimitPerMinute,
  keylessRateLimitPerMinute = 0,
  events = createInProcessBus(),
  redis = null,
}: {
  db: Db;
  rateLimitPerMinute: number;
  keylessRateLimitPerMinute?: number;
  events?: EventBus;
  redis?: Redis | null;
}) {
  const limit = createRateLimiter(rateLimitPerMinute, { redis, prefix: "key" });
  const limitKeyless = createKeylessLimiter(keylessRateLimitPerMinute, { redis });
  // Callers by key hash, dropped when their key is revoked (a lookup begun before is not kept).
  const cache = new TaggedCache<Caller>({ max: 10_000 }, CACHE_TTL_MS);
  const sessionCtx: SystemContext = { db, events, now: () => new Date() };
  const sessionStreams = createSessionStreams(sessionCtx);
  const forget = () => {
    cache.clear();
    void sessionStreams.recheck();
  };
  const forgetKey = (keyId: string) => cache.drop((tags) => tags.keyId === keyId);
  // Revocations published while the shared bus was down were missed: every key is looked up again.
  cache.listen(events, ["apiKeyRevoked"], () => void sessionStreams.recheck());
  const usage = createKeyUsage(db);

  async function lookup(key: string): Promise<Caller | null> {
    const keyHash = hashKey(key);
    const hit = cache.get(keyHash);
    if (hit) return hit;
    const started = cache.current;
    const row = await db.apiKey.findUnique({
      where: { keyHash },
      select: { id: true, accountId: true, revokedAt: true },
    });
    if (!row || row.revokedAt) return null;
    const caller = { accountId: row.accountId, keyId: row.id };
    cache.setIf(started, keyHash, { keyId: row.id }, caller);
    return caller;
  }

  return {
    /** Throws UnauthorizedError (401), ForbiddenError (403) or RateLimitedError (429). */
    async authenticate(
      { authorization, serviceAccount }: Credentials,
      options: { countRequest?: boolean } = {},
    ): Promise<Caller> {
      if (!authorization) throw new UnauthorizedError("missing Authorization header: expected 'Bearer <API key>'");
      const key = bearer.exec(authorization)?.[1];
      if (!key) throw new UnauthorizedError("malformed Authorization header: expected 'Bearer <API key>'");
      const caller = await lookup(key);
      if (!caller) throw new UnauthorizedError("invalid API key");
      if (serviceAccount !== undefined && serviceAccount !== caller.accountId) {
        throw new ForbiddenError("x-service-account does not name the account of this API key");
      }
      if (options.countRequest !== false) await limit(caller.keyId);
      usage.used(caller.keyId);
      return caller;
    },
    /**
     * The caller of a session cookie, counted against its key's rate limit, or null when the
     * cookie opens nothing (unknown, over, its key revoked). Sessions are read from the database
     * on each request (no cache to outlive a sign-out); see src/domain/sessions/find.ts.
     */
    async authenticateSession(token: string): Promise<{ caller: Caller; session: SessionView } | null> {
      const session = await findSession({ ctx: sessionCtx, token });
      if (!session) return null;
      const caller = { accountId: session.accountId, keyId: session.apiKeyId };
      await limit(caller.keyId);
      usage.used(caller.keyId);
      return { caller, session };
    },
    /** The streams open for sessions: they close when their session ends (session-streams.ts). */
    sessionStreams,
    /** Counts a request without a key against its client address; throws RateLimitedError (429). */
    limitKeyless,
    /** Forget cached keys (after a key is revoked on this instance). */
    forget,
    /** Forget one key (its id): what `apiKeyRevoked` does. */
    forgetKey,
    /**
     * Starts the key watch (key-usage.ts): every `everyMs` the keys' lastUsedAt are written and
     * revocations made anywhere (another instance, the CLI in its own process) clear the cache;
     * every 10 × `everyMs` the sessions' streams are looked at (session-streams.ts). Returns the stop function.
     */
    watch: (everyMs = 1_000) => {
      const stopKeys = watchKeys(db, everyMs, usage.flush, forget);
      // Sessions' streams are looked at less often: their ends are hours apart, revocations come as events.
      const stopSessions = sessionStreams.watch(everyMs * 10);
      return () => {
        stopKeys();
        stopSessions();
      };
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

import type { Redis } from "ioredis";
import type { Db } from "../db/client.js";
import { ForbiddenError, UnauthorizedError } from "../domain/errors.js";
import { hashKey } from "../domain/accounts/keys.js";
import type { EventBus } from "../events/bus.js";
import { createKeylessLimiter } from "./keyless-limit.js";
import { createRateLimiter } from "./rate-limit.js";
import { createUsageTouch, watchRevocations } from "./key-usage.js";

/** Who is calling: carried in every request context, and the scope of every query. */
export type Caller = { accountId: string; keyId: string };

export type Credentials = { authorization?: string | undefined; serviceAccount?: string | undefined };

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
  events,
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
  const cache = new Map<string, { caller: Caller; until: number }>();
  /** Bumped by each revocation or clear: a lookup begun before one does not cache its answer. */
  let revocations = 0;
  const forget = () => {
    revocations++;
    cache.clear();
  };
  const forgetKey = (keyId: string) => {
    revocations++;
    for (const [hash, entry] of cache) if (entry.caller.keyId === keyId) cache.delete(hash);
  };
  events?.subscribe((event) => {
    if (event.type === "apiKeyRevoked") forgetKey(event.keyId);
  });
  // Revocations published while the shared bus was down were missed: every key is looked up again.
  events?.onResume(forget);
  const touched = createUsageTouch(db);

  async function lookup(key: string): Promise<Caller | null> {
    const keyHash = hashKey(key);
    const hit = cache.get(keyHash);
    if (hit && hit.until > Date.now()) return hit.caller;
    const before = revocations;
    const row = await db.apiKey.findUnique({
      where: { keyHash },
      select: { id: true, accountId: true, revokedAt: true },
    });
    if (!row || row.revokedAt) return null;
    const caller = { accountId: row.accountId, keyId: row.id };
    if (cache.size > 10_000) cache.clear();
    if (before === revocations) cache.set(keyHash, { caller, until: Date.now() + CACHE_TTL_MS });
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
      touched(caller.keyId);
      return caller;
    },
    /** Counts a request without a key against its client address; throws RateLimitedError (429). */
    limitKeyless,
    /** Forget cached keys (after a key is revoked on this instance). */
    forget,
    /** Forget one key (its id): what `apiKeyRevoked` does. */
    forgetKey,
    /**
     * Watches revocations made anywhere (another instance, the CLI in its own process): every
     * `everyMs` one indexed look at how many keys are revoked and the latest `revokedAt`; when
     * either moved, the cache is forgotten. Returns the stop function.
     */
    watchRevocations: (everyMs = 1_000) => watchRevocations(db, everyMs, forget),
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;

import type { Authenticator } from "./auth/authenticate.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { AssetsContext } from "./domain/assets/store.js";
import type { DomainContext, SystemContext } from "./domain/shared/context.js";
import type { EventBus } from "./events/bus.js";
import type { Logger } from "./logger.js";
import type { RateLimiter } from "./auth/rate-limit.js";
import type { Metrics } from "./metrics/metrics.js";
import { txtLookup } from "./net/dns-txt.js";

/** What the running service holds once, shared by every adapter (REST, GraphQL, engine). */
export type AppContext = {
  config: Config;
  database: Database;
  auth: Authenticator;
  events: EventBus;
  logger: Logger;
  /** Check results' files: the store under ARTIFACTS_DIR, the per-run cap, and the signed links' clock. */
  assets: AssetsContext & { now: () => Date };
  /** Prometheus collectors (src/metrics): adapters and the engine record through this object. */
  metrics: Metrics;
  /** Per-account limits of costly verbs, counted in Redis (across instances) when REDIS_URL is set. */
  limits: { channelTests: RateLimiter };
  /** Aborted when a graceful stop begins: long waits (session completion, streams) end at once. */
  shutdown: AbortSignal;
};

/** The `ctx` of a domain verb called on behalf of an account. */
export function domainContext(app: AppContext, accountId: string): DomainContext {
  return {
    db: app.database.prisma,
    accountId,
    read: app.database.read,
    readJson: app.database.readJson,
    events: app.events,
    now: () => new Date(),
    publicUrl: app.config.publicUrl,
    lookupTxt: txtLookup(app.config.dnsServers),
  };
}

/** The `ctx` of a domain function working across accounts (the engine's scheduler and sweeps). */
export function systemContext(app: AppContext): SystemContext {
  return {
    db: app.database.prisma,
    read: app.database.read,
    events: app.events,
    now: () => new Date(),
    publicUrl: app.config.publicUrl,
    lookupTxt: txtLookup(app.config.dnsServers),
  };
}

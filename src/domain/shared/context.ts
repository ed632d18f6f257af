import type { Db } from "../../db/client.js";
import type { JsonRead, RawRead } from "../../db/sqlite-reads.js";
import type { EventBus } from "../../events/bus.js";
import type { TxtLookup } from "../../net/dns-txt.js";

/**
 * What every domain verb receives as `ctx`: the caller's account (every query filters by it), the
 * database or a transaction, the event bus, and the clock (injectable in tests).
 */
export type DomainContext = {
  db: Db;
  accountId: string;
  events: EventBus;
  now: () => Date;
  /** The service's public URL (config PUBLIC_URL): links in alert notifications point into its API. */
  publicUrl?: string;
  /**
   * The hot lists' raw reads outside any transaction (src/db/sqlite-reads.ts); without it they
   * go through `db.$queryRaw`.
   */
  read?: RawRead;
  /** The same reads as JSON text (src/db/sqlite-reads.ts's JsonRead): SQLite only. */
  readJson?: JsonRead | undefined;
  /** DNS TXT lookups (custom domains' verification); without it a domain is looked up by the sweep only. */
  lookupTxt?: TxtLookup;
};

/**
 * What a domain function working across accounts receives as `ctx` (the engine's scheduler and
 * sweeps, the run queue, agents before they are known): a DomainContext without an account, so
 * each query names the account of the rows it touches.
 */
export type SystemContext = Omit<DomainContext, "accountId">;

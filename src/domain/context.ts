import type { Db } from "../db/client.js";
import type { EventBus } from "../events/bus.js";

/**
 * What every domain verb receives as `ctx`: the caller's account (every query filters by it), the
 * database or a transaction, the event bus, and the clock (injectable in tests).
 */
export type DomainContext = {
  db: Db;
  accountId: string;
  events: EventBus;
  now: () => Date;
};

import type { EventBus } from "../../../events/bus.js";
import { PAGE_EVENTS, TaggedCache } from "../../../platform/tagged-cache.js";

type Scope = { accountId: string; statusPageId: string };

/**
 * The key-less GraphQL reads of a public page (its row by url, its cards, their services, its
 * incidents), remembered per page and read, and dropped on the events that change what they
 * show (src/platform/tagged-cache.ts: incident writes and page writes name the page, a check
 * status change names the account). Entries live at most a minute. One cache per event bus (so
 * per running service); the invalidation comes through the bus, so a bus shared by instances
 * clears every instance.
 */
export class PublicReadCache {
  private readonly entries = new TaggedCache<{ value: unknown }>({ max: 50_000 }, 60_000);
  private readonly pages = new TaggedCache<{ id: string; accountId: string }>({ max: 10_000 }, 60_000);

  constructor(events: EventBus) {
    this.entries.listen(events, PAGE_EVENTS);
    this.pages.listen(events, PAGE_EVENTS);
  }

  /** The public page at `url` (null: none, not remembered). */
  async page<P extends { id: string; accountId: string }>(
    url: string,
    load: () => Promise<P | null>,
  ): Promise<P | null> {
    return this.pages.load(url.trim().toLowerCase(), () => ({ addresses: true }), load) as Promise<P | null>;
  }

  /** A batch read of the page's `name`: remembered answers for known keys, `load` for the rest (errors are not kept). */
  async many<K, V>(
    scope: Scope,
    name: string,
    keys: readonly K[],
    load: (missing: readonly K[]) => Promise<(V | Error)[]>,
  ): Promise<(V | Error)[]> {
    const keyOf = (key: K) => `${scope.statusPageId}|${name}|${JSON.stringify(key)}`;
    const values: (V | Error | undefined)[] = keys.map((key) => this.entries.get(keyOf(key))?.value as V | undefined);
    const missing = keys.filter((_, i) => values[i] === undefined);
    if (missing.length) {
      const generation = this.entries.current;
      const loaded = await load(missing);
      const tags = { pages: [{ id: scope.statusPageId, accountId: scope.accountId }] };
      let next = 0;
      for (const [i, value] of values.entries()) {
        if (value !== undefined) continue;
        const fresh = loaded[next++]!;
        values[i] = fresh;
        if (!(fresh instanceof Error)) this.entries.setIf(generation, keyOf(keys[i]!), tags, { value: fresh });
      }
    }
    return values as (V | Error)[];
  }
}

const caches = new WeakMap<EventBus, PublicReadCache>();

/** The cache of the service whose bus this is. */
export function publicReadCache(events: EventBus): PublicReadCache {
  const cache = caches.get(events) ?? new PublicReadCache(events);
  caches.set(events, cache);
  return cache;
}

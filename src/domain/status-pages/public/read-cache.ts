import { LRUCache } from "lru-cache";
import type { EventBus, VigilEvent } from "../../../events/bus.js";

type Scope = { accountId: string; statusPageId: string };
type Entry = { pageId: string; accountId: string; value: unknown };

/**
 * The key-less GraphQL reads of a public page (its row by url, its cards, their services, its
 * incidents), remembered per page and read, and dropped on the events that change what they
 * show: incident writes and page writes name the page, a check status change names the account.
 * Entries live at most a minute. One cache per event bus (so per running service); the
 * invalidation comes through the bus, so a bus shared by instances clears every instance.
 */
export class PublicReadCache {
  private readonly entries = new LRUCache<string, Entry>({ max: 50_000, ttl: 60_000 });
  private readonly pages = new LRUCache<string, { id: string; accountId: string } & object>({
    max: 10_000,
    ttl: 60_000,
  });
  private generation = 0;

  constructor(events: EventBus) {
    events.subscribe((event) => this.onEvent(event));
    // Invalidations published while the shared bus was away were missed: everything goes.
    events.onResume(() => {
      this.drop(() => true);
      this.pages.clear();
    });
  }

  private onEvent(event: VigilEvent): void {
    if (event.type === "incidentChanged" || event.type === "incidentUpdateAdded")
      this.drop((e) => event.statusPageIds.includes(e.pageId));
    else if (event.type === "statusPageChanged") {
      this.drop((e) => event.statusPageIds.includes(e.pageId));
      this.pages.clear();
    } else if (event.type === "checkStatusChanged") this.drop((e) => e.accountId === event.accountId);
  }

  private drop(gone: (entry: Entry) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries.entries()) if (gone(entry)) this.entries.delete(key);
  }

  /** The public page at `url` (null: none, not remembered). */
  async page<P extends { id: string; accountId: string }>(
    url: string,
    load: () => Promise<P | null>,
  ): Promise<P | null> {
    const key = url.trim().toLowerCase();
    const hit = this.pages.get(key) as P | undefined;
    if (hit) return hit;
    const generation = this.generation;
    const row = await load();
    if (row && generation === this.generation) this.pages.set(key, row);
    return row;
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
      const generation = this.generation;
      const loaded = await load(missing);
      let next = 0;
      for (const [i, value] of values.entries()) {
        if (value !== undefined) continue;
        const fresh = loaded[next++]!;
        values[i] = fresh;
        if (!(fresh instanceof Error) && generation === this.generation)
          this.entries.set(keyOf(keys[i]!), { pageId: scope.statusPageId, accountId: scope.accountId, value: fresh });
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

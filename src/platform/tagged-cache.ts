import { LRUCache } from "lru-cache";
import type { EventBus, VigilEvent } from "../events/bus.js";

/**
 * What a remembered value shows, so that the events changing it drop it (`stale`). A value may
 * carry several tags; one that matches its event is enough.
 */
export type CacheTags = {
  /** The status pages whose data it shows, with their accounts: dropped when one of them changes. */
  pages?: readonly { id: string; accountId: string }[];
  /** The account whose data it may show anywhere: dropped on any incident, page or check status event of it. */
  account?: string;
  /** The API key it stands for: dropped when the key is revoked. */
  keyId?: string;
  /** It depends on every page's address (a page found by url or domain, or none found): dropped on any page write. */
  addresses?: true;
};

/** The events that make a cache's values stale (`stale` answers for these only). */
export type InvalidatingEvent = Extract<
  VigilEvent,
  { type: "incidentChanged" | "incidentUpdateAdded" | "statusPageChanged" | "checkStatusChanged" | "apiKeyRevoked" }
>;
type InvalidatingType = InvalidatingEvent["type"];

/** What visitors and readers of pages see moves with incidents, page writes and check statuses. */
export const PAGE_EVENTS: readonly InvalidatingType[] = [
  "incidentChanged",
  "incidentUpdateAdded",
  "statusPageChanged",
  "checkStatusChanged",
];

const onPages = (tags: CacheTags, ids: readonly string[]) => tags.pages?.some((p) => ids.includes(p.id)) === true;

/**
 * The one rule of every event-invalidated cache: whether `event` changes what a value with these
 * tags shows. An incident changes the pages it is on and its account's data; a page write also
 * every lookup by address (a url or a domain may now be another page's); a check status, the
 * pages of its account (their services' states) and the account's data; a revocation, its key.
 */
export function stale(event: InvalidatingEvent, tags: CacheTags): boolean {
  switch (event.type) {
    case "incidentChanged":
    case "incidentUpdateAdded":
      return tags.account === event.accountId || onPages(tags, event.statusPageIds);
    case "statusPageChanged":
      return tags.addresses === true || tags.account === event.accountId || onPages(tags, event.statusPageIds);
    case "checkStatusChanged":
      return tags.account === event.accountId || tags.pages?.some((p) => p.accountId === event.accountId) === true;
    case "apiKeyRevoked":
      return tags.keyId === event.keyId;
  }
}

type Entry<V> = { tags: CacheTags; value: V };

/** By count of entries, or by a size of each entry (bytes, or whatever `sizeOf` counts). */
export type CacheBound<V> = { max: number } | { maxSize: number; sizeOf: (value: V, key: string) => number };

/**
 * Values remembered by key with their tags, for at most `ttl` ms, bounded in entries or in size.
 * Generation-safe: every invalidation bumps a generation, and a value loaded from before it is not
 * stored (it may show what the invalidation was about); one load per key at a time (50 visitors
 * of a cold page cause one render). `listen` drops the values an event makes stale (`stale`), and
 * every value when a shared bus resumes (the invalidations published meanwhile were missed).
 */
export class TaggedCache<V extends {}> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly loading = new Map<string, Promise<V | null>>();
  private generation = 0;

  constructor(bound: CacheBound<V>, ttl: number) {
    this.entries =
      "max" in bound
        ? new LRUCache({ max: bound.max, ttl })
        : new LRUCache({
            maxSize: bound.maxSize,
            sizeCalculation: (e, key) => Math.max(1, bound.sizeOf(e.value, key)),
            ttl,
          });
  }

  /** Drops what the events of `types` make stale, and everything when the bus resumes. Returns the stop function. */
  listen(events: EventBus, types: readonly InvalidatingType[], onResume?: () => void): () => void {
    const wanted = new Set<string>(types);
    const unsubscribe = events.subscribe((event) => {
      if (wanted.has(event.type)) this.invalidate(event as InvalidatingEvent);
    });
    const stopResume = events.onResume(() => {
      this.clear();
      onResume?.();
    });
    return () => {
      unsubscribe();
      stopResume();
    };
  }

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** The generation a load begins at: pass it to `setIf`. */
  get current(): number {
    return this.generation;
  }

  /** Stores `value` unless an invalidation came since `generation` (when its load began). */
  setIf(generation: number, key: string, tags: CacheTags, value: V): void {
    if (generation === this.generation) this.entries.set(key, { tags, value });
  }

  /**
   * The value of `key`: remembered, or loaded once however many ask meanwhile, then remembered
   * with its tags. A load that yields null is answered but not remembered.
   */
  load(key: string, tagsOf: (value: V) => CacheTags, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.entries.get(key);
    if (hit) return Promise.resolve(hit.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        if (value !== null) this.setIf(generation, key, tagsOf(value), value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  invalidate(event: InvalidatingEvent): void {
    this.drop((tags) => stale(event, tags));
  }

  /** Drops the values whose tags match; loads under way read before: later callers do not join them. */
  drop(matches: (tags: CacheTags) => boolean): void {
    this.generation++;
    this.loading.clear();
    for (const [key, entry] of this.entries.entries()) if (matches(entry.tags)) this.entries.delete(key);
  }

  clear(): void {
    this.drop(() => true);
  }

  /** The values kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}

import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { PageData, VisitedPageRow } from "../../domain/status-pages/public/index.js";
import type { EventBus, VigilEvent } from "../../events/bus.js";

/** A rendered answer: its bytes, its strong ETag, and the headers that go with it. */
export type CachedBody = { body: string; etag: string; contentType: string; csp?: string };
/** What is kept: the body's bytes too, so a hit sends them without encoding the text again. */
export type StoredBody = CachedBody & { bytes: Buffer; gzip?: Buffer };

export function strongEtag(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

type Tagged<T> = { pageId: string; accountId: string; value: T };

/**
 * What visitors are answered from: the page rows by address, each page's data, and rendered
 * bodies per (page, address, route, query). Bounded in bytes; entries live at most a minute
 * (bars and uptime move with the clock) and leave at once on the events that change what they
 * show: incident writes, status page writes, a check status change in the page's account. The
 * invalidation comes through the event bus, so a bus shared by instances clears every instance.
 */
export class StatusPageCache {
  /** By address; `false` remembers that no page is there (until a page write). */
  private readonly pages = new LRUCache<string, VisitedPageRow | false>({ max: 10_000, ttl: 60_000 });
  private readonly data = new LRUCache<string, Tagged<PageData>>({ max: 1_000, ttl: 60_000 });
  private readonly bodies: LRUCache<string, Tagged<StoredBody>>;
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Bumped by every invalidation: a load that began before one is not stored. */
  private generation = 0;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.bodies = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.value.body.length * 2 + entry.value.bytes.length),
      ttl: 60_000,
    });
  }

  listen(events: EventBus): () => void {
    const unsubscribe = events.subscribe((event) => this.onEvent(event));
    // Invalidations published while the shared bus was away were missed: nothing kept can be trusted.
    const stopResume = events.onResume(() => this.clear());
    return () => {
      unsubscribe();
      stopResume();
    };
  }

  onEvent(event: VigilEvent): void {
    if (event.type === "incidentChanged" || event.type === "incidentUpdateAdded")
      this.invalidatePages(event.statusPageIds);
    else if (event.type === "statusPageChanged") {
      this.invalidatePages(event.statusPageIds);
      // A page's url, domain, privacy or cards may have changed: its address may now be another page's.
      this.pages.clear();
    } else if (event.type === "checkStatusChanged") this.invalidateAccount(event.accountId);
  }

  /** Loads under way read before the change: later callers must not join them. */
  private bump(): void {
    this.generation++;
    this.loading.clear();
  }

  invalidatePages(ids: readonly string[]): void {
    if (!ids.length) return;
    this.bump();
    const gone = new Set(ids);
    for (const cache of [this.data, this.bodies] as LRUCache<string, Tagged<unknown>>[])
      for (const [key, entry] of cache.entries()) if (gone.has(entry.pageId)) cache.delete(key);
    for (const [key, row] of this.pages.entries()) if (row && gone.has(row.id)) this.pages.delete(key);
  }

  invalidateAccount(accountId: string): void {
    this.bump();
    for (const cache of [this.data, this.bodies] as LRUCache<string, Tagged<unknown>>[])
      for (const [key, entry] of cache.entries()) if (entry.accountId === accountId) cache.delete(key);
  }

  clear(): void {
    this.bump();
    this.pages.clear();
    this.data.clear();
    this.bodies.clear();
  }

  /**
   * The page at an address (null: none). An address with no page is remembered too (any Host may
   * ask for /), until the next page write, which may put a page there.
   */
  page(address: string, load: () => Promise<VisitedPageRow | null>): Promise<VisitedPageRow | null> {
    const hit = this.pages.get(address);
    if (hit !== undefined) return Promise.resolve(hit || null);
    return this.once(`page:${address}`, async (generation) => {
      const row = await load();
      if (generation === this.generation) this.pages.set(address, row ?? false);
      return row;
    });
  }

  pageData(page: VisitedPageRow, load: () => Promise<PageData>): Promise<PageData> {
    const hit = this.data.get(page.id);
    if (hit) return Promise.resolve(hit.value);
    return this.once(`data:${page.id}`, async (generation) => {
      const value = await load();
      if (generation === this.generation) this.data.set(page.id, { pageId: page.id, accountId: page.accountId, value });
      return value;
    });
  }

  /** `render` returns null for "not found": not cached. */
  body(
    page: VisitedPageRow,
    key: string,
    render: () => Promise<Omit<CachedBody, "etag"> | null>,
  ): Promise<StoredBody | null> {
    const fullKey = `${page.id}|${key}`;
    const hit = this.bodies.get(fullKey);
    if (hit) return Promise.resolve(hit.value);
    return this.once(`body:${fullKey}`, async (generation) => {
      const rendered = await render();
      if (!rendered) return null;
      const value = { ...rendered, etag: strongEtag(rendered.body), bytes: Buffer.from(rendered.body) };
      if (generation === this.generation)
        this.bodies.set(fullKey, { pageId: page.id, accountId: page.accountId, value });
      return value;
    });
  }

  /** Concurrent misses of one key share one load (50 visitors of a cold page cause one render). */
  private once<T>(key: string, load: (generation: number) => Promise<T>): Promise<T> {
    const pending = this.loading.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const promise: Promise<T> = load(this.generation).finally(() => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    });
    this.loading.set(key, promise);
    return promise;
  }
}

import { createHash } from "node:crypto";
import type { PageData, VisitedPageRow } from "../../domain/status-pages/public/index.js";
import type { EventBus } from "../../events/bus.js";
import { PAGE_EVENTS, TaggedCache } from "../../platform/tagged-cache.js";

/** A rendered answer: its bytes, its strong ETag, and the headers that go with it. */
export type CachedBody = { body: string; etag: string; contentType: string; csp?: string };
/** What is kept: the body's bytes too, so a hit sends them without encoding the text again. */
export type StoredBody = CachedBody & { bytes: Buffer; gzip?: Buffer };

export function strongEtag(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * What visitors are answered from: the page rows by address, each page's data, and rendered
 * bodies per (page, address, route, query). Bounded in bytes; entries live at most a minute
 * (bars and uptime move with the clock) and leave at once on the events that change what they
 * show (src/platform/tagged-cache.ts: incident writes, status page writes, a check status change
 * in the page's account). The invalidation comes through the event bus, so a bus shared by
 * instances clears every instance.
 */
export class StatusPageCache {
  /** By address; `false` remembers that no page is there (until a page write). */
  private readonly pages = new TaggedCache<VisitedPageRow | false>({ max: 10_000 }, 60_000);
  private readonly data = new TaggedCache<PageData>({ max: 1_000 }, 60_000);
  private readonly bodies: TaggedCache<StoredBody>;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.bodies = new TaggedCache<StoredBody>(
      { maxSize: maxBytes, sizeOf: (value) => value.body.length * 2 + value.bytes.length },
      60_000,
    );
  }

  listen(events: EventBus): () => void {
    const stops = [this.pages, this.data, this.bodies].map((cache) => cache.listen(events, PAGE_EVENTS));
    return () => {
      for (const stop of stops) stop();
    };
  }

  /**
   * The page at an address (null: none). An address with no page is remembered too (any Host may
   * ask for /), until the next page write, which may put a page there.
   */
  async page(address: string, load: () => Promise<VisitedPageRow | null>): Promise<VisitedPageRow | null> {
    const row = await this.pages.load(
      `page:${address}`,
      () => ({ addresses: true }),
      async () => (await load()) ?? false,
    );
    return row || null;
  }

  pageData(page: VisitedPageRow, load: () => Promise<PageData>): Promise<PageData> {
    return this.data.load(page.id, () => ({ pages: [page] }), load) as Promise<PageData>;
  }

  /** `render` returns null for "not found": not cached. */
  body(
    page: VisitedPageRow,
    key: string,
    render: () => Promise<Omit<CachedBody, "etag"> | null>,
  ): Promise<StoredBody | null> {
    return this.bodies.load(
      `${page.id}|${key}`,
      () => ({ pages: [page] }),
      async () => {
        const rendered = await render();
        return rendered && { ...rendered, etag: strongEtag(rendered.body), bytes: Buffer.from(rendered.body) };
      },
    );
  }
}

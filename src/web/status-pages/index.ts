import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.js";
import { systemContext } from "../../app-context.js";
import { findVisitedPage, loadPageData } from "../../domain/status-pages/public/index.js";
import { StatusPageCache } from "./cache.js";
import { PageStreams } from "./events.js";
import { registerStatusPageRoutes } from "./routes.js";

/**
 * Status pages on the web (docs/decisions.md): the rendered pages, feeds, summary.json and event
 * streams under /status/{url} and on each page's custom domain, answered from a cache the event
 * bus invalidates.
 */
export function statusPagesModule(app: FastifyInstance, context: AppContext): void {
  const ctx = systemContext(context);
  const cache = new StatusPageCache();
  const stopListening = cache.listen(context.events);
  const streams = new PageStreams(
    ctx,
    context.events,
    (page) => findVisitedPage({ ctx, address: { url: page.url } }).then((row) => (row?.id === page.id ? row : null)),
    async (page) => (await cache.pageData(page, () => loadPageData({ ctx, page, now: new Date() }))).state,
  );
  const close = () => {
    stopListening();
    streams.close();
  };
  context.shutdown.addEventListener("abort", close, { once: true });
  app.addHook("onClose", async () => close());
  registerStatusPageRoutes(app, context, { cache, streams });
}

import type { SystemContext } from "../../domain/shared/context.js";
import {
  feedIncidents,
  pageHistory,
  pageIncident,
  toSummary,
  type PageData,
  type VisitedPageRow,
} from "../../domain/status-pages/public/index.js";
import type { CachedBody } from "./cache.js";
import { atomFeed, rssFeed } from "./feeds.js";
import type { Links } from "./links.js";
import { historyPageHtml, incidentPageHtml, statusPageHtml } from "./pages.js";

/** What a visitor can ask a page for (`events` is a stream, never rendered). */
export type PageRoute =
  | { name: "home" }
  | { name: "incident"; incidentId: string }
  | { name: "history"; page: number }
  | { name: "rss" }
  | { name: "atom" }
  | { name: "summary" };

export const HTML = "text/html; charset=utf-8";

type Rendering = Omit<CachedBody, "etag"> | null;

/** Renders one route of a page from the domain's reads; null when what it names is not on the page. */
export async function renderRoute({
  ctx,
  page,
  route,
  links,
  data,
}: {
  ctx: SystemContext;
  page: VisitedPageRow;
  route: PageRoute;
  links: Links;
  data: () => Promise<PageData>;
}): Promise<Rendering> {
  switch (route.name) {
    case "home": {
      const { body, csp } = statusPageHtml(await data(), links);
      return { body, csp, contentType: HTML };
    }
    case "incident": {
      const incident = await pageIncident({ ctx, page, id: route.incidentId });
      if (!incident) return null;
      const { body, csp } = incidentPageHtml((await data()).page, incident, links);
      return { body, csp, contentType: HTML };
    }
    case "history": {
      const history = await pageHistory({ ctx, page, number: route.page });
      const { body, csp } = historyPageHtml((await data()).page, { ...history, number: route.page }, links);
      return { body, csp, contentType: HTML };
    }
    case "rss":
      return {
        body: rssFeed((await data()).page, await feedIncidents({ ctx, page }), links),
        contentType: "application/rss+xml; charset=utf-8",
      };
    case "atom":
      return {
        body: atomFeed((await data()).page, await feedIncidents({ ctx, page }), links),
        contentType: "application/atom+xml; charset=utf-8",
      };
    case "summary": {
      const summary = toSummary(await data(), links.absolute(links.home), (id) => links.absolute(links.incident(id)));
      return { body: JSON.stringify(summary), contentType: "application/json; charset=utf-8" };
    }
  }
}

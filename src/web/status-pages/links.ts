/**
 * Where a page's parts are for the visitor: under /status/{url} on this service, or at the root
 * of the page's custom domain. `origin` makes them absolute (feeds, summary.json).
 */
export type Links = {
  origin: string;
  home: string;
  incident: (id: string) => string;
  history: (page?: number) => string;
  rss: string;
  atom: string;
  summary: string;
  events: string;
  absolute: (path: string) => string;
};

export function pageLinks(origin: string, base: string): Links {
  return {
    origin,
    home: base || "/",
    incident: (id) => `${base}/incidents/${encodeURIComponent(id)}`,
    history: (page = 1) => (page === 1 ? `${base}/history` : `${base}/history?page=${page}`),
    rss: `${base}/feed.rss`,
    atom: `${base}/feed.atom`,
    summary: `${base}/summary.json`,
    events: `${base}/events`,
    absolute: (path) => `${origin}${path}`,
  };
}

/** The script every page loads (served by this module, so the CSP allows 'self' scripts only). */
export const LIVE_SCRIPT_PATH = "/status/assets/live.js";

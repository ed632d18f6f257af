import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.js";
import { systemContext } from "../../app-context.js";
import { findVisitedPage, loadPageData, type VisitedPageRow } from "../../domain/status-pages/public/index.js";
import { errorBody } from "../../http/errors.js";
import type { Recheck } from "../private-access.js";
import { authorizeVisitor } from "./authorize.js";
import type { StatusPageCache, StoredBody } from "./cache.js";
import type { PageStreams } from "./events.js";
import { LIVE_SCRIPT_PATH, pageLinks } from "./links.js";
import { LIVE_SCRIPT } from "./live.js";
import { badRequestHtml, notFoundHtml } from "./pages.js";
import { HTML, renderRoute, type PageRoute } from "./render.js";

type Target = PageRoute | { name: "events" };
type Where = { address: { url: string } | { customDomain: string } };

/** The paths a page answers under /status/{url}, and at the root of its custom domain. */
const PATHS: readonly [string, (request: FastifyRequest) => Target | string][] = [
  ["", () => ({ name: "home" })],
  ["/incidents/:incidentId", (request) => ({ name: "incident", incidentId: param(request, "incidentId") })],
  ["/history", historyRoute],
  ["/feed.rss", () => ({ name: "rss" })],
  ["/feed.atom", () => ({ name: "atom" })],
  ["/summary.json", () => ({ name: "summary" })],
  ["/events", () => ({ name: "events" })],
];

/** The routes a custom domain's Host is served at (any other Host gets the app's usual 404 there). */
export const CUSTOM_DOMAIN_PATHS = PATHS.map(([path]) => path || "/");

const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name] ?? "";

/** `?page=N`, from 1; anything else is the visitor's mistake (a 400, never a 500). */
function historyRoute(request: FastifyRequest): Target | string {
  const raw = (request.query as Record<string, unknown>).page;
  if (raw === undefined) return { name: "history", page: 1 };
  const page = typeof raw === "string" && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
  return page >= 1 ? { name: "history", page } : "page must be a whole number from 1";
}

export function registerStatusPageRoutes(
  app: FastifyInstance,
  context: AppContext,
  { cache, streams }: { cache: StatusPageCache; streams: PageStreams },
): void {
  const ctx = systemContext(context);
  const pageAt = (where: Where) => {
    const key =
      "url" in where.address ? `url:${where.address.url.toLowerCase()}` : `host:${where.address.customDomain}`;
    return cache.page(key, () => findVisitedPage({ ctx, address: where.address }));
  };

  app.get(LIVE_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header("content-type", "text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(LIVE_SCRIPT),
  );

  async function serve(request: FastifyRequest, reply: FastifyReply, where: Where, target: Target | string) {
    const page = await pageAt(where);
    const isJson = typeof target === "object" && target.name === "summary";
    if (!page) return refuse(reply, 404, isJson, "status page not found", notFoundHtml());
    // The gate runs before any cached body is read: a refused visitor has had its reply sent.
    const access = await authorizeVisitor({ ctx, page, request, reply });
    if (!access.allowed) return reply;
    if (typeof target === "string") return refuse(reply, 400, false, target, badRequestHtml(target));
    // Under /status/{url} as the page's own slug (the path's spelling may differ in case).
    const base = "url" in where.address ? `/status/${page.url}` : "";
    const links = pageLinks(`${request.protocol}://${request.host}`, base);
    if (target.name === "events") return openStream(reply, page, links, access.recheck);
    const query = target.name === "history" ? String(target.page) : target.name === "incident" ? target.incidentId : "";
    const found = await cache.body(page, `${links.origin}${base}|${target.name}|${query}`, () =>
      renderRoute({
        ctx,
        page,
        route: target,
        links,
        data: () => cache.pageData(page, () => loadPageData({ ctx, page, now: new Date() })),
      }),
    );
    if (!found)
      return refuse(reply, 404, false, "incident not found", notFoundHtml("This incident is not on this page."));
    const encoded = gzipped(request, found);
    const etag = encoded ? `${found.etag.slice(0, -1)}-gzip"` : found.etag;
    reply
      .header("etag", etag)
      .header("vary", "accept-encoding")
      .header("cache-control", access.private ? "private, no-store" : "public, max-age=0, must-revalidate")
      .header("x-content-type-options", "nosniff");
    if (found.csp) reply.header("content-security-policy", found.csp);
    if (matches(request.headers["if-none-match"], etag)) return reply.status(304).send();
    if (encoded) reply.header("content-encoding", "gzip");
    return reply.header("content-type", found.contentType).send(encoded ?? found.bytes);
  }

  function openStream(
    reply: FastifyReply,
    page: VisitedPageRow,
    links: ReturnType<typeof pageLinks>,
    recheck: Recheck,
  ) {
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-store",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    response.write("retry: 3000\n\n");
    response.once("close", context.metrics.subscriptionOpened("status_page"));
    streams.add(page, response, links, recheck);
  }

  for (const [path, target] of PATHS) {
    app.get(`/status/:url${path}`, (request, reply) =>
      serve(request, reply, { address: { url: param(request, "url") } }, target(request)),
    );
    app.get(path || "/", async (request, reply) => {
      const host = request.hostname.toLowerCase();
      // Only a Host that is some page's custom domain is a page here; any other goes on to the
      // not-found handler: the operator app's `/` and client routes (src/web/operator-app.ts), else a 404.
      if (!(await pageAt({ address: { customDomain: host } }))) return reply.callNotFound();
      return serve(request, reply, { address: { customDomain: host } }, target(request));
    });
  }
}

/** The gzip bytes of a body (made on the first request that accepts them, then kept with it), or null. */
function gzipped(request: FastifyRequest, found: StoredBody): Buffer | null {
  const accepted = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  if (!accepted || found.bytes.length < 1024) return null;
  found.gzip ??= gzipSync(found.bytes);
  return found.gzip;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function refuse(reply: FastifyReply, status: number, json: boolean, message: string, page: string) {
  reply.header("cache-control", "no-store");
  if (json) return reply.status(status).send(errorBody(status, message));
  return reply.status(status).header("content-type", HTML).send(page);
}

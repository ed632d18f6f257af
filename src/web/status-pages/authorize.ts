import type { FastifyReply, FastifyRequest } from "fastify";
import type { VisitedPageRow } from "../../domain/status-pages/public/index.js";
import { privatePageHtml } from "./pages.js";

export type VisitorAccess =
  | { allowed: true; private: boolean }
  | { allowed: false; status: 401; html: string; message: string };

/**
 * The one place every public path (page, incident, history, feeds, summary.json, events) decides
 * whether this visitor sees this page. A public page: yes. A private page: refused for now; the
 * key form, `?key=` and the page's HttpOnly cookie (status-page keys) are checked here once they
 * land (`reply` can set the page's cookie), and the caller answers `private` pages with
 * `Cache-Control: private, no-store`.
 */
export async function authorizeVisitor({
  page,
}: {
  page: VisitedPageRow;
  request: FastifyRequest;
  reply: FastifyReply;
}): Promise<VisitorAccess> {
  if (!page.isPrivate) return { allowed: true, private: false };
  return { allowed: false, status: 401, html: privatePageHtml(), message: "this status page is private" };
}

// Visitor access to private status pages (docs/decisions.md, "Private pages"): the functions the
// page, feed, summary.json and SSE routes call before answering. A public page always passes.
import type { FastifyReply, FastifyRequest } from "fastify";
import { documentPolicy } from "./csp.js";
import { cookieValue } from "../auth/session-cookie.js";
import type { AppContext } from "../app-context.js";
import { accessTokenFor, keyOpensPage, tokenOpensPage, type GatedPage } from "../domain/status-page-keys/index.js";
import { errorBody } from "../http/errors.js";
import { keyFormHtml } from "./private-access-form.js";

/** The cookie holding a visitor's access token (never the key itself); its Path scopes it to one page. */
export const ACCESS_COOKIE = "vigil_sp_access";

/** What the key gate needs from the app, decorated on the server by private-access-routes.ts. */
export type KeyGateContext = Pick<AppContext, "database"> & { now: () => Date };

declare module "fastify" {
  interface FastifyInstance {
    statusPageAccess: KeyGateContext;
  }
}

/** Paths a machine reads (feeds, summary.json, the SSE stream): refused with a JSON 401, never the form. */
const DATA_PATH = /\/(feed\.rss|feed\.atom|summary\.json|events)$/;

const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "/";
const hostOf = (request: FastifyRequest) => (request.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();

/**
 * Where the page lives for this request: `/status/{url}`, or "" on the page's custom domain
 * (where the page is `/`). Cookies are scoped to it and the form posts to `{base}/access`.
 */
export function basePathOf(request: FastifyRequest, page: GatedPage): string {
  const base = `/status/${page.url}`;
  const path = pathOf(request);
  if (path === base || path.startsWith(`${base}/`)) return base;
  return page.customDomain && hostOf(request) === page.customDomain ? "" : base;
}

const isHttps = (request: FastifyRequest) =>
  request.protocol === "https" || request.headers["x-forwarded-proto"] === "https";

/** Sets the visitor's access cookie for the page: HttpOnly, SameSite=Lax, Secure over https, Path the page. */
export function setAccessCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  page: GatedPage,
  { token, maxAgeSeconds }: { token: string; maxAgeSeconds: number },
) {
  const path = basePathOf(request, page) || "/";
  const secure = isHttps(request) ? "; Secure" : "";
  reply.header(
    "set-cookie",
    `${ACCESS_COOKIE}=${token}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** The 401 key form, posting to the page's access route and returning to `next`. */
export function sendKeyForm(
  request: FastifyRequest,
  reply: FastifyReply,
  page: GatedPage,
  { next, wrongKey }: { next: string; wrongKey: boolean },
) {
  const action = `${basePathOf(request, page)}/access`;
  const document = keyFormHtml({ action, next, wrongKey }).value;
  return reply
    .status(401)
    .header("cache-control", "no-store")
    .header("content-security-policy", documentPolicy(document))
    .type("text/html; charset=utf-8")
    .send(document);
}

/** The request's URL without `key` in its query (where a visitor is sent once the key is in a cookie). */
function withoutKey(request: FastifyRequest): string {
  const url = new URL(request.url, "http://visitor.invalid");
  url.searchParams.delete("key");
  return url.pathname + url.search;
}

function refuseData(reply: FastifyReply, wrongKey: boolean) {
  const message = wrongKey
    ? "this key does not open this status page"
    : "this status page is private: add ?key=<status page key>";
  return reply.status(401).header("cache-control", "no-store").send(errorBody(401, message));
}

/**
 * The credential a request came with (its `?key=`, else its cookie; "" for none), and whether it
 * still opens a page: checked again later, for an open event stream.
 */
export type Recheck = { credential: string; opens: (page: GatedPage) => Promise<boolean> };

/**
 * The credential of an allowed request, to check again later: an event stream opened with a key
 * or cookie stays open while that key is not revoked and the token has not expired.
 */
export function visitorRecheck(request: FastifyRequest): Recheck {
  const query = (request.query as Record<string, unknown> | undefined)?.key;
  const key = typeof query === "string" && query !== "" ? query : null;
  const cookie = cookieValue(request.headers, ACCESS_COOKIE) ?? null;
  const opens = async (page: GatedPage) => {
    if (!page.isPrivate) return true;
    const access = request.server.statusPageAccess;
    const db = access.database.prisma;
    if (key) return keyOpensPage({ db, statusPageId: page.id, key });
    return cookie ? tokenOpensPage({ db, statusPageId: page.id, token: cookie, now: access.now() }) : false;
  };
  return { credential: key ? `key:${key}` : cookie ? `cookie:${cookie}` : "", opens };
}

/**
 * Whether the visitor may see `page`. "ok": go on (a public page, or a valid `?key=` or cookie).
 * "refused": a reply has been sent and the caller must send nothing else: the 401 key form, the
 * 401 JSON error of a feed, summary.json or SSE stream, or, for a page opened with a valid `?key=`,
 * the 303 redirect to the same URL without the key, which sets the cookie. `kind` defaults from
 * the path ("data" for feed.rss, feed.atom, summary.json, events); `next` is where the key form
 * returns to (default: this URL without its key).
 */
export async function authorizeVisitor(
  request: FastifyRequest,
  reply: FastifyReply,
  page: GatedPage,
  {
    kind = DATA_PATH.test(pathOf(request)) ? "data" : "page",
    next = withoutKey(request),
  }: { kind?: "page" | "data"; next?: string } = {},
): Promise<"ok" | "refused"> {
  if (!page.isPrivate) return "ok";
  const access = request.server.statusPageAccess;
  const db = access.database.prisma;
  reply.header("cache-control", "private, no-store");
  const key = (request.query as Record<string, unknown> | undefined)?.key;
  if (typeof key === "string" && key !== "") {
    if (kind === "data") {
      if (await keyOpensPage({ db, statusPageId: page.id, key })) return "ok";
      refuseData(reply, true);
      return "refused";
    }
    const token = await accessTokenFor({ db, statusPageId: page.id, key, now: access.now() });
    if (token) {
      setAccessCookie(request, reply, page, token);
      reply.redirect(withoutKey(request), 303);
    } else sendKeyForm(request, reply, page, { next, wrongKey: true });
    return "refused";
  }
  const cookie = cookieValue(request.headers, ACCESS_COOKIE);
  if (cookie && (await tokenOpensPage({ db, statusPageId: page.id, token: cookie, now: access.now() }))) return "ok";
  if (kind === "data") refuseData(reply, false);
  else sendKeyForm(request, reply, page, { next, wrongKey: false });
  return "refused";
}

// The key form's target: POST /status/{url}/access (and /access on a page's custom domain) checks
// the key, sets the page's access cookie and sends the visitor back to the page (303).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../app-context.js";
import { accessTokenFor, findGatedPage, type GatedPage } from "../domain/status-page-keys/index.js";
import { errorBody } from "../http/errors.js";
import { basePathOf, sendKeyForm, setAccessCookie } from "./private-access.js";

/** A form post is small: a key and a path. */
const FORM_LIMIT = 8 * 1024;

const unsafe = (c: string) => c <= " " || c === "\x7f" || c === "\\";

/**
 * Only a path of this page (never another site, nor another page): no open redirect. Browsers
 * drop tabs and line breaks from a Location (`/<TAB>/evil.example` is `//evil.example`), so any
 * control character, space or backslash refuses it, and it must resolve to this service's origin.
 */
function safeNext(next: unknown, base: string): string {
  const home = base || "/";
  if (typeof next !== "string" || !next.startsWith("/") || [...next].some(unsafe)) return home;
  const self = "http://vigil.invalid";
  if (!URL.canParse(next, self)) return home;
  const parsed = new URL(next, self);
  if (parsed.origin !== self) return home;
  const path = parsed.pathname + parsed.search; // dot segments resolved, as the browser will
  if (base === "") return path;
  return path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`) ? path : home;
}

async function access(request: FastifyRequest, reply: FastifyReply, page: GatedPage | null, context: AppContext) {
  if (!page) return reply.status(404).send(errorBody(404, "no such status page"));
  const body = (request.body ?? {}) as Record<string, unknown>;
  const next = safeNext(body.next, basePathOf(request, page));
  if (!page.isPrivate) return reply.redirect(next, 303);
  const key = typeof body.key === "string" ? body.key.trim() : "";
  const token = key
    ? await accessTokenFor({ db: context.database.prisma, statusPageId: page.id, key, now: new Date() })
    : null;
  if (!token) return sendKeyForm(request, reply, page, { next, wrongKey: true });
  setAccessCookie(request, reply, page, token);
  return reply.header("cache-control", "no-store").redirect(next, 303);
}

export async function privateAccessRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.decorate("statusPageAccess", { database: context.database, now: () => new Date() });
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const db = context.database.prisma;
    scope.post<{ Params: { url: string } }>("/status/:url/access", async (request, reply) =>
      access(request, reply, await findGatedPage({ db, url: request.params.url }), context),
    );
    // On a page's custom domain the page is at `/`, so its form posts to `/access`.
    scope.post("/access", async (request, reply) => {
      const host = (request.headers.host ?? "").replace(/:\d+$/, "");
      return access(request, reply, await findGatedPage({ db, customDomain: host }), context);
    });
  });
}

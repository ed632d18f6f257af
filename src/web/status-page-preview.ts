import type { FastifyInstance, FastifyRequest } from "fastify";
import { systemContext, type AppContext } from "../app-context.js";
import { cookieValue, SESSION_COOKIE } from "../auth/session-cookie.js";
import type { SystemContext } from "../domain/shared/context.js";
import { findSession } from "../domain/sessions/index.js";

const NOT_FRAMED = "frame-ancestors 'none'";

const isPreview = (request: FastifyRequest) =>
  request.routeOptions.url === "/status/:url" && Object.hasOwn(request.query as object, "preview");

/** The account of the app's signed-in person asking `/status/{url}?preview`; null for any other request. */
async function previewAccount(ctx: SystemContext, request: FastifyRequest): Promise<string | null> {
  const token = cookieValue(request.headers, SESSION_COOKIE);
  if (!isPreview(request) || !token) return null;
  return (await findSession({ ctx, token }))?.accountId ?? null;
}

/**
 * Whether this request is the app's preview of a page of `accountId` by a person signed in to that
 * account: the editor's frame shows a private page to its owner without one of its keys.
 */
export async function isOwnerPreview(ctx: SystemContext, request: FastifyRequest, accountId: string) {
  return (await previewAccount(ctx, request)) === accountId;
}

/**
 * The app shows a status page being edited in a frame: `/status/{url}?preview`, opened by a
 * signed-in owner (a cookie session of the page's account), may be framed by our own origin.
 * Every other answer of a status page keeps `frame-ancestors 'none'`. The cookie only widens
 * framing here and opens the owner's own private page in it (authorize.ts); nothing else outside /graphql.
 */
export function registerStatusPagePreview(app: FastifyInstance, context: AppContext) {
  const ctx = systemContext(context);
  app.addHook("onSend", async (request, reply, payload) => {
    if (!isPreview(request)) return payload;
    const csp = reply.getHeader("content-security-policy");
    if (typeof csp !== "string" || !csp.includes(NOT_FRAMED)) return payload;
    const accountId = await previewAccount(ctx, request);
    if (!accountId) return payload;
    const url = String((request.params as { url?: string }).url ?? "").toLowerCase();
    const owned = await ctx.db.statusPage.count({ where: { url, accountId } });
    if (owned === 0) return payload;
    reply
      .header("content-security-policy", csp.replace(NOT_FRAMED, "frame-ancestors 'self'"))
      .header("cache-control", "private, no-store");
    return payload;
  });
}

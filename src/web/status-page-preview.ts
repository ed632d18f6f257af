import type { FastifyInstance } from "fastify";
import { systemContext, type AppContext } from "../app-context.js";
import { cookieValue, SESSION_COOKIE } from "../auth/session-cookie.js";
import { findSession } from "../domain/sessions/index.js";

const NOT_FRAMED = "frame-ancestors 'none'";

/**
 * The app shows a status page being edited in a frame: `/status/{url}?preview`, opened by a
 * signed-in owner (a cookie session of the page's account), may be framed by our own origin.
 * Every other answer of a status page keeps `frame-ancestors 'none'`. The cookie only widens
 * framing here (a foreign site still cannot frame the page); it opens nothing else outside /graphql.
 */
export function registerStatusPagePreview(app: FastifyInstance, context: AppContext) {
  const ctx = systemContext(context);
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.routeOptions.url !== "/status/:url" || !Object.hasOwn(request.query as object, "preview"))
      return payload;
    const csp = reply.getHeader("content-security-policy");
    const token = cookieValue(request.headers, SESSION_COOKIE);
    if (typeof csp !== "string" || !csp.includes(NOT_FRAMED) || !token) return payload;
    const session = await findSession({ ctx, token });
    if (!session) return payload;
    const url = String((request.params as { url?: string }).url ?? "").toLowerCase();
    const owned = await ctx.db.statusPage.count({ where: { url, accountId: session.accountId } });
    if (owned === 0) return payload;
    reply
      .header("content-security-policy", csp.replace(NOT_FRAMED, "frame-ancestors 'self'"))
      .header("cache-control", "private, no-store");
    return payload;
  });
}

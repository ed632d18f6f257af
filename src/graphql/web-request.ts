import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../app-context.js";
import { crossSiteRefusal, ownOrigin } from "../auth/same-origin.js";
import { cookieValue, SESSION_COOKIE, sessionCookieHeader } from "../auth/session-cookie.js";
import type { WebRequest } from "./context.js";

/** The origin a cookie request must come from (same-origin.ts), for a request through Fastify. */
export function requestOwnOrigin(app: AppContext, req: FastifyRequest): string | null {
  return ownOrigin({
    headers: req.headers,
    encrypted: req.protocol === "https",
    trustProxy: app.config.trustProxy,
    publicOrigin: app.config.publicOrigin,
  });
}

/** The cookie side of one HTTP request to /graphql. */
export function webRequest(app: AppContext, req: FastifyRequest, reply: FastifyReply): WebRequest {
  const secure = app.config.publicOrigin ? app.config.publicOrigin.startsWith("https:") : req.protocol === "https";
  return {
    crossSite: crossSiteRefusal(req.headers, requestOwnOrigin(app, req)),
    cookie: cookieValue(req.headers, SESSION_COOKIE),
    setSessionCookie: (token) => void reply.header("set-cookie", sessionCookieHeader(token, { secure })),
  };
}

/**
 * An SSE answer opened with a session ends with the session (its key revoked, signed out). A
 * stream of graphql-sse's single connection mode runs no operation when it opens (so `web.session`
 * is unset): its cookie is looked up here.
 */
export async function trackEventStream(app: AppContext, web: WebRequest, req: FastifyRequest, reply: FastifyReply) {
  let session = web.session;
  if (!session && web.cookie && !req.headers.authorization && !web.crossSite)
    session = (await app.auth.authenticateSession(web.cookie).catch(() => null))?.session;
  if (!session) return;
  const untrack = app.auth.sessionStreams.track(session, () => reply.raw.destroy());
  reply.raw.once("close", untrack);
}

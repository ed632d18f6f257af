import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { AppContext } from "../app-context.js";
import { crossSiteRefusal, foreignOrigin, ownOrigin } from "../auth/same-origin.js";
import { cookieValue, SESSION_COOKIE, sessionCookieHeader } from "../auth/session-cookie.js";
import type { SessionView } from "../domain/sessions/index.js";
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

/**
 * The cookie side of one HTTP request to /graphql, read before yoga runs (so also for requests
 * that build no context: graphql-sse's stream reservations, GraphiQL's files). The key-less hook
 * left cookie requests to this: one that opens a session counts against its key, any other
 * (nothing opened, or a cross-site request, refused later) against the client's address.
 */
export async function openWebRequest(app: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<WebRequest> {
  const publicOrigin = app.config.publicOrigin;
  const secure = publicOrigin ? publicOrigin.startsWith("https:") : req.protocol === "https";
  const web: WebRequest = {
    crossSite: crossSiteRefusal(req.headers, requestOwnOrigin(app, req)),
    cookie: cookieValue(req.headers, SESSION_COOKIE),
    address: req.ip,
    setSessionCookie: (token) => void reply.header("set-cookie", sessionCookieHeader(token, { secure })),
    opened: null,
  };
  if (!web.cookie || req.headers.authorization !== undefined) return web;
  if (!web.crossSite) web.opened = await app.auth.authenticateSession(web.cookie);
  if (!web.opened) await app.auth.limitKeyless(web.address);
  return web;
}

/** An SSE answer opened with a session ends with the session (its key revoked, signed out). */
export function trackEventStream(app: AppContext, web: WebRequest, reply: FastifyReply) {
  if (!web.opened) return;
  const untrack = app.auth.sessionStreams.track(web.opened.session, () => reply.raw.destroy());
  reply.raw.once("close", untrack);
}

/** Whether a WebSocket upgrade carries the session cookie from another origin than ours (refused). */
export function foreignCookieUpgrade(app: AppContext, req: IncomingMessage): boolean {
  if (cookieValue(req.headers, SESSION_COOKIE) === undefined) return false;
  const own = ownOrigin({
    headers: req.headers,
    encrypted: "encrypted" in req.socket && req.socket.encrypted === true,
    trustProxy: app.config.trustProxy,
    publicOrigin: app.config.publicOrigin,
  });
  return foreignOrigin(req.headers, own);
}

/** A graphql-ws socket signed in by a session closes with it (4403, as a refused connection). */
export function trackSocket(app: AppContext, session: SessionView, socket: WebSocket) {
  const untrack = app.auth.sessionStreams.track(session, () => socket.close(4403, "Forbidden: the session has ended"));
  socket.once("close", untrack);
}

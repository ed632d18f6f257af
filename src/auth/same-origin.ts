import type { IncomingHttpHeaders } from "node:http";

/**
 * The guard of cookie-authenticated requests (docs/decisions.md, the operator web app): a cookie
 * rides along with requests another site makes the browser send, so a request it authenticates
 * must prove it was made by our own pages. Our own check rather than
 * @graphql-yoga/plugin-csrf-prevention: that plugin refuses every request without its header
 * (key-less public queries and Bearer clients included), does not look at Origin, and does not
 * reach the WebSocket upgrade; this rule applies to cookie requests only, the same on each transport.
 */

/** The app's header: a cross-site page cannot send it without a CORS preflight, which we never grant. */
export const APP_HEADER = "x-vigil-app";

/** The content types a cross-site form or a no-CORS fetch may send (a "simple" request). */
const SIMPLE_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]);

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** An origin in one spelling (`https://a.example` without :443), or null when it is none. */
function normalOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const origin = new URL(value).origin;
  return origin === "null" ? null : origin;
}

/**
 * The service's own origin for a request: PUBLIC_URL's when it is set, else the scheme and Host
 * the request came with (so both localhost:3000 and 127.0.0.1:3000 work). Behind a trusted proxy
 * the forwarded scheme and host count, as Fastify reads them.
 */
export function ownOrigin({
  headers,
  encrypted,
  trustProxy,
  publicOrigin,
}: {
  headers: IncomingHttpHeaders;
  encrypted: boolean;
  trustProxy: boolean;
  publicOrigin: string | null;
}): string | null {
  if (publicOrigin) return publicOrigin;
  const forwardedProto = trustProxy ? first(headers["x-forwarded-proto"])?.split(",")[0]?.trim() : undefined;
  const forwardedHost = trustProxy ? first(headers["x-forwarded-host"])?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost || headers.host;
  if (!host) return null;
  return normalOrigin(`${forwardedProto || (encrypted ? "https" : "http")}://${host}`);
}

/** Whether the request's Origin, when it sends one, is another site's than `own`. */
export function foreignOrigin(headers: IncomingHttpHeaders, own: string | null): boolean {
  const origin = first(headers.origin);
  if (origin === undefined) return false;
  return own === null || normalOrigin(origin) !== own;
}

/**
 * Why a cookie may not authenticate this HTTP request (a message for the client), or null when it
 * may: it must carry a non-simple content type or the app's header, and an Origin, if any, of our own.
 */
export function crossSiteRefusal(headers: IncomingHttpHeaders, own: string | null): string | null {
  const type = first(headers["content-type"])?.split(";")[0]?.trim().toLowerCase();
  const deliberate = first(headers[APP_HEADER]) === "1" || (!!type && !SIMPLE_TYPES.has(type));
  if (!deliberate)
    return "a request signed in by cookie must carry 'Content-Type: application/json' or 'X-Vigil-App: 1'";
  if (foreignOrigin(headers, own)) return `a request signed in by cookie must come from this service's own origin`;
  return null;
}

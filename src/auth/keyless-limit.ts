import type { IncomingHttpHeaders } from "node:http";
import { isIPv6 } from "node:net";
import type { FastifyRequest } from "fastify";
import { createRateLimiter, type RateLimiterOptions } from "./rate-limit.js";
import { cookieValue, SESSION_COOKIE } from "./session-cookie.js";

/** At most this many client addresses are tracked (about 100 bytes each). */
const MAX_TRACKED_ADDRESSES = 100_000;

/**
 * The bucket of an address: an IPv4 address, or an IPv6 address's /64 (one host is usually given
 * a whole /64, so counting single IPv6 addresses would let it rotate through millions of them).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The client's address as Fastify's `request.ip` has it, for requests that do not go through
 * Fastify (WebSocket upgrades): with `trustProxy`, the left-most X-Forwarded-For address.
 */
export function clientAddress(headers: IncomingHttpHeaders, remoteAddress: string | undefined, trustProxy: boolean) {
  const forwarded = headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded.join(",") : forwarded)?.split(",")[0]?.trim();
  return (trustProxy && first) || remoteAddress || "unknown";
}

/** Per-address limit of key-less traffic (shared through Redis when given); rejects with RateLimitedError (429 with Retry-After). */
export function createKeylessLimiter(perMinute: number, options: Pick<RateLimiterOptions, "redis"> = {}) {
  const consume = createRateLimiter(perMinute, { ...options, prefix: "address", maxKeys: MAX_TRACKED_ADDRESSES });
  return Object.assign((address: string) => consume(addressKey(address)), { tracked: consume.tracked });
}

export type KeylessLimiter = ReturnType<typeof createKeylessLimiter>;

/**
 * A Fastify onRequest hook: a request without an API key (no Authorization header) counts against
 * its client address. That covers every key-less surface at once, whoever adds its routes: GraphQL's
 * public fields, public status pages (also on custom domains), heartbeat pings, badges, and requests
 * that will be refused with a 401. `exempt` paths (health probes) are never counted.
 */
export function keylessLimitHook(limit: KeylessLimiter, exempt: (path: string) => boolean) {
  return async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) return;
    const path = request.url.split("?")[0] ?? "";
    if (exempt(path)) return;
    // Counted as its GraphQL context is built (src/graphql/context.ts): against the session's key,
    // or here as key-less when the cookie opens nothing (so signed-in people share no address's limit).
    if (path === "/graphql" && cookieValue(request.headers, SESSION_COOKIE) !== undefined) return;
    await limit(request.ip);
  };
}

import type { IncomingHttpHeaders } from "node:http";
import { SESSION_MAX_MS } from "../domain/sessions/index.js";

/** The operator app's session cookie (docs/decisions.md): its value is the session's random token. */
export const SESSION_COOKIE = "vigil_session";

/** A cookie's value from a Cookie header, or undefined. */
export function cookieValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  for (const part of (headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || undefined;
  }
  return undefined;
}

/**
 * The Set-Cookie header that stores `token` (null: clears the cookie): HttpOnly, SameSite=Lax,
 * Path=/, Secure when the service is reached over https (PUBLIC_URL).
 */
export function sessionCookieHeader(token: string | null, { secure }: { secure: boolean }): string {
  const maxAge = token === null ? 0 : Math.floor(SESSION_MAX_MS / 1000);
  return `${SESSION_COOKIE}=${token ?? ""}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

// The cross-site rule of cookie requests (src/auth/same-origin.ts), as pure functions of headers.
import { describe, expect, it } from "vitest";
import { crossSiteRefusal, foreignOrigin, ownOrigin } from "../../../src/auth/same-origin.js";
import { cookieValue, sessionCookieHeader } from "../../../src/auth/session-cookie.js";

const own = (headers: Record<string, string>, options: { trustProxy?: boolean; publicOrigin?: string } = {}) =>
  ownOrigin({
    headers,
    encrypted: false,
    trustProxy: options.trustProxy ?? false,
    publicOrigin: options.publicOrigin ?? null,
  });

describe("the service's own origin", () => {
  it("is PUBLIC_URL's when set, else the scheme and Host reached (forwarded ones behind a trusted proxy)", () => {
    expect(own({ host: "127.0.0.1:3000" })).toBe("http://127.0.0.1:3000");
    expect(own({ host: "localhost:3000" })).toBe("http://localhost:3000");
    expect(own({ host: "[::1]:3000" })).toBe("http://[::1]:3000");
    expect(own({ host: "a.example" }, { publicOrigin: "https://vigil.example" })).toBe("https://vigil.example");
    const forwarded = { host: "10.0.0.5:3000", "x-forwarded-proto": "https", "x-forwarded-host": "vigil.example" };
    expect(own(forwarded, { trustProxy: true })).toBe("https://vigil.example");
    expect(own(forwarded)).toBe("http://10.0.0.5:3000");
    expect(own({})).toBeNull();
  });

  it("compares origins in one spelling, and takes `null` or garbage as foreign", () => {
    expect(foreignOrigin({ origin: "https://vigil.example:443" }, "https://vigil.example")).toBe(false);
    expect(foreignOrigin({ origin: "HTTP://LOCALHOST:3000" }, "http://localhost:3000")).toBe(false);
    expect(foreignOrigin({}, "http://localhost:3000")).toBe(false);
    for (const origin of ["null", "not a url", "http://localhost:3001", "https://localhost:3000"])
      expect([origin, foreignOrigin({ origin }, "http://localhost:3000")]).toEqual([origin, true]);
    expect(foreignOrigin({ origin: "http://localhost:3000" }, null)).toBe(true);
  });
});

describe("crossSiteRefusal", () => {
  const ours = "http://127.0.0.1:3000";
  it("wants a non-simple content type or X-Vigil-App: 1, then an Origin of our own if any", () => {
    expect(crossSiteRefusal({ "content-type": "application/json" }, ours)).toBeNull();
    expect(crossSiteRefusal({ "content-type": "application/json; charset=utf-8", origin: ours }, ours)).toBeNull();
    expect(crossSiteRefusal({ "x-vigil-app": "1" }, ours)).toBeNull();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""])
      expect(crossSiteRefusal({ "content-type": type }, ours)).toMatch(/X-Vigil-App/);
    expect(crossSiteRefusal({}, ours)).toMatch(/X-Vigil-App/);
    expect(crossSiteRefusal({ "x-vigil-app": "yes" }, ours)).toMatch(/X-Vigil-App/);
    expect(crossSiteRefusal({ "x-vigil-app": "1", origin: "https://evil.example" }, ours)).toMatch(/own origin/);
  });
});

describe("the session cookie", () => {
  it("is read among others and written with its attributes", () => {
    expect(cookieValue({ cookie: "a=1; vigil_session=abc=; b=2" }, "vigil_session")).toBe("abc=");
    expect(cookieValue({ cookie: "vigil_session=" }, "vigil_session")).toBeUndefined();
    expect(cookieValue({}, "vigil_session")).toBeUndefined();
    expect(sessionCookieHeader("t", { secure: true })).toBe(
      "vigil_session=t; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure",
    );
    expect(sessionCookieHeader(null, { secure: false })).toBe(
      "vigil_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    );
  });
});

import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, createKeylessLimiter } from "../../src/auth/keyless-limit.js";
import { createRateLimiter } from "../../src/auth/rate-limit.js";
import { RateLimitedError } from "../../src/domain/errors.js";

describe("key-less limit", () => {
  it("groups IPv6 addresses by /64 and IPv4-mapped addresses as IPv4", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:0:1::5")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:0DB8:0000:0001:ffff:1:2:3")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("takes X-Forwarded-For's left-most address only when the proxy is trusted", () => {
    const headers = { "x-forwarded-for": "198.51.100.4, 10.0.0.1" };
    expect(clientAddress(headers, "10.0.0.2", true)).toBe("198.51.100.4");
    expect(clientAddress(headers, "10.0.0.2", false)).toBe("10.0.0.2");
    expect(clientAddress({}, "10.0.0.2", true)).toBe("10.0.0.2");
  });

  it("limits each address on its own", () => {
    const now = 0;
    const limit = createKeylessLimiter(2, () => now);
    limit("2001:db8::1");
    limit("2001:db8::2");
    expect(() => limit("2001:db8::3")).toThrow(RateLimitedError);
    limit("203.0.113.1");
  });

  it("tracks a bounded number of keys, however many addresses arrive", () => {
    const consume = createRateLimiter(10, () => 0, 1_000);
    for (let i = 0; i < 50_000; i++) consume(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(consume.tracked()).toBe(1_000);
  });
});

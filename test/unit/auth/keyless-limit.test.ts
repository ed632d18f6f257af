import { describe, expect, it, vi } from "vitest";
import { addressKey, clientAddress, createKeylessLimiter } from "../../../src/auth/keyless-limit.js";
import { createRateLimiter } from "../../../src/auth/rate-limit.js";
import { RateLimitedError } from "../../../src/domain/shared/errors.js";

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

  it("limits each address on its own", async () => {
    const limit = createKeylessLimiter(2);
    await limit("2001:db8::1");
    await limit("2001:db8::2");
    await expect(limit("2001:db8::3")).rejects.toBeInstanceOf(RateLimitedError);
    await limit("203.0.113.1");
  });

  it("tracks a bounded number of keys, however many addresses arrive", async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const consume = createRateLimiter(10, { maxKeys: 1_000 });
      for (let i = 0; i < 50_000; i++) await consume(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      expect(consume.tracked()).toBe(1_000);
      // A forgotten address starts again with a full budget; a remembered one (the last, i = 49,999) does not.
      for (let i = 0; i < 10; i++) await consume("10.0.0.0");
      for (let i = 0; i < 9; i++) await consume("10.0.195.79");
      await expect(consume("10.0.195.79")).rejects.toBeInstanceOf(RateLimitedError);
    } finally {
      vi.useRealTimers();
    }
  });
});

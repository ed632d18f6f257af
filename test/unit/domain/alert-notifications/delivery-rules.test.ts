import { describe, expect, it } from "vitest";
import {
  DELIVERY_DELAYS_MS,
  DELIVERY_TRIES,
  nextDelivery,
  type TryResult,
  truncateUtf8,
} from "../../../../src/domain/alert-notifications/delivery-rules.js";

const now = new Date("2026-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const response = (status: number, body = "", retryAfter: string | null = null): TryResult => ({
  kind: "response",
  status,
  body,
  retryAfter,
});
const networkError: TryResult = { kind: "error", message: "connect ECONNREFUSED 127.0.0.1:9", retryable: true };

describe("delivery outcomes", () => {
  it("schedules the 8 tries: 5 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then FAILURE", () => {
    const waits: number[] = [];
    let tries = 1;
    for (; ; tries++) {
      const next = nextDelivery({ tries, result: response(503, "busy"), now });
      if (next.status !== "IN_PROGRESS") {
        expect(next).toEqual({
          status: "FAILURE",
          nextAttemptAt: null,
          notificationResult: "HTTP 503: busy",
          deactivate: false,
        });
        break;
      }
      waits.push(next.nextAttemptAt!.getTime() - now.getTime());
    }
    expect(tries).toBe(DELIVERY_TRIES);
    expect(waits).toEqual([5_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000]);
    expect(waits).toEqual([...DELIVERY_DELAYS_MS]);
  });

  it.each([
    ["a network error", networkError, "connect ECONNREFUSED 127.0.0.1:9"],
    ["408", response(408, "slow"), "HTTP 408: slow"],
    ["429", response(429, "later"), "HTTP 429: later"],
    ["500", response(500, "oops"), "HTTP 500: oops"],
    ["502", response(502), "HTTP 502: "],
    ["599", response(599), "HTTP 599: "],
  ])("retries %s while tries are left", (_name, result, text) => {
    expect(nextDelivery({ tries: 1, result, now })).toEqual({
      status: "IN_PROGRESS",
      nextAttemptAt: at(5_000),
      notificationResult: text,
      deactivate: false,
    });
    expect(nextDelivery({ tries: 8, result, now })).toMatchObject({ status: "FAILURE", nextAttemptAt: null });
  });

  it.each([200, 201, 202, 204, 299])("ends a %i as SUCCESS", (status) => {
    expect(nextDelivery({ tries: 3, result: response(status, "ok"), now })).toEqual({
      status: "SUCCESS",
      nextAttemptAt: null,
      notificationResult: `HTTP ${status}: ok`,
      deactivate: false,
    });
  });

  it.each([300, 301, 400, 401, 403, 404, 409, 422])("ends a %i as FAILURE at once", (status) => {
    expect(nextDelivery({ tries: 1, result: response(status, "no"), now })).toEqual({
      status: "FAILURE",
      nextAttemptAt: null,
      notificationResult: `HTTP ${status}: no`,
      deactivate: false,
    });
  });

  it("ends a 410 as FAILURE that deactivates the channel's subscriptions", () => {
    expect(nextDelivery({ tries: 2, result: response(410, "gone"), now })).toEqual({
      status: "FAILURE",
      nextAttemptAt: null,
      notificationResult: "HTTP 410: gone",
      deactivate: true,
    });
  });

  it("honours Retry-After in seconds and as an HTTP-date, never below the schedule, at most 12 h", () => {
    const seconds = nextDelivery({ tries: 1, result: response(429, "", "120"), now });
    expect(seconds.nextAttemptAt).toEqual(at(120_000));
    const date = nextDelivery({ tries: 1, result: response(429, "", "Thu, 01 Jan 2026 00:10:00 GMT"), now });
    expect(date.nextAttemptAt).toEqual(at(600_000));
    // Sooner than the schedule: the schedule wins.
    expect(nextDelivery({ tries: 3, result: response(429, "", "1"), now }).nextAttemptAt).toEqual(at(300_000));
    expect(
      nextDelivery({ tries: 1, result: response(503, "", "Wed, 31 Dec 2025 00:00:00 GMT"), now }).nextAttemptAt,
    ).toEqual(at(5_000));
    expect(nextDelivery({ tries: 1, result: response(429, "", "999999"), now }).nextAttemptAt).toEqual(at(43_200_000));
    expect(nextDelivery({ tries: 1, result: response(429, "", "soon"), now }).nextAttemptAt).toEqual(at(5_000));
    expect(nextDelivery({ tries: 8, result: response(429, "", "1"), now }).status).toBe("FAILURE");
  });

  it("keeps the first KiB of the body, whole characters only", () => {
    const long = nextDelivery({ tries: 1, result: response(400, "x".repeat(5000)), now });
    expect(long.notificationResult).toBe(`HTTP 400: ${"x".repeat(1024)}`);
    const wide = nextDelivery({ tries: 1, result: response(400, "é".repeat(600)), now });
    expect(wide.notificationResult).toBe(`HTTP 400: ${"é".repeat(512)}`);
    expect(Buffer.byteLength(truncateUtf8(`aa${"€".repeat(400)}`, 1024))).toBe(1022);
  });

  it("records a refusal or a non-retryable error as FAILURE with its message, an SMTP acceptance as SUCCESS", () => {
    const refused: TryResult = { kind: "error", message: "email not sent: SMTP_URL is not set", retryable: false };
    expect(nextDelivery({ tries: 1, result: refused, now })).toEqual({
      status: "FAILURE",
      nextAttemptAt: null,
      notificationResult: "email not sent: SMTP_URL is not set",
      deactivate: false,
    });
    expect(nextDelivery({ tries: 1, result: { kind: "sent", message: "SMTP: 250 OK" }, now })).toMatchObject({
      status: "SUCCESS",
      notificationResult: "SMTP: 250 OK",
    });
  });
});

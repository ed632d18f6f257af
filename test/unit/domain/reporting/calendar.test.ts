// Issue 14: calendar buckets and presets in named time zones across daylight-saving changes
// (Intl only), and the rollup sketch's merge and accuracy.
import { describe, expect, it } from "vitest";
import { buckets, isNamedTimeZone, quickRangeWindow, startOf } from "../../../../src/domain/reporting/index.js";
import { plan, Sketch } from "../../../../src/domain/rollups/index.js";

const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);

describe("reporting calendar", () => {
  it("cuts local days of 24, 23 and 25 hours", () => {
    const spring = buckets(at("2026-03-28T00:00:00Z"), at("2026-03-31T00:00:00Z"), "day", "Europe/Berlin");
    expect(spring.map((b) => [iso(b.from), iso(b.to)])).toEqual([
      ["2026-03-28T00:00:00.000Z", "2026-03-28T23:00:00.000Z"],
      ["2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"], // 29 March: 23 hours
      ["2026-03-29T22:00:00.000Z", "2026-03-30T22:00:00.000Z"],
      ["2026-03-30T22:00:00.000Z", "2026-03-31T00:00:00.000Z"],
    ]);
    // New York falls back on 1 November: that local day has 25 hours.
    const autumn = buckets(at("2026-11-01T04:00:00Z"), at("2026-11-02T05:00:00Z"), "day", "America/New_York");
    expect(autumn.map((b) => [iso(b.from), iso(b.to)])).toEqual([
      ["2026-11-01T04:00:00.000Z", "2026-11-02T05:00:00.000Z"],
    ]);
    const fall = buckets(at("2026-10-24T22:00:00Z"), at("2026-10-26T23:00:00Z"), "day", "Europe/Berlin");
    expect(fall[0]!.to - fall[0]!.from).toBe(25 * 3_600_000);
  });

  it("starts weeks on Monday and months on the 1st, in the zone", () => {
    expect(iso(startOf(at("2026-04-01T10:00:00Z"), "week", "Europe/Berlin"))).toBe("2026-03-29T22:00:00.000Z");
    expect(iso(startOf(at("2026-03-01T03:00:00Z"), "month", "America/New_York"))).toBe("2026-02-01T05:00:00.000Z");
    const months = buckets(at("2026-01-15T00:00:00Z"), at("2026-04-15T00:00:00Z"), "month", "Europe/Berlin");
    expect(months.map((b) => iso(b.from))).toEqual([
      "2026-01-15T00:00:00.000Z",
      "2026-01-31T23:00:00.000Z",
      "2026-02-28T23:00:00.000Z",
      "2026-03-31T22:00:00.000Z",
    ]);
  });

  it("computes presets at a clock's now", () => {
    const now = at("2026-04-01T10:00:00Z");
    const lastWeek = quickRangeWindow("lastWeek", now, "Europe/Berlin");
    expect([iso(lastWeek.from), iso(lastWeek.to)]).toEqual(["2026-03-22T23:00:00.000Z", "2026-03-29T22:00:00.000Z"]);
    const lastMonth = quickRangeWindow("lastMonth", now, "Europe/Berlin");
    expect([iso(lastMonth.from), iso(lastMonth.to)]).toEqual(["2026-02-28T23:00:00.000Z", "2026-03-31T22:00:00.000Z"]);
    expect(quickRangeWindow("last24Hrs", now, "UTC")).toEqual({ from: now - 86_400_000, to: now });
  });

  it("accepts named zones only", () => {
    expect(isNamedTimeZone("America/New_York")).toBe(true);
    expect(isNamedTimeZone("+05:00")).toBe(false);
    expect(isNamedTimeZone("Mars/Olympus")).toBe(false);
  });

  it("covers a window with whole UTC days from daily rollups and its ends from hourly ones", () => {
    const h = (s: string) => at(s) / 3_600_000;
    expect(plan([{ from: at("2026-01-01T05:30:00Z"), to: at("2026-01-04T02:00:00Z") }]).ranges).toEqual([
      { hours: 1, from: h("2026-01-01T05:00:00Z"), to: h("2026-01-02T00:00:00Z") },
      { hours: 24, from: h("2026-01-02T00:00:00Z"), to: h("2026-01-04T00:00:00Z") },
      { hours: 1, from: h("2026-01-04T00:00:00Z"), to: h("2026-01-04T02:00:00Z") },
    ]);
  });
});

describe("rollup sketch", () => {
  it("merges to the sketch of all values, and answers within 1% of the exact order statistic", () => {
    const values = Array.from({ length: 5_000 }, (_, i) =>
      i % 13 === 0 ? 0 : Math.round(5 + ((i * 7919) % 30_000) ** 1.1 / 10),
    );
    const whole = new Sketch();
    const parts = [new Sketch(), new Sketch(), new Sketch()];
    values.forEach((v, i) => {
      whole.add(v);
      parts[i % 3]!.add(v);
    });
    const merged = Sketch.decode(parts[0]!.encode());
    merged.mergeEncoded(parts[1]!.encode());
    merged.merge(Sketch.decode(parts[2]!.encode()));
    expect(merged.encode()).toBe(whole.encode());
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0, 0.5, 0.9, 0.95, 0.99, 1]) {
      const exact = sorted[Math.floor(q * (sorted.length - 1))]!;
      expect(Math.abs(merged.quantile(q)! - exact)).toBeLessThanOrEqual(exact * 0.01 + 1e-9);
    }
    expect(new Sketch().quantile(0.5)).toBeNull();
  });
});

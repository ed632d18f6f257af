import { describe, expect, it } from "vitest";
import { sqliteDate } from "../../../src/db/sqlite-reads.js";
import { iso } from "../../../src/rest/format.js";

// Dates are read from SQLite's text and written into responses by hand (the hot lists' 300 dates
// a page): each must agree with V8's own parsing and toISOString, edge dates included.
const edges = [
  0,
  -1,
  1,
  Date.UTC(1000, 0, 1),
  Date.UTC(999, 11, 31, 23, 59, 59, 999),
  Date.UTC(2024, 1, 29, 12, 0, 0, 5),
  Date.UTC(2026, 10, 27, 13, 46, 35, 120),
  Date.UTC(9999, 11, 31, 23, 59, 59, 999),
  Date.UTC(10000, 0, 1),
  Date.UTC(50, 5, 1) - Date.UTC(1950, 5, 1) + Date.UTC(50, 5, 1),
  -62198755200000, // year -1
];
const random = Array.from({ length: 2000 }, () => Math.floor((Math.random() - 0.3) * 2 ** 45));

describe("dates as text", () => {
  it("iso() writes what toISOString writes", () => {
    for (const ms of [...edges, ...random]) expect(iso(new Date(ms))).toBe(new Date(ms).toISOString());
    expect(iso(null)).toBeNull();
    expect(() => iso(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("sqliteDate() reads Prisma's stored form, and every other form as Prisma does", () => {
    for (const ms of [...edges, ...random]) {
      const text = new Date(ms).toISOString();
      if (!/^\d{4}-/.test(text)) continue; // Prisma's adapter writes these years the same way: not this form
      const stored = text.replace("Z", "+00:00");
      expect(sqliteDate(stored).getTime()).toBe(ms);
    }
    expect(sqliteDate("2026-01-02 03:04:05").toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(sqliteDate("2026-01-02").toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(sqliteDate("2026-01-02T03:04:05.678+02:00").toISOString()).toBe("2026-01-02T01:04:05.678Z");
    expect(sqliteDate("0050-06-01T00:00:00.000+00:00").toISOString()).toBe("0050-06-01T00:00:00.000Z");
    expect(sqliteDate(1_700_000_000_000).getTime()).toBe(1_700_000_000_000);
    for (const odd of [
      "2026-01-0xT03:04:05.678+00:00",
      "2026-02-31T03:04:05.678+00:00",
      "2026-13-01T00:00:00.000+00:00",
      "2026-01-01T24:00:00.000+00:00",
      "2026-01-01T23:60:00.000+00:00",
    ])
      expect(sqliteDate(odd).getTime()).toEqual(new Date(odd).getTime());
  });
});

import { describe, expect, it } from "vitest";
import { isUuid, timeOrderedUuid } from "../../../../src/domain/shared/ids.js";

describe("timeOrderedUuid", () => {
  it("is a version-7 UUID whose first 48 bits are the time in milliseconds", () => {
    const at = new Date("2026-11-27T19:00:00.123Z");
    const id = timeOrderedUuid(at);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("7");
    expect("89ab").toContain(id[19]);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at.getTime());
  });

  it("sorts as the times it was made for, and differs for the same time", () => {
    const times = [0, 1, 999, 1_000, 1_764_270_000_000, 1_764_270_000_001].map((ms) => new Date(ms));
    const ids = times.map(timeOrderedUuid);
    expect([...ids].sort()).toEqual(ids);
    expect(timeOrderedUuid(times[4]!)).not.toBe(timeOrderedUuid(times[4]!));
  });
});

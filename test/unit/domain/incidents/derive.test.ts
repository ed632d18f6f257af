import { describe, expect, it } from "vitest";
import {
  compareNewestFirst,
  sortInPlaceNewestFirst,
  sortNewestFirst,
} from "../../../../src/domain/incidents/derive.js";

// Issue 28: the views sort each incident's updates in place by insertion; the order must be the
// one compareNewestFirst defines, ties on both dates broken by id, whatever order the rows came in.
describe("sortInPlaceNewestFirst", () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
  const random = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `u${Math.floor(Math.random() * 5)}-${i}`,
      status: "INVESTIGATING",
      // Few distinct instants, so that ties on the first date, and on both, are common.
      publicIncidentUpdateDate: at(Math.floor(Math.random() * 3) * 1000),
      createdAt: at(Math.floor(Math.random() * 3)),
    }));

  it("orders as sortNewestFirst does, in the array it is given", () => {
    for (const n of [0, 1, 2, 5, 8, 30]) {
      for (let round = 0; round < 200; round++) {
        const updates = random(n);
        const expected = sortNewestFirst(updates);
        const sorted = sortInPlaceNewestFirst(updates);
        expect(sorted).toBe(updates);
        expect(sorted).toEqual(expected);
        for (let i = 1; i < sorted.length; i++)
          expect(compareNewestFirst(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
      }
    }
  });
});

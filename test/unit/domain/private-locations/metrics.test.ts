import { describe, expect, it } from "vitest";
import { bucketMs, series } from "../../../../src/domain/private-locations/metrics.js";

const S = 1000;

describe("private location queue series", () => {
  it("counts [due, claimed) waits: a run claimed as it falls due never waits, one still queued waits to the end", () => {
    const out = series(
      [
        { start: 10 * S, end: 10 * S }, // claimed the moment it was due
        { start: 20 * S, end: 60 * S }, // leaves exactly at the second bucket's start
        { start: 60 * S, end: Number.POSITIVE_INFINITY }, // arrives then, still queued
        { start: 70 * S, end: 80 * S },
      ],
      0,
      180 * S,
      60 * S,
    );
    expect(out.timestamps.map((t) => t.getTime())).toEqual([0, 60 * S, 120 * S]);
    expect(out.queueSize).toEqual([1, 2, 1]);
    expect(out.oldestScheduledCheckRun).toEqual([40, 60, 120]);
  });

  it("reports a last bucket cut short by the window's end up to that end", () => {
    const out = series([{ start: 0, end: Number.POSITIVE_INFINITY }], 0, 90 * S, 60 * S);
    expect(out.queueSize).toEqual([1, 1]);
    expect(out.oldestScheduledCheckRun).toEqual([60, 90]);
  });

  it("picks wider buckets for longer windows", () => {
    const hour = 3600 * S;
    expect([6 * hour, 6 * hour + 1, 72 * hour, 72 * hour + 1].map(bucketMs)).toEqual([
      60 * S,
      600 * S,
      600 * S,
      3600 * S,
    ]);
  });
});

// Issue 14: the local-day report's fast paths answer as before. Percentiles come from one walk
// over one scratch sketch shared by all aggregates (not bins() arrays per quantile and a store per
// aggregate), and a rollup read's sums arrive packed in one text per check.
import { DDSketch } from "@datadog/sketches-js";
import { describe, expect, it } from "vitest";
import { Aggregate, Sketch } from "../../../../src/domain/rollups/index.js";
import { unpack } from "../../../../src/domain/rollups/packed.js";

const { mapping } = new DDSketch({ relativeAccuracy: 0.01 });

/** The quantile as Sketch answered it before: a walk over bins() per quantile. */
function reference(sketch: Sketch, q: number): number | null {
  const n = sketch.count;
  if (n === 0) return null;
  const rank = q * (n - 1);
  if (rank < sketch.zero) return 0;
  let running = sketch.zero;
  const bins = sketch.bins();
  for (const [key, c] of bins) {
    running += c;
    if (running > rank) return mapping.value(key);
  }
  return mapping.value(bins[bins.length - 1]![0]);
}

/** A seeded generator: the same sketches on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const QS = [0, 0.01, 0.5, 0.9, 0.95, 0.99, 0.999, 1];

describe("rollup sketch quantiles", () => {
  it("answer in one walk what a walk per quantile answered, for random sketches, zeros and subtractions", () => {
    const next = random(14);
    for (let t = 0; t < 300; t++) {
      const sketch = new Sketch();
      const hour = new Sketch();
      const n = 1 + Math.floor(next() * 400);
      for (let i = 0; i < n; i++) {
        const v = next() < 0.1 ? 0 : Math.round(next() ** 3 * 30_000 * (t % 7 === 0 ? 0.001 : 1));
        sketch.add(v);
        if (i % 5 === 0) hour.add(v);
      }
      // A day minus one of its hours, as planWithDays reads a local day.
      const day = new Sketch();
      day.mergeEncoded(`${sketch.encode()} !${hour.encode()}`);
      for (const s of [sketch, day]) {
        const expected = QS.map((q) => reference(s, q) ?? 0);
        expect(s.quantiles(QS)).toEqual(expected);
        for (const [i, q] of QS.entries()) expect(s.quantile(q)).toBe(s.count === 0 ? null : expected[i]);
      }
    }
    expect(new Sketch().quantiles([0.5, 0.99])).toEqual([0, 0]);
  });

  it("decode into one scratch sketch without leaking one aggregate's bins into the next", () => {
    const next = random(7);
    const sketches = Array.from({ length: 50 }, (_, k) => {
      const s = new Sketch();
      // Far apart ranges: the scratch store grows, then holds keys the next sketch does not have.
      for (let i = 0; i < 100; i++) s.add(k % 2 ? next() * 50 : 10_000 + next() * 100_000);
      return s;
    });
    const aggregates = sketches.map((s) => {
      const a = new Aggregate();
      const row = { checkId: "c", runs: 100, failed: 0, degraded: 0, errors: 0, responseTimeSum: 0 };
      a.add({ ...row, responseTimeMin: 0, responseTimeMax: 0, sketch: s.encode() });
      return a;
    });
    for (const [k, a] of aggregates.entries()) {
      const expected = [0.5, 0.95, 0.99].map((q) => Math.round((reference(sketches[k]!, q) ?? 0) * 100) / 100);
      expect(a.percentiles([0.5, 0.95, 0.99])).toEqual(expected);
      expect(a.percentile(0.99)).toBe(expected[2]);
      expect(a.sketch.encode()).toBe(sketches[k]!.encode());
    }
  });

  it("unpacks a check's rows as both databases write numbers", () => {
    const seen: unknown[] = [];
    unpack("0 12 1 0 0 3248.0 80 472 z:0 281:5;3 -2 0 0 0 -1e+15   !z:0 -4:1;7 5 0 1 0 3248.5 80 90 ", (span, row) =>
      seen.push({ span, ...row }),
    );
    expect(seen).toEqual([
      {
        span: 0,
        checkId: "",
        runs: 12,
        failed: 1,
        degraded: 0,
        errors: 0,
        responseTimeSum: 3248,
        responseTimeMin: 80,
        responseTimeMax: 472,
        sketch: "z:0 281:5",
      },
      {
        span: 3,
        checkId: "",
        runs: -2,
        failed: 0,
        degraded: 0,
        errors: 0,
        responseTimeSum: -1e15,
        // A subtracted hour's empty extremes: neither lowers the minimum nor raises the maximum.
        responseTimeMin: Number.POSITIVE_INFINITY,
        responseTimeMax: 0,
        sketch: "!z:0 -4:1",
      },
      {
        span: 7,
        checkId: "",
        runs: 5,
        failed: 0,
        degraded: 1,
        errors: 0,
        responseTimeSum: 3248.5,
        responseTimeMin: 80,
        responseTimeMax: 90,
        sketch: "",
      },
    ]);
  });
});

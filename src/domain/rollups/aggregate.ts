import { Sketch } from "./sketch.js";

/** The merge of rollup rows: what a report, a chart point or a badge shows of a window. */
export class Aggregate {
  runs = 0;
  failed = 0;
  degraded = 0;
  errors = 0;
  responseTimeSum = 0;
  responseTimeMin = Number.POSITIVE_INFINITY;
  responseTimeMax = 0;
  readonly sketch = new Sketch();

  add(row: RollupRow): void {
    this.runs += Number(row.runs);
    this.failed += Number(row.failed);
    this.degraded += Number(row.degraded);
    this.errors += Number(row.errors);
    this.responseTimeSum += Number(row.responseTimeSum);
    this.responseTimeMin = Math.min(this.responseTimeMin, Number(row.responseTimeMin));
    this.responseTimeMax = Math.max(this.responseTimeMax, Number(row.responseTimeMax));
    this.sketch.mergeEncoded(row.sketch);
  }

  /** Passing runs (neither failed nor errored) in percent, rounded to four decimals; 0 without runs. */
  get successRatio(): number {
    return this.runs === 0 ? 0 : round(((this.runs - this.failed) / this.runs) * 100, 4);
  }

  get avg(): number {
    return this.runs === 0 ? 0 : round(this.responseTimeSum / this.runs, 2);
  }

  percentile(q: number): number {
    return round(this.sketch.quantile(q) ?? 0, 2);
  }
}

/** Rollup rows, or their sums (the numbers may arrive as bigint from a SUM). */
export type RollupRow = {
  checkId: string;
  runs: number | bigint;
  failed: number | bigint;
  degraded: number | bigint;
  errors: number | bigint;
  responseTimeSum: number | bigint;
  responseTimeMin: number | bigint;
  responseTimeMax: number | bigint;
  sketch: string;
};

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

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
  /**
   * The rows' encoded sketches joined by spaces (still one valid encoding), decoded when a
   * percentile is asked: a report reads tens of thousands, and asks each for two.
   */
  private encoded = "";
  private decoded: Sketch | null = null;

  add(row: RollupRow): void {
    this.runs += Number(row.runs);
    this.failed += Number(row.failed);
    this.degraded += Number(row.degraded);
    this.errors += Number(row.errors);
    this.responseTimeSum += Number(row.responseTimeSum);
    this.responseTimeMin = Math.min(this.responseTimeMin, Number(row.responseTimeMin));
    this.responseTimeMax = Math.max(this.responseTimeMax, Number(row.responseTimeMax));
    if (row.sketch) this.encoded = this.encoded ? `${this.encoded} ${row.sketch}` : row.sketch;
    this.decoded = null;
  }

  /**
   * Takes a row's counts, sums and sketch away again (an hour that rounding to whole days added to
   * a span: planWithDays); extremes are left as they are.
   */
  subtract(row: RollupRow): void {
    this.runs -= Number(row.runs);
    this.failed -= Number(row.failed);
    this.degraded -= Number(row.degraded);
    this.errors -= Number(row.errors);
    this.responseTimeSum -= Number(row.responseTimeSum);
    if (row.sketch) this.encoded = this.encoded ? `${this.encoded} !${row.sketch}` : `!${row.sketch}`;
    this.decoded = null;
  }

  /** The merge of the rows' sketches. */
  get sketch(): Sketch {
    if (!this.decoded) this.decoded = this.decodeInto(new Sketch());
    return this.decoded;
  }

  private decodeInto(sketch: Sketch): Sketch {
    sketch.mergeEncoded(this.encoded);
    return sketch;
  }

  /** Passing runs (neither failed nor errored) in percent, rounded to four decimals; 0 without runs. */
  get successRatio(): number {
    return this.runs === 0 ? 0 : round(((this.runs - this.failed) / this.runs) * 100, 4);
  }

  get avg(): number {
    return this.runs === 0 ? 0 : round(this.responseTimeSum / this.runs, 2);
  }

  percentile(q: number): number {
    return this.percentiles([q])[0]!;
  }

  /**
   * Percentiles at ascending quantiles, rounded to two decimals (0 without values): decoded into
   * one scratch sketch shared by every aggregate, unless this one's sketch was already decoded.
   */
  percentiles(qs: readonly number[]): number[] {
    let sketch = this.decoded;
    if (!sketch) {
      scratch.clear();
      sketch = this.decodeInto(scratch);
    }
    return sketch.quantiles(qs).map((v) => round(v, 2));
  }
}

/** The store percentiles decode into (JavaScript runs one of them at a time). */
const scratch = new Sketch();

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

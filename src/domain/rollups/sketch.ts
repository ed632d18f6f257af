import { DDSketch } from "@datadog/sketches-js";

/** DDSketch's logarithmic key mapping at 1% relative accuracy: the sketch Datadog's agents merge. */
const mapping = new DDSketch({ relativeAccuracy: 0.01 }).mapping;
export const SKETCH_RELATIVE_ACCURACY = 0.01;

/**
 * A DDSketch of non-negative response times: counts per key of the library's mapping (plus the
 * values too small to map). Stored as text, "z:<zeros> <key>:<count> ..." in key order, because
 * the library's own `toProto`/`fromProto` need protobufjs, which is not installed, and a rollup
 * row needs only the bins: merging two sketches adds their counts key by key, so a day is the
 * exact merge of its hours and a report the merge of its days. Reports merge tens of thousands
 * of rows, so decoding is a hand-written scan into an array, without intermediate strings.
 */
export class Sketch {
  zero = 0;
  /** Counts of keys offset .. offset + counts.length - 1 (a dense store, as DDSketch's own). */
  private counts = new Float64Array(0);
  private offset = 0;
  /** The sum of `counts`, and the lowest and highest key added since the last clear (exact: integers). */
  private keyed = 0;
  private low = Number.POSITIVE_INFINITY;
  private high = Number.NEGATIVE_INFINITY;

  get count(): number {
    return this.zero + this.keyed;
  }

  /** Empties the sketch, keeping its store: one scratch sketch decodes many rows without allocating. */
  clear(): void {
    this.zero = 0;
    this.keyed = 0;
    if (this.low <= this.high) this.counts.fill(0, this.low - this.offset, this.high - this.offset + 1);
    this.low = Number.POSITIVE_INFINITY;
    this.high = Number.NEGATIVE_INFINITY;
  }

  /** The bins, in key order. */
  bins(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < this.counts.length; i++) if (this.counts[i]! > 0) out.push([this.offset + i, this.counts[i]!]);
    return out;
  }

  private addKey(key: number, count: number) {
    let index = key - this.offset;
    if (index < 0 || index >= this.counts.length) {
      // Grow to cover the key, with room on that side: a report's merges settle after a few rows.
      const low = this.counts.length === 0 ? key : Math.min(this.offset, key - 16);
      const high = this.counts.length === 0 ? key + 16 : Math.max(this.offset + this.counts.length, key + 17);
      const grown = new Float64Array(high - low);
      if (this.counts.length > 0) grown.set(this.counts, this.offset - low);
      this.counts = grown;
      this.offset = low;
      index = key - low;
    }
    this.counts[index]! += count;
    this.keyed += count;
    if (key < this.low) this.low = key;
    if (key > this.high) this.high = key;
  }

  add(value: number, count = 1): void {
    if (value < mapping.minPossible) this.zero += count;
    else this.addKey(mapping.key(value), count);
  }

  merge(other: Sketch): void {
    this.zero += other.zero;
    for (const [key, c] of other.bins()) this.addKey(key, c);
  }

  /** The value at quantile q (0..1) as DDSketch answers it: within 1% of the exact order statistic of rank floor(q * (n - 1)). */
  quantile(q: number): number | null {
    return this.count === 0 ? null : this.quantiles([q])[0]!;
  }

  /**
   * The values at ascending quantiles `qs`, as `quantile` answers each (0 for all without values),
   * in one cumulative walk over the store: a report asks two of each of tens of thousands of sketches.
   */
  quantiles(qs: readonly number[]): number[] {
    const out = new Array<number>(qs.length).fill(0);
    const n = this.count;
    if (n === 0) return out;
    const counts = this.counts;
    const end = this.high - this.offset + 1;
    let running = this.zero;
    // Keys below the lowest added hold nothing (a scratch sketch's store spans every row it decoded).
    let i = Math.max(0, this.low - this.offset);
    let last = -1;
    for (let j = 0; j < qs.length; j++) {
      const rank = qs[j]! * (n - 1);
      if (rank < this.zero) continue;
      // The first bin whose running count passes the rank (ranks ascend: the walk goes on from there).
      while (running <= rank && i < end) {
        if (counts[i]! > 0) {
          running += counts[i]!;
          last = i;
        }
        i++;
      }
      out[j] = last < 0 ? 0 : mapping.value(this.offset + last);
    }
    return out;
  }

  encode(): string {
    return [`z:${this.zero}`, ...this.bins().map(([k, c]) => `${k}:${c}`)].join(" ");
  }

  static decode(text: string): Sketch {
    const sketch = new Sketch();
    sketch.mergeEncoded(text);
    return sketch;
  }

  /**
   * Adds an encoded sketch's counts: one pass over the characters, no substrings. Several
   * encodings joined by spaces add up; one marked with a leading "!" is subtracted (a day's
   * rollup minus one of its hours: planWithDays).
   */
  mergeEncoded(text: string): void {
    const length = text.length;
    let i = 0;
    let sign = 1;
    while (i < length) {
      let key = 0;
      let zero = false;
      let negative = false;
      let c = text.charCodeAt(i);
      // Each encoding starts with its "z:" token: the sign holds until the next one.
      if (c === 33 /* ! */) {
        sign = -1;
        c = text.charCodeAt(++i);
      } else if (c === 122) sign = 1;
      if (c === 122 /* z */) {
        zero = true;
        i++;
      } else {
        if (c === 45 /* - */) {
          negative = true;
          i++;
        }
        for (c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) key = key * 10 + (c - 48);
      }
      i++; // ':'
      let count = 0;
      for (c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) count = count * 10 + (c - 48);
      i++; // ' '
      if (zero) this.zero += sign * count;
      else this.addKey(negative ? -key : key, sign * count);
    }
  }
}

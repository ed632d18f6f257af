import { DDSketch } from "@datadog/sketches-js";

/** DDSketch's logarithmic key mapping at 1% relative accuracy: the sketch Datadog's agents merge. */
const mapping = new DDSketch({ relativeAccuracy: 0.01 }).mapping;
export const SKETCH_RELATIVE_ACCURACY = 0.01;

/**
 * A DDSketch of non-negative response times: counts per key of the library's mapping (plus the
 * values too small to map). Stored as text, "z:<zeros> <key>:<count> ..." in key order, because
 * the library's own `toProto`/`fromProto` need protobufjs, which is not installed, and a rollup
 * row needs only the bins: merging two sketches adds their counts key by key, so a day is the
 * exact merge of its hours and a report the merge of its days.
 */
export class Sketch {
  zero = 0;
  readonly bins = new Map<number, number>();

  get count(): number {
    let n = this.zero;
    for (const c of this.bins.values()) n += c;
    return n;
  }

  add(value: number, count = 1): void {
    if (value < mapping.minPossible) this.zero += count;
    else {
      const key = mapping.key(value);
      this.bins.set(key, (this.bins.get(key) ?? 0) + count);
    }
  }

  merge(other: Sketch): void {
    this.zero += other.zero;
    for (const [key, c] of other.bins) this.bins.set(key, (this.bins.get(key) ?? 0) + c);
  }

  /** The value at quantile q (0..1) as DDSketch answers it: within 1% of the exact order statistic of rank floor(q * (n - 1)). */
  quantile(q: number): number | null {
    const n = this.count;
    if (n === 0) return null;
    const rank = q * (n - 1);
    if (rank < this.zero) return 0;
    let running = this.zero;
    const keys = [...this.bins.keys()].sort((a, b) => a - b);
    for (const key of keys) {
      running += this.bins.get(key)!;
      if (running > rank) return mapping.value(key);
    }
    return mapping.value(keys[keys.length - 1]!);
  }

  encode(): string {
    const keys = [...this.bins.keys()].sort((a, b) => a - b);
    return [`z:${this.zero}`, ...keys.map((k) => `${k}:${this.bins.get(k)}`)].join(" ");
  }

  static decode(text: string): Sketch {
    const sketch = new Sketch();
    sketch.mergeEncoded(text);
    return sketch;
  }

  /** Adds an encoded sketch's counts without building it first (reports merge thousands). */
  mergeEncoded(text: string): void {
    if (!text) return;
    for (const pair of text.split(" ")) {
      const colon = pair.indexOf(":");
      const count = Number(pair.slice(colon + 1));
      if (pair.charCodeAt(0) === 122 /* z */) this.zero += count;
      else {
        const key = Number(pair.slice(0, colon));
        this.bins.set(key, (this.bins.get(key) ?? 0) + count);
      }
    }
  }
}

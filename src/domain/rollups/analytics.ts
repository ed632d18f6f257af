import { Sketch } from "./sketch.js";

/** The timing phases analytics report (the reference's names), read from apiCheckResult.response.timingPhases. */
export const PHASES = ["wait", "dns", "tcp", "firstByte", "download"] as const;
export type Phase = (typeof PHASES)[number];

/** Count, sum, sum of squares, extremes and DDSketch of one measure: every aggregation analytics offer. */
export class Stats {
  n = 0;
  sum = 0;
  sq = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  sketch = new Sketch();

  add(value: number): void {
    this.n += 1;
    this.sum += value;
    this.sq += value * value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    this.sketch.add(value);
  }

  merge(other: Stats): void {
    if (other.n === 0) return;
    this.n += other.n;
    this.sum += other.sum;
    this.sq += other.sq;
    if (other.min < this.min) this.min = other.min;
    if (other.max > this.max) this.max = other.max;
    this.sketch.merge(other.sketch);
  }

  encode(): StatsJson {
    return [this.n, this.sum, this.sq, this.min, this.max, this.sketch.encode()];
  }

  static decode([n, sum, sq, min, max, sketch]: StatsJson): Stats {
    const s = new Stats();
    Object.assign(s, { n, sum, sq, min, max, sketch: Sketch.decode(sketch) });
    return s;
  }
}
type StatsJson = [number, number, number, number, number, string];

/**
 * What an hourly rollup row holds for analytics beyond its columns: the runs' retries (tries
 * before the final one), the sum of squares of their response times (for stddev) and each phase's
 * Stats. Stored as JSON text in CheckRollup.analytics; "" is an empty one.
 */
export class RollupAnalytics {
  retries = 0;
  responseTimeSq = 0;
  phases = new Map<Phase, Stats>();

  /** Adds one counted result: its retries, response time and timing phases (when it has any). */
  add(result: { attempts?: number; responseTime: number; apiCheckResult?: unknown }): void {
    this.retries += result.attempts ?? 0;
    this.responseTimeSq += result.responseTime * result.responseTime;
    const phases = phasesOf(result.apiCheckResult);
    if (!phases) return;
    for (const phase of PHASES) this.phase(phase).add(phases[phase]);
  }

  phase(phase: Phase): Stats {
    let stats = this.phases.get(phase);
    if (!stats) {
      stats = new Stats();
      this.phases.set(phase, stats);
    }
    return stats;
  }

  merge(other: RollupAnalytics): void {
    this.retries += other.retries;
    this.responseTimeSq += other.responseTimeSq;
    for (const [phase, stats] of other.phases) this.phase(phase).merge(stats);
  }

  encode(): string {
    const p: Partial<Record<Phase, StatsJson>> = {};
    for (const [phase, stats] of this.phases) p[phase] = stats.encode();
    return JSON.stringify({ r: this.retries, q: this.responseTimeSq, p });
  }

  /**
   * Adds an encoded one without building its sketches (analytics read hundreds of rows a request),
   * merging only the sketches of the phases `sketched` names (those whose percentiles are asked).
   */
  mergeEncoded(text: string, sketched: (phase: Phase) => boolean = () => true): void {
    if (!text) return;
    const json = JSON.parse(text) as { r: number; q: number; p: Partial<Record<Phase, StatsJson>> };
    this.retries += json.r;
    this.responseTimeSq += json.q;
    for (const phase of PHASES) {
      const encoded = json.p[phase];
      if (!encoded || encoded[0] === 0) continue;
      const [n, sum, sq, min, max, sketch] = encoded;
      const stats = this.phase(phase);
      stats.n += n;
      stats.sum += sum;
      stats.sq += sq;
      if (min < stats.min) stats.min = min;
      if (max > stats.max) stats.max = max;
      if (sketched(phase)) stats.sketch.mergeEncoded(sketch);
    }
  }

  static decode(text: string): RollupAnalytics {
    const out = new RollupAnalytics();
    if (!text) return out;
    const json = JSON.parse(text) as { r: number; q: number; p: Partial<Record<Phase, StatsJson>> };
    out.retries = json.r;
    out.responseTimeSq = json.q;
    for (const phase of PHASES) {
      const stats = json.p[phase];
      if (stats) out.phases.set(phase, Stats.decode(stats));
    }
    return out;
  }
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

/**
 * A result's timing phases in milliseconds, or null when it has none (a request that never got a
 * response). `wait` is the time of the request outside the measured phases (total less DNS, TCP,
 * TLS, first byte and download): the runner opens its own connection for every try, so nothing
 * else waits for a socket.
 */
export function phasesOf(apiCheckResult: unknown): Record<Phase, number> | null {
  const t = (apiCheckResult as { response?: { timingPhases?: Record<string, unknown> } } | null)?.response
    ?.timingPhases;
  if (!t || !finite(t.total)) return null;
  const part = (key: string) => (finite(t[key]) ? (t[key] as number) : 0);
  const [dns, tcp, tls, firstByte, download] = ["dns", "tcp", "tls", "firstByte", "download"].map(part) as [
    number,
    number,
    number,
    number,
    number,
  ];
  // Rounded to the microsecond: a difference of floats leaves noise such as 1e-13.
  const wait = Math.max(0, Math.round((t.total - dns - tcp - tls - firstByte - download) * 1000) / 1000);
  return { wait, dns, tcp, firstByte, download };
}

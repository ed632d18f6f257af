import { type Phase, phasesOf, RollupAnalytics, Stats } from "../rollups/analytics.js";
import { type Aggregation, type ApiCheckMetric, MEASURES, type Measure, metricInfo } from "./metrics.js";

/** What analytics need of a raw result (FINAL and not cancelled). */
export type RawResult = {
  id: string;
  startedAt: Date;
  runLocation: string;
  hasFailures: boolean;
  hasErrors: boolean;
  responseTime: number;
  attempts: number;
  apiCheckResult: unknown;
};

/** An hourly rollup row as analytics read it. */
export type AnalyticsRollupRow = {
  startHour: number;
  location: string;
  runs: number;
  failed: number;
  responseTimeSum: number;
  responseTimeMin: number;
  responseTimeMax: number;
  sketch: string;
  analytics: string;
};

export const QUANTILES: Partial<Record<Aggregation, number>> = {
  median: 0.5,
  p50: 0.5,
  p90: 0.9,
  p95: 0.95,
  p99: 0.99,
};

/** One bucket's figures, from raw results and hourly rollup rows alike (the same Stats of each measure). */
export class Figures {
  /** The measures whose percentiles are asked: the only sketches a rollup row's are merged into. */
  constructor(private readonly sketched: ReadonlySet<Measure> = new Set(MEASURES)) {}
  runs = 0;
  failed = 0;
  private readonly extra = new RollupAnalytics();
  private readonly responseTime = new Stats();

  addResult(r: RawResult): void {
    this.runs += 1;
    if (r.hasFailures || r.hasErrors) this.failed += 1;
    this.responseTime.add(r.responseTime);
    this.extra.add(r);
  }

  addRollup(row: AnalyticsRollupRow): void {
    this.runs += row.runs;
    this.failed += row.failed;
    const rt = this.responseTime;
    rt.n += row.runs;
    rt.sum += row.responseTimeSum;
    if (row.responseTimeMin < rt.min) rt.min = row.responseTimeMin;
    if (row.responseTimeMax > rt.max) rt.max = row.responseTimeMax;
    if (this.sketched.has("responseTime")) rt.sketch.mergeEncoded(row.sketch);
    const before = this.extra.responseTimeSq;
    this.extra.mergeEncoded(row.analytics, this.isSketched);
    rt.sq += this.extra.responseTimeSq - before;
  }

  private readonly isSketched = (phase: Phase) => this.sketched.has(phase);

  /** The metric's value; null when nothing was measured (no runs, or no result with timing phases). */
  value(metric: ApiCheckMetric): number | null {
    if (this.runs === 0) return null;
    if (metric === "availability") return Math.round(((this.runs - this.failed) / this.runs) * 100 * 10_000) / 10_000;
    if (metric === "retries") return this.extra.retries;
    const { aggregation } = metricInfo(metric);
    const [measure] = metric.split("_") as [Measure];
    const stats = measure === "responseTime" ? this.responseTime : this.extra.phases.get(measure as Phase);
    if (!stats || stats.n === 0) return null;
    switch (aggregation) {
      case "avg":
        return stats.sum / stats.n;
      case "sum":
        return stats.sum;
      case "min":
        return stats.min;
      case "max":
        return stats.max;
      case "stddev":
        return Math.sqrt(Math.max(0, stats.sq / stats.n - (stats.sum / stats.n) ** 2));
      default:
        return stats.sketch.quantile(QUANTILES[aggregation!]!);
    }
  }
}

/** A result's own value of a measure (per-result metrics): null for a phase of a result without timing phases. */
export function measureOf(r: RawResult, measure: Measure): number | null {
  if (measure === "responseTime") return r.responseTime;
  return phasesOf(r.apiCheckResult)?.[measure] ?? null;
}

/** A result's HTTP status code, null when it got no response. */
export function statusCodeOf(r: RawResult): number | null {
  const status = (r.apiCheckResult as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status === "number" ? status : null;
}

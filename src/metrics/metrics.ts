import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client.js";
import type { CheckpointStats } from "../db/sqlite-checkpointer.js";
import { createSnapshot } from "./snapshot.js";

export type SubscriptionTransport = "graphql_ws" | "graphql_sse" | "status_page";
export type RunFate = "recorded" | "lost" | "skipped" | "failed";

/**
 * What the HTTP layer, GraphQL and the engine record: a small typed object, so that only this
 * folder knows prom-client. Every label value is bounded (route patterns, a capped set of
 * operation names), so a client sending random URLs or names cannot grow the series.
 */
export type Metrics = {
  /** `route` is the matched route pattern, undefined when nothing matched. */
  httpRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  graphqlOperation(type: string, name: string | undefined, failed: boolean): void;
  /** Counts an open subscription or stream; call the returned function (once or more) when it ends. */
  subscriptionOpened(transport: SubscriptionTransport): () => void;
  /** A run was claimed `lagMs` after it fell due. */
  runClaimed(lagMs: number): void;
  runFinished(outcome: RunFate): void;
  /**
   * A delete statement of the retention sweep: its table, the rows it deleted, its time, and
   * whether it went in a quiet moment of the engine (false: after waiting its longest for one).
   */
  retentionDeleted(table: string, rows: number, ms: number, quietly: boolean): void;
  /** The Prometheus text of every metric (database gauges read at most every SNAPSHOT_MS). */
  scrape(): Promise<{ contentType: string; body: string }>;
};

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Distinct GraphQL operation names kept as labels; later ones (and odd ones) are "other". */
const MAX_OPERATION_NAMES = 200;
const operationName = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;

export type MetricsOptions = {
  db: Db;
  /** Set when REDIS_URL is: `vigil_redis_connected` is only shown then. */
  redisConnected?: () => boolean;
  /** A SQLite file's background checkpointer: its series are only shown then. */
  sqliteCheckpoints?: Readonly<CheckpointStats>;
};

/** A registry of its own (not prom-client's global one): several apps in one process do not clash. */
export function createMetrics({ db, redisConnected, sqliteCheckpoints }: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const recorders = {
    ...httpMetrics(registers),
    ...graphqlMetrics(registers),
    ...engineMetrics(registers),
    ...retentionMetrics(registers),
  };
  createSnapshot({ db, registers, ...(redisConnected ? { redisConnected } : {}) });
  if (sqliteCheckpoints) checkpointMetrics(sqliteCheckpoints, registers);
  return {
    ...recorders,
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

function httpMetrics(registers: Registry[]): Pick<Metrics, "httpRequest"> {
  const httpRequests = new Counter({
    name: "vigil_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: "vigil_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  return {
    httpRequest(method, route, statusCode, seconds) {
      const labels = { method: METHODS.has(method) ? method : "other", route: route ?? "unmatched" };
      httpRequests.inc({ ...labels, status_code: String(statusCode) });
      httpDuration.observe(labels, seconds);
    },
  };
}

function graphqlMetrics(registers: Registry[]): Pick<Metrics, "graphqlOperation" | "subscriptionOpened"> {
  const graphqlOperations = new Counter({
    name: "vigil_graphql_operations_total",
    help: "GraphQL operations executed, by type and name (anonymous, or other past the name cap)",
    labelNames: ["type", "name"] as const,
    registers,
  });
  const graphqlErrors = new Counter({
    name: "vigil_graphql_errors_total",
    help: "GraphQL operations answered with errors, by type and name",
    labelNames: ["type", "name"] as const,
    registers,
  });
  const subscriptions = new Gauge({
    name: "vigil_open_subscriptions",
    help: "Open subscriptions and event streams, by transport",
    labelNames: ["transport"] as const,
    registers,
  });
  for (const transport of ["graphql_ws", "graphql_sse", "status_page"]) subscriptions.set({ transport }, 0);
  const names = new Set<string>();
  const boundedName = (name: string | undefined): string => {
    if (!name) return "anonymous";
    if (names.has(name)) return name;
    if (!operationName.test(name) || names.size >= MAX_OPERATION_NAMES) return "other";
    names.add(name);
    return name;
  };
  return {
    graphqlOperation(type, name, failed) {
      const labels = { type, name: boundedName(name) };
      graphqlOperations.inc(labels);
      if (failed) graphqlErrors.inc(labels);
    },
    subscriptionOpened(transport) {
      subscriptions.inc({ transport });
      let open = true;
      return () => {
        if (open) subscriptions.dec({ transport });
        open = false;
      };
    },
  };
}

function engineMetrics(registers: Registry[]): Pick<Metrics, "runClaimed" | "runFinished"> {
  const lag = new Histogram({
    name: "vigil_scheduling_lag_seconds",
    help: "From a run's due time to its claim by this instance's engine",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  });
  const runs = new Counter({
    name: "vigil_runs_total",
    help: "Runs of this instance's engine: claimed, then recorded, lost (to another runner), skipped or failed",
    labelNames: ["event"] as const,
    registers,
  });
  for (const event of ["claimed", "recorded", "lost"]) runs.inc({ event }, 0);
  return {
    runClaimed(lagMs) {
      runs.inc({ event: "claimed" });
      lag.observe(Math.max(0, lagMs) / 1000);
    },
    runFinished(outcome) {
      runs.inc({ event: outcome });
    },
  };
}

function retentionMetrics(registers: Registry[]): Pick<Metrics, "retentionDeleted"> {
  const retentionRows = new Counter({
    name: "vigil_retention_deleted_rows_total",
    help: "Rows the retention sweep of this instance deleted, by table",
    labelNames: ["table"] as const,
    registers,
  });
  // Fine buckets around the sweep's 4 ms budget (SQLite): how long it holds the write lock.
  const retentionStatements = new Histogram({
    name: "vigil_retention_statement_seconds",
    help: "Time of each delete statement of the retention sweep, by table",
    labelNames: ["table"] as const,
    buckets: [0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512, 1],
    registers,
  });
  const retentionUnquiet = new Counter({
    name: "vigil_retention_unquiet_statements_total",
    help: "Delete statements of the retention sweep that went while the engine was busy (after waiting their longest for a quiet moment)",
    registers,
  });
  return {
    retentionDeleted(table, rows, ms, quietly) {
      retentionRows.inc({ table }, rows);
      if (!quietly) retentionUnquiet.inc();
      retentionStatements.observe({ table }, ms / 1000);
    },
  };
}

/** The checkpointer's figures, copied from its stats at scrape time (no SQL). */
function checkpointMetrics(stats: Readonly<CheckpointStats>, registers: Registry[]) {
  new Counter({
    name: "vigil_sqlite_checkpoints_total",
    help: "WAL checkpoints run by the background thread: done, or busy (retried at its next tick)",
    labelNames: ["result"] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ result: "done" }, stats.done);
      this.inc({ result: "busy" }, stats.busy);
    },
  });
  new Gauge({
    name: "vigil_sqlite_wal_frames",
    help: "Frames in SQLite's WAL after the background thread's last checkpoint",
    registers,
    collect() {
      this.set(stats.walFrames);
    },
  });
}

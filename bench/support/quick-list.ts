// Every benchmark of bench/ at the small size `npm run bench:quick` runs it at: each one's own
// BENCH_* variables, chosen so that the whole run stays under 10 minutes on the 2-core bench
// machine while each figure still means something (see bench/results.md for the reasons).
export type QuickBench = {
  name: string;
  env: Record<string, string>;
  /** Node options before the script (graphql-hostile needs a gc it can call). */
  node?: string[];
  /** Set when quick leaves (part of) the bench out: printed in the table. */
  note?: string;
};

export const QUICK_BENCHES: QuickBench[] = [
  { name: "db-read", env: { BENCH_ITERATIONS: "5000" } },
  { name: "cold-start", env: { BENCH_RUNS: "2" } },
  { name: "checks-list", env: { BENCH_CHECKS: "100", BENCH_ROUNDS: "10" } },
  { name: "delivery", env: { BENCH_NOTIFICATIONS: "500" } },
  { name: "graphql-hostile", env: {}, node: ["--expose-gc"] },
  { name: "templates", env: { BENCH_SECONDS: "2" } },
  { name: "status-pages", env: { BENCH_SECONDS: "3", BENCH_ROUNDS: "1" } },
  { name: "graphql", env: { BENCH_SECONDS: "3", BENCH_ROUNDS: "1" } },
  { name: "check-results", env: { BENCH_RESULTS: "100000", BENCH_SECONDS: "2", BENCH_ROUNDS: "1" } },
  { name: "heartbeats", env: { BENCH_CHECKS: "1000", BENCH_SECONDS: "4", BENCH_EVENTS: "20000", BENCH_RUNS: "3" } },
  { name: "subscriptions", env: { BENCH_SUBSCRIBERS: "400", BENCH_WRITES: "10", BENCH_ROUNDS: "1" } },
  { name: "agent", env: { BENCH_RUNS: "300" } },
  {
    name: "reporting-read",
    env: { BENCH_CHECKS: "200", BENCH_DAYS: "33", BENCH_EVERY_MINUTES: "240", BENCH_RUNS: "5" },
  },
  { name: "analytics", env: { BENCH_DAYS: "7", BENCH_RUNS: "5" } },
  {
    name: "reporting",
    env: { BENCH_CHECKS: "100", BENCH_DAYS: "90", BENCH_EVERY_MINUTES: "240", BENCH_SKIP: "lag" },
    note: "lag windows left out: each needs a server warmed up 70 s",
  },
  {
    name: "abuse",
    env: { BENCH_PHASE_SECONDS: "5", BENCH_SCALE: "0.1", BENCH_RECOVERY_SECONDS: "30" },
  },
  { name: "sandbox", env: { BENCH_ROUNDS: "3" } },
  { name: "ssl", env: { BENCH_RUNS: "100" } },
  { name: "browser", env: { BENCH_RUNS: "2", BENCH_PHASE_SECONDS: "3" } },
  { name: "engine", env: { BENCH_CHECKS: "2000", BENCH_WARMUP: "20", BENCH_SECONDS: "30" } },
  {
    name: "alerting",
    env: { BENCH_CHECKS: "500", BENCH_WARMUP: "10", BENCH_SECONDS: "60", BENCH_ROUNDS: "1", BENCH_BASELINE: "off" },
    note: "the run without channels left out (its lag is the engine bench's)",
  },
  {
    name: "cluster",
    env: {
      BENCH_CHECKS: "1000",
      BENCH_SUBSCRIBERS: "150",
      BENCH_WARMUP: "15",
      BENCH_SECONDS: "20",
      BENCH_ROUNDS: "1",
      BENCH_WRITES: "5",
    },
  },
  { name: "app", env: { BENCH_CHECKS: "300", BENCH_DAYS: "3", BENCH_RUNS: "3", BENCH_CHANGES: "2" } },
  { name: "app-incident", env: { BENCH_WATCHERS: "10", BENCH_WRITES: "5" }, note: "10 watchers, not 50" },
  { name: "app-status-page", env: { BENCH_RUNS: "10" } },
];

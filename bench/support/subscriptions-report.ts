// The figures of bench/subscriptions.ts: one row per side (Vigil, the raw `ws` floor), over every round.
import { record } from "./report.js";

export type Figures = {
  latencies: number[];
  cpuPerMessageUs: number;
  heapPerSubscriber: number;
  rssPerSubscriber: number;
};

const MB = 1024 * 1024;

/** The p-th percentile (nearest rank) of `values`. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Prints the table: latencies pooled over the rounds, CPU and memory averaged over them. */
export function report(
  vigil: Figures[],
  raw: Figures[],
  { subscribers, writes }: { subscribers: number; writes: number },
) {
  const row = (name: string, runs: Figures[]) => {
    const latencies = runs.flatMap((run) => run.latencies);
    const mean = (pick: (run: Figures) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
    const figures = {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpu: mean((r) => r.cpuPerMessageUs),
      heap: mean((r) => r.heapPerSubscriber),
      rss: mean((r) => r.rssPerSubscriber),
    };
    console.log(
      `${name.padEnd(28)} ${figures.p50.toFixed(1).padStart(8)} ${figures.p99.toFixed(1).padStart(8)} ${figures.cpu.toFixed(1).padStart(10)}` +
        ` ${(figures.heap / 1024).toFixed(1).padStart(10)} ${(figures.rss / 1024).toFixed(1).padStart(10)}`,
    );
    return figures;
  };
  console.log(
    `\n${"".padEnd(28)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"CPU µs/msg".padStart(10)} ${"heap KB/sub".padStart(10)} ${"RSS KB/sub".padStart(10)}`,
  );
  const ours = row("Vigil graphql-ws (REST write)", vigil);
  const floor = row("raw ws broadcast", raw);
  console.log(
    "(p50, p99: from the write to the last of its deliveries; CPU: the server process's, per delivered message)",
  );
  console.log(
    `\nwrites per side: ${vigil.length * writes}; memory heap delta ${((ours.heap * subscribers) / MB).toFixed(1)} MB for ${subscribers} subscribers`,
  );
  console.log(`goal p99 < 500 ms: ${ours.p99 < 500 ? "met" : "NOT met"} (${ours.p99.toFixed(1)} ms)`);
  const times = floor.cpu / ours.cpu;
  const bench = "subscriptions";
  record({
    bench,
    name: `server CPU per delivered message (${subscribers} subscribers), vs raw ws`,
    value: ours.cpu,
    baseline: floor.cpu,
    unit: "us",
    better: "lower",
    goal: { op: ">=", value: 0.5, on: "ratio" },
  });
  record({
    bench,
    name: `write to last delivery p99 (${subscribers} subscribers)`,
    value: ours.p99,
    unit: "ms",
    better: "lower",
    goal: { op: "<", value: 500 },
  });
  record({ bench, name: "heap per subscriber", value: ours.heap / 1024, unit: "KB", better: "lower" });
  console.log(
    `CPU per delivered message with shared execution: Vigil ${ours.cpu.toFixed(1)} µs, raw ws ${floor.cpu.toFixed(1)} µs: ` +
      `${times.toFixed(2)} times raw ws (raw ws CPU per message / Vigil's; goal at least 0.5: ${times >= 0.5 ? "met" : "NOT met"})`,
  );
}

// A benchmark's headline figures, for `npm run bench:quick` (bench/quick.ts): with BENCH_REPORT=<file>
// each record() appends one JSON line to that file; without it, record() does nothing, so a bench
// run by hand prints exactly what it printed before.
import { appendFileSync } from "node:fs";

export type Goal = {
  op: ">=" | "<=" | ">" | "<";
  value: number;
  /** What the goal is on: the figure's value (default) or its ratio against its baseline. */
  on?: "value" | "ratio";
};

export type Figure = {
  bench: string;
  name: string;
  value: number;
  unit: string;
  better: "higher" | "lower";
  /** The same figure of the bench's baseline in the same run (a static server, raw SQLite...): gives a ratio. */
  baseline?: number;
  goal?: Goal;
};

export function record(figure: Figure) {
  const file = process.env.BENCH_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

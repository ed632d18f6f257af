// The pure part of `npm run bench:quick`: a figure's ratio and goal, the recorded quick table of
// bench/results.md (read and rewritten between its markers), and the comparison with it.
import type { Figure } from "./report.js";

export const START = "<!-- quick:start -->";
export const END = "<!-- quick:end -->";
/** A ratio this much worse than the recorded one is a regression; an absolute figure, a warning. */
export const RATIO_TOLERANCE = 0.1;
export const ABSOLUTE_TOLERANCE = 0.25;

export type Recorded = { value: number; ratio?: number };
export type Row = {
  bench: string;
  name: string;
  value: string;
  unit: string;
  ratio: string;
  goal: string;
  met: string;
};

/** Ours against the baseline, oriented so that higher is better (req/s over req/s; CPU baseline over CPU ours). */
export function ratioOf(f: Figure): number | undefined {
  if (f.baseline === undefined || !(f.baseline > 0) || !(f.value > 0)) return undefined;
  return f.better === "higher" ? f.value / f.baseline : f.baseline / f.value;
}

export function goalMet(f: Figure): boolean | undefined {
  if (!f.goal) return undefined;
  const actual = f.goal.on === "ratio" ? ratioOf(f) : f.value;
  if (actual === undefined || Number.isNaN(actual)) return false;
  const { op, value } = f.goal;
  return op === ">=" ? actual >= value : op === "<=" ? actual <= value : op === ">" ? actual > value : actual < value;
}

export function formatNumber(n: number | undefined): string {
  if (n === undefined) return "";
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return String(n);
  // Three significant digits below 1: a ratio of 0.0276 must not read back as 0.03.
  if (Math.abs(n) < 1) return String(Number(n.toPrecision(3)));
  const digits = Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  return n.toFixed(digits);
}

export function toRow(f: Figure): Row {
  const met = goalMet(f);
  const goal = f.goal
    ? `${f.goal.on === "ratio" ? "ratio " : ""}${f.goal.op} ${f.goal.value}${f.goal.on === "ratio" ? "x" : ` ${f.unit}`}`
    : "";
  return {
    bench: f.bench,
    name: f.name,
    value: formatNumber(f.value),
    unit: f.unit,
    ratio: ratioOf(f) === undefined ? "" : `${formatNumber(ratioOf(f))}x`,
    goal,
    met: met === undefined ? "" : met ? "met" : "MISSED",
  };
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

/** The recorded quick table's figures by `bench|figure`; empty when results.md has none. */
export function parseQuickTable(markdown: string): Map<string, Recorded> {
  const recorded = new Map<string, Recorded>();
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END, start);
  if (start < 0 || end < 0) return recorded;
  for (const line of markdown.slice(start, end).split("\n")) {
    if (!line.trim().startsWith("|")) continue;
    const [bench, name, value, , ratio] = cells(line);
    const number = Number(value);
    if (!bench || !name || bench === "bench" || /^-+$/.test(bench) || value === "" || Number.isNaN(number)) continue;
    const r = ratio ? Number(ratio.replace(/x$/, "")) : Number.NaN;
    recorded.set(`${bench}|${name}`, Number.isNaN(r) ? { value: number } : { value: number, ratio: r });
  }
  return recorded;
}

export type Comparison = { change: string; flag: "" | "REGRESSION" | "warning" };

/**
 * This run's figure against its recorded one. A ratio (against a baseline, or a figure in "x")
 * more than 10% the wrong way is a REGRESSION; an absolute figure more than 25% the wrong way, a
 * warning only (the machine's load moves them).
 */
export function compare(f: Figure, recorded: Recorded | undefined): Comparison {
  if (!recorded) return { change: "new", flag: "" };
  const ratio = ratioOf(f);
  const relative = (now: number, then: number) => (then === 0 ? 0 : now / then - 1);
  const percent = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(0)}%`;
  if (ratio !== undefined && recorded.ratio !== undefined) {
    const change = relative(ratio, recorded.ratio);
    return { change: `ratio ${percent(change)}`, flag: change < -RATIO_TOLERANCE ? "REGRESSION" : "" };
  }
  const change = relative(f.value, recorded.value);
  const worse = f.better === "higher" ? -change : change;
  if (f.unit === "x") return { change: percent(change), flag: worse > RATIO_TOLERANCE ? "REGRESSION" : "" };
  return { change: percent(change), flag: worse > ABSOLUTE_TOLERANCE ? "warning" : "" };
}

const line = (values: string[]) => `| ${values.join(" | ")} |`;

/** The table recorded in results.md. */
export function quickTable(rows: Row[]): string {
  const header = ["bench", "figure", "value", "unit", "ratio", "goal", "met"];
  return [line(header), line(header.map(() => "---")), ...rows.map((r) => line(Object.values(r)))].join("\n");
}

/** The recorded table's rows, kept for benches this run did not run (BENCH_ONLY). */
export function keptRows(markdown: string, ran: Set<string>): Row[] {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END, start);
  if (start < 0 || end < 0) return [];
  return markdown
    .slice(start, end)
    .split("\n")
    .filter((l) => l.trim().startsWith("|"))
    .map(cells)
    .filter(([bench, , value]) => bench && bench !== "bench" && !/^-+$/.test(bench) && value !== "" && !ran.has(bench))
    .map(([bench, name, value, unit, ratio, goal, met]) => ({
      bench: bench!,
      name: name ?? "",
      value: value ?? "",
      unit: unit ?? "",
      ratio: ratio ?? "",
      goal: goal ?? "",
      met: met ?? "",
    }));
}

/** The recorded table's lines before it ("Recorded ... UTC, commit ..."): kept when a subset is recorded. */
export function recordedNotes(markdown: string): string[] {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END, start);
  if (start < 0 || end < 0) return [];
  return markdown
    .slice(start + START.length, end)
    .split("\n")
    .filter((l) => l.startsWith("Recorded "));
}

/** results.md with its quick section (between the markers) replaced by `body`. */
export function replaceQuickSection(markdown: string, body: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END, start);
  if (start < 0 || end < 0) throw new Error(`bench/results.md has no ${START} ... ${END} section`);
  return `${markdown.slice(0, start + START.length)}\n${body}\n${markdown.slice(end)}`;
}

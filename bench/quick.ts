// Every benchmark of bench/ at a small size, one after another, each in its own process with
// BENCH_REPORT set (bench/support/report.ts); then ONE table of their figures beside the quick
// table recorded in bench/results.md, flagging a ratio more than 10% below its recorded one.
// Exits 0 when figures regress (a REGRESSION line says so), 1 when a bench crashed.
//   npm run bench:quick
//   BENCH_ONLY=db-read,graphql npm run bench:quick
//   npm run bench:quick -- --record      (or BENCH_RECORD=1: rewrites the quick table of results.md)
import { spawn, execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { QUICK_BENCHES, type QuickBench } from "./support/quick-list.js";
import type { Figure } from "./support/report.js";
import {
  compare,
  keptRows,
  parseQuickTable,
  quickTable,
  recordedNotes,
  replaceQuickSection,
  toRow,
} from "./support/quick-table.js";

const root = new URL("..", import.meta.url).pathname;
const resultsFile = join(root, "bench/results.md");
const LIMIT_MS = 5 * 60_000;
const only = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
const unknown = only.filter((name) => !QUICK_BENCHES.some((b) => b.name === name));
if (unknown.length) throw new Error(`BENCH_ONLY: no such bench ${unknown.join(", ")}`);
const benches = QUICK_BENCHES.filter((b) => !only.length || only.includes(b.name));
const recording = process.argv.includes("--record") || process.env.BENCH_RECORD === "1";
const dir = mkdtempSync(join(tmpdir(), "vigil-bench-quick-"));
// The benches read their sizes from BENCH_* variables: only the list's reach them.
const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("BENCH_")));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

type Outcome = { bench: QuickBench; seconds: number; code: number | string; figures: Figure[] };

async function run(bench: QuickBench, index: number): Promise<Outcome> {
  const report = join(dir, `${bench.name}.jsonl`);
  const log = join(dir, `${bench.name}.log`);
  const out = openSync(log, "w");
  const started = performance.now();
  const child = spawn(process.execPath, [...(bench.node ?? []), "--import", "tsx", `bench/${bench.name}.ts`], {
    cwd: root,
    env: { ...inherited, ...bench.env, BENCH_REPORT: report },
    stdio: ["ignore", out, out],
    detached: true, // its own process group: a bench over its time is stopped with its servers
  });
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), LIMIT_MS);
  const code = await new Promise<number | string>((resolve) =>
    child.on("exit", (status, signal) => resolve(status ?? signal ?? "?")),
  );
  clearTimeout(timer);
  closeSync(out);
  const seconds = (performance.now() - started) / 1000;
  const figures = existsSync(report)
    ? readFileSync(report, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Figure)
        .map((f) => ({ ...f, value: f.value ?? Number.NaN })) // JSON writes NaN as null
    : [];
  console.log(
    `[${index + 1}/${benches.length}] ${bench.name}: ${seconds.toFixed(0)} s, exit ${code}, ${figures.length} figures (${log}; load ${load()})`,
  );
  return { bench, seconds, code, figures };
}

const startedAt = new Date();
const startLoad = load();
const began = performance.now();
console.log(`bench:quick: ${benches.length} benches, one at a time; logs in ${dir}; load ${load()}`);
const outcomes: Outcome[] = [];
for (const [i, bench] of benches.entries()) outcomes.push(await run(bench, i));
const total = (performance.now() - began) / 1000;

const markdown = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "";
const recorded = parseQuickTable(markdown);
const header = ["bench", "figure", "value", "unit", "ratio", "goal", "met", "recorded", "change", "flag"];
const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
const regressions: string[] = [];
for (const { bench, code, figures } of outcomes) {
  const crashed = code !== 0;
  if (crashed || !figures.length || bench.note) {
    const why = crashed ? `CRASHED (exit ${code})` : figures.length ? "" : "no figures recorded";
    lines.push(`| ${bench.name} | ${[why, bench.note].filter(Boolean).join("; ")} | | | | | | | | |`);
  }
  for (const f of figures) {
    const row = toRow(f);
    const then = recorded.get(`${f.bench}|${f.name}`);
    const { change, flag } = compare(f, then);
    if (flag === "REGRESSION") regressions.push(`${f.bench}: ${f.name} ${change}`);
    const was = then ? `${then.value}${then.ratio === undefined ? "" : ` (${then.ratio}x)`}` : "";
    lines.push(`| ${[...Object.values(row), was, change, flag].join(" | ")} |`);
  }
}
console.log(`\n${lines.join("\n")}\n`);
const minutes = `${Math.floor(total / 60)} min ${Math.round(total % 60)} s`;
console.log(
  `total ${minutes}; load (uptime) ${startLoad} at the start, ${load()} at the end, on ${cpus().length} CPUs`,
);
for (const r of regressions) console.log(`REGRESSION: ${r} (a ratio more than 10% below its recorded one)`);
if (!regressions.length) console.log("no ratio more than 10% below its recorded one");
const crashed = outcomes.filter((o) => o.code !== 0);
for (const o of crashed)
  console.log(`CRASHED: ${o.bench.name} (exit ${o.code}); its output: ${dir}/${o.bench.name}.log`);

if (recording) {
  // A bench that recorded nothing this time (it crashed) keeps its recorded rows.
  const ran = new Set(outcomes.filter((o) => o.figures.length).map((o) => o.bench.name));
  const order = (row: { bench: string }) => QUICK_BENCHES.findIndex((b) => b.name === row.bench);
  const rows = [...keptRows(markdown, ran), ...outcomes.flatMap((o) => o.figures.map(toRow))].sort(
    (a, b) => order(a) - order(b),
  );
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
  const commit = `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--untracked-files=no") ? "+ (uncommitted changes)" : ""}`;
  const body = [
    ...(only.length ? recordedNotes(markdown) : []),
    `Recorded ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}, ` +
      `load (uptime) ${startLoad} at the start, ${load()} at the end, on ${cpus().length} CPUs; ${minutes}${only.length ? ` (BENCH_ONLY=${only.join(",")})` : ""}.`,
    "",
    quickTable(rows),
  ].join("\n");
  writeFileSync(resultsFile, replaceQuickSection(markdown, body));
  console.log(`recorded this run's figures in ${resultsFile}`);
}
process.exit(crashed.length ? 1 : 0);

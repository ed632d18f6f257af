// bench:quick's pure part: ratios, goals, the recorded table of bench/results.md and the flags.
import { describe, expect, it } from "vitest";
import {
  compare,
  END,
  goalMet,
  keptRows,
  formatNumber,
  parseQuickTable,
  quickTable,
  ratioOf,
  recordedNotes,
  replaceQuickSection,
  START,
  toRow,
} from "../../../../bench/support/quick-table.js";
import type { Figure } from "../../../../bench/support/report.js";

const rps = (value: number, baseline?: number): Figure => ({
  bench: "status-pages",
  name: "(a) GET /status/{url}, vs (c)",
  value,
  unit: "req/s",
  better: "higher",
  baseline,
  goal: { op: ">=", value: 0.5, on: "ratio" },
});
const cpu = (value: number, baseline?: number): Figure => ({
  bench: "subscriptions",
  name: "server CPU per delivered message",
  value,
  unit: "us",
  better: "lower",
  baseline,
});

const results = (table: string) =>
  `# Benchmark results\n\nintro\n\n${START}\n${table}\n${END}\n\n## Last full runs\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`;
const recordedTable = [
  "Recorded 2026-11-27 14:00 UTC, commit abc1234.",
  "",
  "| bench | figure | value | unit | ratio | goal | met |",
  "| --- | --- | --- | --- | --- | --- | --- |",
  "| status-pages | (a) GET /status/{url}, vs (c) | 800 | req/s | 1.00x | ratio >= 0.5x | met |",
  "| db-read | read by id (sqlite) | 120 | us CPU/op |  | <= 300 us CPU/op | met |",
].join("\n");

describe("ratioOf", () => {
  it("orients the ratio so that higher is better", () => {
    expect(ratioOf(rps(400, 800))).toBe(0.5);
    expect(ratioOf(cpu(20, 10))).toBe(0.5);
  });
  it("gives none without a baseline, or with an empty one", () => {
    expect(ratioOf(rps(400))).toBeUndefined();
    expect(ratioOf(rps(400, 0))).toBeUndefined();
  });
});

describe("goalMet", () => {
  it("judges the ratio when the goal is on it, the value otherwise", () => {
    expect(goalMet(rps(400, 800))).toBe(true);
    expect(goalMet(rps(300, 800))).toBe(false);
    expect(goalMet({ ...cpu(250), goal: { op: "<=", value: 300 } })).toBe(true);
    expect(goalMet({ ...cpu(301), goal: { op: "<=", value: 300 } })).toBe(false);
    expect(goalMet(cpu(1))).toBeUndefined();
  });
  it("calls a figure that could not be measured missed", () => {
    expect(goalMet({ ...cpu(Number.NaN), goal: { op: "<", value: 100 } })).toBe(false);
  });
});

describe("parseQuickTable", () => {
  it("reads the rows between the markers only, with their ratios", () => {
    const recorded = parseQuickTable(results(recordedTable));
    expect([...recorded.keys()]).toEqual(["status-pages|(a) GET /status/{url}, vs (c)", "db-read|read by id (sqlite)"]);
    expect(recorded.get("status-pages|(a) GET /status/{url}, vs (c)")).toEqual({ value: 800, ratio: 1 });
    expect(recorded.get("db-read|read by id (sqlite)")).toEqual({ value: 120 });
  });
  it("is empty when results.md has no quick section", () => {
    expect(parseQuickTable("# nothing recorded\n| a | b | 1 |\n").size).toBe(0);
  });
});

describe("compare", () => {
  const recorded = parseQuickTable(results(recordedTable));
  const was = recorded.get("status-pages|(a) GET /status/{url}, vs (c)");
  it("flags a ratio more than 10% below the recorded one as a regression", () => {
    expect(compare(rps(850, 1000), was)).toEqual({ change: "ratio -15%", flag: "REGRESSION" });
  });
  it("lets a ratio within 10% pass, or one that rose, even when the absolute figure fell", () => {
    expect(compare(rps(950, 1000), was)).toEqual({ change: "ratio -5%", flag: "" });
    expect(compare(rps(400, 300), was).flag).toBe("");
  });
  it("flags a figure given as a ratio (x) that moved the wrong way by more than 10%", () => {
    const sandbox: Figure = { bench: "sandbox", name: "ratio", value: 1.5, unit: "x", better: "lower" };
    expect(compare(sandbox, { value: 1.2 }).flag).toBe("REGRESSION");
    expect(compare({ ...sandbox, value: 1.25 }, { value: 1.2 }).flag).toBe("");
  });
  it("only warns when an absolute figure moved the wrong way by more than 25%", () => {
    const read = recorded.get("db-read|read by id (sqlite)");
    expect(compare({ ...cpu(160), bench: "db-read" }, read)).toEqual({ change: "+33%", flag: "warning" });
    expect(compare({ ...cpu(140), bench: "db-read" }, read).flag).toBe("");
    expect(compare({ ...cpu(60), bench: "db-read" }, read)).toEqual({ change: "-50%", flag: "" });
  });
  it("calls a figure with nothing recorded new", () => {
    expect(compare(cpu(5), undefined)).toEqual({ change: "new", flag: "" });
  });
});

describe("recording", () => {
  it("replaces the quick section only, and reads back what it wrote", () => {
    const before = results(recordedTable);
    const rows = [toRow(rps(500, 1000)), toRow({ ...cpu(90), bench: "db-read", name: "read by id (sqlite)" })];
    const after = replaceQuickSection(before, `Recorded now.\n\n${quickTable(rows)}`);
    expect(after.startsWith("# Benchmark results\n\nintro\n\n")).toBe(true);
    expect(after.endsWith("## Last full runs\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")).toBe(true);
    expect(after).not.toContain("commit abc1234");
    const read = parseQuickTable(after);
    expect(read.get("status-pages|(a) GET /status/{url}, vs (c)")).toEqual({ value: 500, ratio: 0.5 });
    expect(read.get("db-read|read by id (sqlite)")).toEqual({ value: 90 });
  });
  it("keeps the recorded rows of benches this run left out", () => {
    const kept = keptRows(results(recordedTable), new Set(["status-pages"]));
    expect(kept.map((r) => `${r.bench}|${r.name}|${r.value}`)).toEqual(["db-read|read by id (sqlite)|120"]);
  });
  it("gives the notes of earlier recordings, kept when a subset is recorded", () => {
    expect(recordedNotes(results(recordedTable))).toEqual(["Recorded 2026-11-27 14:00 UTC, commit abc1234."]);
  });
  it("writes counts as integers, and small ratios with three significant digits", () => {
    expect([formatNumber(9), formatNumber(1234.56), formatNumber(45.04), formatNumber(0.02756)]).toEqual([
      "9",
      "1235",
      "45.0",
      "0.0276",
    ]);
  });
  it("refuses a results.md without the markers", () => {
    expect(() => replaceQuickSection("# no markers", "x")).toThrow(/quick:start/);
  });
});

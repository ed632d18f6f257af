import { readRunFile } from "./run-files.js";

/** The most of Playwright's JSON report and of the fixture's pages file read (the run writes them). */
const MAX_REPORT_BYTES = 20 * 1024 * 1024;
const MAX_PAGES_BYTES = 5 * 1024 * 1024;

/** web.dev's thresholds: good up to the first, poor over the second (TBT: Lighthouse's). */
const THRESHOLDS = {
  TTFB: [800, 1800],
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  TBT: [200, 600],
} as const;
export type VitalName = keyof typeof THRESHOLDS;
export type Vital = { value: number | null; score: "GOOD" | "NEEDS_IMPROVEMENT" | "POOR" | null };

export function scoreVital(name: VitalName, value: number | null | undefined): Vital {
  if (value === null || value === undefined || !Number.isFinite(value)) return { value: null, score: null };
  const [good, poor] = THRESHOLDS[name];
  const rounded = name === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
  return { value: rounded, score: value <= good ? "GOOD" : value <= poor ? "NEEDS_IMPROVEMENT" : "POOR" };
}

export type PageRecord = { url: string; webVitals: Record<VitalName, Vital> };
export type TraceSummary = {
  consoleErrors: number;
  userScriptErrors: number;
  networkErrors: number;
  documentErrors: number;
};

type PagesLine = {
  pages?: { url?: unknown; vitals?: Partial<Record<VitalName, number | null>> | null }[];
  summary?: Partial<TraceSummary>;
};
const MAX_PAGES = 100;

/**
 * What the instrumented fixture wrote: one line per test that used a browser context. The file
 * is the run's to write, so a line that is not what the fixture writes is skipped, and at most
 * MAX_PAGES pages are kept.
 */
export async function readPages(file: string): Promise<{ pages: PageRecord[]; traceSummary: TraceSummary }> {
  const text = (await readRunFile(file, MAX_PAGES_BYTES)) ?? "";
  const traceSummary: TraceSummary = { consoleErrors: 0, userScriptErrors: 0, networkErrors: 0, documentErrors: 0 };
  const pages: PageRecord[] = [];
  for (const line of text.split("\n")) {
    let entry: PagesLine;
    try {
      entry = JSON.parse(line) as PagesLine;
    } catch {
      continue;
    }
    for (const key of Object.keys(traceSummary) as (keyof TraceSummary)[]) {
      const count = entry?.summary?.[key];
      if (typeof count === "number" && Number.isFinite(count)) traceSummary[key] += count;
    }
    for (const page of Array.isArray(entry?.pages) ? entry.pages : []) {
      if (typeof page?.url !== "string" || pages.length >= MAX_PAGES) continue;
      const webVitals = Object.fromEntries(
        (Object.keys(THRESHOLDS) as VitalName[]).map((name) => [name, scoreVital(name, page.vitals?.[name])]),
      ) as Record<VitalName, Vital>;
      pages.push({ url: page.url.slice(0, 2048), webVitals });
    }
  }
  return { pages, traceSummary };
}

type JsonResult = {
  status: string;
  duration: number;
  errors?: { message?: string; stack?: string }[];
  attachments?: { name: string; contentType: string; path?: string }[];
};
type JsonSuite = {
  title: string;
  specs?: { title: string; tests: { expectedStatus: string; status: string; results: JsonResult[] }[] }[];
  suites?: JsonSuite[];
};
type JsonReport = { suites?: JsonSuite[]; errors?: { message?: string }[] };

export type TestRun = {
  title: string;
  passed: boolean;
  skipped: boolean;
  durationMs: number;
  errors: string[];
  attachments: { name: string; contentType: string; path: string }[];
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in Playwright's messages
const ANSI = /\u001b\[[0-9;]*m/g;
export const plain = (text: string) => text.replace(ANSI, "");

/** The tests of Playwright's JSON report, or null when the run ended before writing it. */
export async function readReport(file: string): Promise<{ tests: TestRun[]; errors: string[] } | null> {
  const text = await readRunFile(file, MAX_REPORT_BYTES);
  if (text === null) return null;
  const report = JSON.parse(text) as JsonReport;
  const tests: TestRun[] = [];
  const walk = (suite: JsonSuite, path: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        const results = test.results;
        tests.push({
          title: [...path, spec.title].filter(Boolean).join(" › "),
          passed: test.status === "expected" || test.status === "flaky",
          skipped: test.status === "skipped",
          durationMs: results.reduce((sum, r) => sum + r.duration, 0),
          errors: results.flatMap((r) => (r.errors ?? []).map((e) => plain(e.message ?? e.stack ?? "error"))),
          attachments: results.flatMap((r) =>
            (r.attachments ?? []).flatMap((a) =>
              a.path ? [{ name: a.name, contentType: a.contentType, path: a.path }] : [],
            ),
          ),
        });
      }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return { tests, errors: (report.errors ?? []).map((e) => plain(e.message ?? "error")) };
}

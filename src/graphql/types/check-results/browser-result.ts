import { builder } from "../../builder.js";

/** The typed parts of browserCheckResult / multiStepCheckResult (the JSON fields keep every detail). */
type Vital = { value: number | null; score: string | null };
type Page = { url: string; webVitals?: Partial<Record<"TTFB" | "FCP" | "LCP" | "CLS" | "TBT", Vital>> };
type TraceSummary = Partial<Record<"consoleErrors" | "userScriptErrors" | "networkErrors" | "documentErrors", number>>;

const WebVitalRef = builder.objectRef<Vital>("WebVital").implement({
  description: "One web vital of a page: its value (ms; CLS unitless) and web.dev's score for it.",
  fields: (t) => ({
    value: t.float({ nullable: true, resolve: (v) => v.value ?? null }),
    score: t.string({
      nullable: true,
      description: "GOOD, NEEDS_IMPROVEMENT or POOR (web.dev's thresholds); null when not measured.",
      resolve: (v) => v.score ?? null,
    }),
  }),
});

const vital = (name: "TTFB" | "FCP" | "LCP" | "CLS" | "TBT") =>
  ({ type: WebVitalRef, nullable: true, resolve: (p: Page) => p.webVitals?.[name] ?? null }) as const;

export const BrowserPageRef = builder.objectRef<Page>("BrowserPage").implement({
  description: "A page a browser check's script left open, with its web vitals.",
  fields: (t) => ({
    url: t.exposeString("url"),
    ttfb: t.field({ ...vital("TTFB"), description: "Time to first byte." }),
    fcp: t.field({ ...vital("FCP"), description: "First contentful paint." }),
    lcp: t.field({ ...vital("LCP"), description: "Largest contentful paint." }),
    cls: t.field({ ...vital("CLS"), description: "Cumulative layout shift." }),
    tbt: t.field({ ...vital("TBT"), description: "Total blocking time (long tasks over 50 ms)." }),
  }),
});

export const BrowserTraceSummaryRef = builder.objectRef<TraceSummary>("BrowserTraceSummary").implement({
  description: "Counts of the errors a browser or multi-step run met.",
  fields: (t) => ({
    consoleErrors: t.int({ resolve: (s) => s.consoleErrors ?? 0 }),
    userScriptErrors: t.int({
      description: "Uncaught errors of the pages' scripts.",
      resolve: (s) => s.userScriptErrors ?? 0,
    }),
    networkErrors: t.int({
      description: "Failed requests and 4xx/5xx answers other than documents.",
      resolve: (s) => s.networkErrors ?? 0,
    }),
    documentErrors: t.int({
      description: "Documents that failed or answered 4xx/5xx.",
      resolve: (s) => s.documentErrors ?? 0,
    }),
  }),
});

/** The recorded object of a browser-type result (browser, else multi-step), or null. */
export function browserRecord(r: {
  browserCheckResult: unknown;
  multiStepCheckResult: unknown;
}): Record<string, unknown> | null {
  const record = (r.browserCheckResult ?? r.multiStepCheckResult) as unknown;
  return record && typeof record === "object" && !Array.isArray(record) ? (record as Record<string, unknown>) : null;
}

export const browserPages = (r: { browserCheckResult: unknown; multiStepCheckResult: unknown }): Page[] | null => {
  const pages = browserRecord(r)?.pages;
  return Array.isArray(pages) ? (pages.filter((p) => p && typeof (p as Page).url === "string") as Page[]) : null;
};
export const browserTraceSummary = (r: {
  browserCheckResult: unknown;
  multiStepCheckResult: unknown;
}): TraceSummary | null => {
  const summary = browserRecord(r)?.traceSummary;
  return summary && typeof summary === "object" ? (summary as TraceSummary) : null;
};

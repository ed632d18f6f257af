import { join } from "node:path";
import { packagePath } from "../../sandbox/index.js";
import { nodeProxySource } from "../../sandbox/node-proxy-source.js";

/** Where the real @playwright/test is, as the run sees it: the shim in its directory re-exports it. */
export const realPlaywrightTest = (sandboxed: boolean) => join(packagePath("@playwright/test", sandboxed), "index.js");
/** Playwright Test's command line, run in the sandbox. */
export const playwrightCli = (sandboxed: boolean) => join(packagePath("@playwright/test", sandboxed), "cli.js");

/**
 * Records, for each page a test opened: its URL and web vitals (TTFB from the navigation entry;
 * FCP, LCP, CLS and TBT from PerformanceObserver: TBT sums long tasks' time over 50 ms).
 */
const VITALS_SCRIPT = `(() => {
  if (window.top !== window || window.__vigilVitals) return;
  const v = { FCP: null, LCP: null, CLS: 0, TBT: 0 };
  window.__vigilVitals = v;
  const watch = (type, each) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true }); } catch {}
  };
  watch("paint", (e) => { if (e.name === "first-contentful-paint") v.FCP = e.startTime; });
  watch("largest-contentful-paint", (e) => { v.LCP = e.renderTime || e.loadTime || e.startTime; });
  watch("layout-shift", (e) => { if (!e.hadRecentInput) v.CLS += e.value; });
  watch("longtask", (e) => { v.TBT += Math.max(0, e.duration - 50); });
})();`;

/**
 * The `@playwright/test` a check's script imports in its run directory: the real one, with its
 * `context` fixture instrumented (web vitals of each page, counts of console, script, network and
 * document errors, written to `pagesFile` after each test). In the sandbox, Node's and
 * Playwright's own requests are given the proxy (src/sandbox/node-proxy-source.ts): the address
 * rule is the proxy's. The `request` fixture alone launches no browser (MULTI_STEP).
 */
export function fixtureSource(options: { pagesFile: string; sandboxed: boolean }): string {
  return `"use strict";
const real = require(${JSON.stringify(realPlaywrightTest(options.sandboxed))});
const fs = require("node:fs");
const PAGES_FILE = ${JSON.stringify(options.pagesFile)};
const VITALS_SCRIPT = ${JSON.stringify(VITALS_SCRIPT)};
${options.sandboxed ? nodeProxySource() : ""}
const test = real.test.extend({
  context: async ({ context }, use, testInfo) => {
    const summary = { consoleErrors: 0, userScriptErrors: 0, networkErrors: 0, documentErrors: 0 };
    context.on("console", (message) => { if (message.type() === "error") summary.consoleErrors++; });
    context.on("weberror", () => { summary.userScriptErrors++; });
    context.on("requestfailed", (request) => {
      if (request.resourceType() === "document") summary.documentErrors++;
      else summary.networkErrors++;
    });
    context.on("response", (response) => {
      if (response.status() < 400) return;
      if (response.request().resourceType() === "document") summary.documentErrors++;
      else summary.networkErrors++;
    });
    await context.addInitScript({ content: VITALS_SCRIPT });
    await use(context);
    const pages = [];
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      // An observer's entries arrive after the paint, later on a busy host: the paint timeline is
      // read too, and a page with content but no paint yet is given up to half a second.
      const vitals = await page
        .evaluate(async () => {
          const fcp = () => {
            const entry = performance.getEntriesByName("first-contentful-paint")[0];
            return entry ? entry.startTime : null;
          };
          const painted = document.body && document.body.childElementCount > 0;
          for (let waited = 0; painted && fcp() === null && waited < 500; waited += 50)
            await new Promise((resolve) => setTimeout(resolve, 50));
          const nav = performance.getEntriesByType("navigation")[0];
          const v = window.__vigilVitals || {};
          return { ...v, FCP: v.FCP ?? fcp(), TTFB: nav ? nav.responseStart : null };
        })
        .catch(() => null);
      pages.push({ url: page.url(), vitals });
    }
    fs.appendFileSync(PAGES_FILE, JSON.stringify({ title: testInfo.title, pages, summary }) + "\\n");
  },
});

module.exports = { ...real, test, default: test };
`;
}

/** The ES module face of the shim (a script with `import` compiled as ESM). */
export const fixtureEsm = (sandboxed: boolean) =>
  [
    'import shim from "./index.js";',
    `export * from ${JSON.stringify(realPlaywrightTest(sandboxed).replace(/index\.js$/, "index.mjs"))};`,
    "export const test = shim.test;",
    "export default shim.test;",
    "",
  ].join("\n");

export const FIXTURE_PACKAGE = JSON.stringify({
  name: "@playwright/test",
  version: "0.0.0-vigil",
  main: "index.js",
  exports: {
    ".": { import: "./index.mjs", require: "./index.js", default: "./index.js" },
    "./package.json": "./package.json",
  },
});

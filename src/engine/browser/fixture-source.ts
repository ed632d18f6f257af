import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Where the real @playwright/test is: the shim in a run's directory re-exports it. */
export const REAL_PLAYWRIGHT_TEST = require.resolve("@playwright/test");
/** Playwright Test's command line, run in the sandbox. */
export const PLAYWRIGHT_CLI = require.resolve("@playwright/test/cli");

/**
 * runners/targets.ts's isPrivateAddress as source for the run's process (a function's own text is
 * not portable: test runners rewrite its imports); test/unit/browser-fixture.test.ts checks that
 * the two agree.
 */
export const PRIVATE_ADDRESS_SOURCE = `function isPrivateAddress(address) {
  const { isIPv4, isIPv6 } = require("node:net");
  if (isIPv4(address)) {
    const [a, b] = address.split(".").map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIPv6(address)) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\\d+\\.\\d+\\.\\d+\\.\\d+)$/.exec(lower);
    if (mapped) return isPrivateAddress(mapped[1]);
    return lower === "::1" || lower === "::" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  return false;
}`;

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
 * document errors, written to `pagesFile` after each test) and, under BLOCK_PRIVATE_TARGETS,
 * every request of the browser and of the `request` fixture to a private address refused. The
 * `request` fixture alone launches no browser (MULTI_STEP).
 */
export function fixtureSource(options: { pagesFile: string; blockPrivateTargets: boolean }): string {
  return `"use strict";
const real = require(${JSON.stringify(REAL_PLAYWRIGHT_TEST)});
const fs = require("node:fs");
const dns = require("node:dns/promises");
const { isIPv4, isIPv6 } = require("node:net");
const PAGES_FILE = ${JSON.stringify(options.pagesFile)};
const BLOCK = ${options.blockPrivateTargets ? "true" : "false"};
const VITALS_SCRIPT = ${JSON.stringify(VITALS_SCRIPT)};
${PRIVATE_ADDRESS_SOURCE}

async function refusal(url) {
  let host;
  try { host = new URL(url).hostname.replace(/^\\[|\\]$/g, ""); } catch { return null; }
  if (!/^(https?|wss?):/.test(new URL(url).protocol)) return null;
  let addresses;
  try { addresses = isIPv4(host) || isIPv6(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address); }
  catch { return null; }
  return addresses.some(isPrivateAddress)
    ? "refused: " + host + " is or resolves to a private, loopback or link-local address (BLOCK_PRIVATE_TARGETS)"
    : null;
}

function guardRequest(request) {
  const methods = new Set(["fetch", "get", "post", "put", "patch", "delete", "head"]);
  return new Proxy(request, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof key !== "string" || !methods.has(key) || typeof value !== "function") return value;
      return async (url, ...rest) => {
        const href = typeof url === "string" ? url : url && typeof url.url === "function" ? url.url() : String(url);
        const message = /^[a-z]+:/i.test(href) ? await refusal(href) : null;
        if (message) throw new Error(message);
        return value.call(target, url, ...rest);
      };
    },
  });
}

const test = real.test.extend({
  context: async ({ context }, use, testInfo) => {
    const summary = { consoleErrors: 0, userScriptErrors: 0, networkErrors: 0, documentErrors: 0 };
    const refused = [];
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
    if (BLOCK) {
      await context.route("**/*", async (route) => {
        const message = await refusal(route.request().url());
        if (!message) return route.continue();
        refused.push(message + ": " + route.request().url());
        return route.abort("blockedbyclient");
      });
    }
    await use(context);
    const pages = [];
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      const vitals = await page
        .evaluate(() => {
          const nav = performance.getEntriesByType("navigation")[0];
          return { ...(window.__vigilVitals || {}), TTFB: nav ? nav.responseStart : null };
        })
        .catch(() => null);
      pages.push({ url: page.url(), vitals });
    }
    fs.appendFileSync(PAGES_FILE, JSON.stringify({ title: testInfo.title, pages, summary, refused }) + "\\n");
  },
  request: async ({ request }, use) => {
    await use(BLOCK ? guardRequest(request) : request);
  },
});

module.exports = { ...real, test, default: test };
`;
}

/** The ES module face of the shim (a script with `import` compiled as ESM). */
export const FIXTURE_ESM = [
  'import shim from "./index.js";',
  `export * from ${JSON.stringify(REAL_PLAYWRIGHT_TEST.replace(/index\.js$/, "index.mjs"))};`,
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

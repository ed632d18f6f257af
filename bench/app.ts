// Issue 27: the operator app with CHECKS checks, DAYS days of rollups and 24 h of raw results on
// SQLite, in Debian's Chromium on loopback against `vigil serve` in its own process. Prints:
// overview and checks list from navigation to content (median of RUNS), the list's next page,
// an engine-written state change to its row on screen (p99), SQL statements per list page for
// several page sizes, and the first route's JavaScript gzipped. 3 other engineers may share the
// machine: read the figures as an upper bound.
//   npm run bench:app
//   BENCH_CHECKS=1000 BENCH_CHANGES=6 npm run bench:app
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CHROMIUM_ARGS } from "../src/engine/browser/project.js";
import { chromium } from "playwright-core";
import { freePort } from "../test/support/postgres-server.js";
import { median, navigationToContent, nextPage, p99, rowStates, watchRowStates } from "./support/app-browser.js";
import { appDataset } from "./support/app-dataset.js";
import { record } from "./support/report.js";
import { firstRouteGzip, statementsPerPage } from "./support/app-server.js";
import { startServe, sleep } from "./support/server-process.js";

const checks = Number(process.env.BENCH_CHECKS ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 10);
const changes = Number(process.env.BENCH_CHANGES ?? 10);
const file = await appDataset({ checks, days: Number(process.env.BENCH_DAYS ?? 30), every: 360 });
const url = `file:${file}`;
const figures: [string, string, string][] = [];
const figure = (name: string, value: string, goal: string) => {
  figures.push([name, value, goal]);
  console.log(`${name}: ${value} (goal ${goal})`);
};

// A target that fails for 20 s, then passes for 20 s, and so on (a failed run's retry comes
// within the same 20 s): the probe, run every 10 s, changes state about every 20 s.
let answers = 0;
const target = createServer((_req, res) => {
  answers++;
  res.statusCode = Math.floor(Date.now() / 20_000) % 2 === 0 ? 500 : 200;
  res.end();
});
await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;

const { accountId, perPage } = await statementsPerPage(url, [10, 25, 50, 100]);
const port = await freePort();
const apiKey = `vg_${randomBytes(24).toString("hex")}`;
const child = await startServe({ databaseUrl: url, port, accountId, apiKey, env: { RATE_LIMIT_PER_MINUTE: "0" } });
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: [...CHROMIUM_ARGS] });
try {
  const page = await browser.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("API key").fill(apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();

  const overview = await navigationToContent(page, `${base}/`, "[data-testid=count-failing]", runs);
  figure(`overview, navigation to content, median of ${runs}`, `${median(overview).toFixed(0)} ms`, "< 1000 ms");
  const ms = { bench: "app", unit: "ms", better: "lower" } as const;
  record({
    ...ms,
    name: `overview, navigation to content (${checks} checks)`,
    value: median(overview),
    goal: { op: "<", value: 1000 },
  });
  const list = await navigationToContent(page, `${base}/checks`, "[data-testid=check-row]", runs);
  figure(`checks list, navigation to content, median of ${runs}`, `${median(list).toFixed(0)} ms`, "< 1000 ms");
  record({
    ...ms,
    name: `checks list, navigation to content (${checks} checks)`,
    value: median(list),
    goal: { op: "<", value: 1000 },
  });
  const pages: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${base}/checks?sort=newest`);
    await page.waitForSelector("[data-testid=check-row]");
    pages.push(await nextPage(page, 50));
  }
  figure(`checks list, next page of 50 rows, median of ${runs}`, `${median(pages).toFixed(0)} ms`, "< 200 ms");
  record({ ...ms, name: "checks list, next page of 50 rows", value: median(pages), goal: { op: "<", value: 200 } });
  const counts = perPage.map(([size, n]) => `${size} rows: ${n}`).join(", ");
  const fixed = new Set(perPage.map(([, n]) => n)).size === 1;
  figure("GraphQL SQL statements per list page", `${counts}${fixed ? " (fixed)" : " (NOT fixed)"}`, "fixed");
  const most = Math.max(...perPage.map(([, n]) => n));
  record({
    bench: "app",
    name: "GraphQL SQL statements per list page, most of any size",
    value: most,
    unit: "statements",
    better: "lower",
  });

  // The probe: every 10 s against the alternating target, shown alone in the list.
  const created = await fetch(`${base}/v1/checks/api`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "probe",
      frequency: 0,
      frequencyOffset: 10,
      locations: ["eu-west-1"],
      request: {
        method: "GET",
        url: targetUrl,
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
      },
    }),
  });
  const probe = (await created.json()) as { id: string };
  if (!created.ok) throw new Error(`probe not created: ${JSON.stringify(probe)}`);
  await page.goto(`${base}/checks?q=probe&sort=newest`);
  await page.waitForSelector("[data-testid=check-row]");
  await watchRowStates(page);
  const latencies: number[] = [];
  const deadline = Date.now() + 60_000 + changes * 30_000;
  for (let seen = 0; latencies.length < changes; ) {
    if (Date.now() > deadline) {
      const headers = { authorization: `Bearer ${apiKey}` };
      const status = await (await fetch(`${base}/v1/check-statuses/${probe.id}`, { headers })).text();
      const results = await (await fetch(`${base}/v2/check-results/${probe.id}?limit=5`, { headers })).text();
      throw new Error(
        `state changes seen: ${JSON.stringify(await rowStates(page))}; ${status}; ${results.slice(0, 600)}; answers ${answers}`,
      );
    }
    const states = await rowStates(page);
    if (states.length > seen) {
      const { state, at } = states[seen]!;
      seen = states.length;
      const status = await (
        await fetch(`${base}/v1/check-statuses/${probe.id}`, { headers: { authorization: `Bearer ${apiKey}` } })
      ).json();
      if (status.status?.toUpperCase() === state && status.statusSince)
        latencies.push(at - new Date(status.statusSince).getTime());
    }
    await sleep(100);
  }
  figure(
    `engine state change to its row on screen, p99 of ${changes}`,
    `${p99(latencies).toFixed(0)} ms (median ${median(latencies).toFixed(0)} ms)`,
    "< 1000 ms",
  );
  record({
    ...ms,
    name: "engine state change to its row on screen p99",
    value: p99(latencies),
    goal: { op: "<", value: 1000 },
  });
} finally {
  await browser.close();
  child.kill("SIGTERM");
  target.close();
}
figure("first route's JavaScript, gzipped", `${(firstRouteGzip() / 1024).toFixed(1)} KB`, "< 250 KB");
record({
  bench: "app",
  name: "first route's JavaScript, gzipped",
  value: firstRouteGzip() / 1024,
  unit: "KB",
  better: "lower",
  goal: { op: "<", value: 250 },
});

console.log(`\nsummary (${checks} checks, SQLite, Chromium on loopback)`);
const width = Math.max(...figures.map(([k]) => k.length));
for (const [k, v, goal] of figures) console.log(`${k.padEnd(width)}  ${v.padEnd(40)} goal ${goal}`);

// BROWSER and MULTI_STEP checks end to end: run by the service's engine (executeRun) and by a
// private-location agent process, their results stored and shown by REST and GraphQL. The
// runners' own cases (failures, hangs, limits, isolation) are in test/unit/engine/browser/run.test.ts.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { claimRuns } from "../../../src/domain/runs/index.js";
import { executeRun } from "../../../src/engine/execute.js";
import { defaultRunners } from "../../../src/engine/runners/index.js";
import { eventually, startAgentProcess, type AgentProcess } from "../../support/agent.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { privateLocationWithKey } from "../../support/index.js";

vi.setConfig({ testTimeout: 120_000 });

const script = (url: string) => `import { test, expect } from "@playwright/test";
test("shop", async ({ page }) => {
  await page.goto("${url}/");
  await expect(page.locator("h1")).toHaveText("{{GREETING}}");
});`;

/** The same page test, first making sure that it runs in the sandbox: bwrap is its pid 1. */
const sandboxedScript = (url: string) => `import { test, expect } from "@playwright/test";
import fs from "node:fs";
test("shop", async ({ page }) => {
  expect(fs.readFileSync("/proc/1/cmdline", "utf8").split("\\0")[0], "pid 1").toBe("/usr/bin/bwrap");
  await page.goto("${url}/");
  await expect(page.locator("h1")).toHaveText("{{GREETING}}");
});`;

describe(`browser-type checks run by the engine and by an agent on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let server: Server;
  let base = "";
  let agent: AgentProcess | undefined;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/api/items") return void response.setHeader("content-type", "application/json").end("[1,2]");
      response.setHeader("content-type", "text/html").end("<html><body><h1>Hello Vigil</h1></body></html>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent?.kill();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function runOnce(checkId: string) {
    const now = new Date();
    await t.db.checkRun.create({
      data: { accountId: t.accountId, checkId, location: "eu-west-1", sequenceId: randomUUID(), dueAt: now },
    });
    const [run] = await claimRuns({
      ctx: { db: t.db },
      privateLocationId: null,
      owner: "test",
      now,
      leaseMs: 60_000,
      limit: 1,
    });
    return executeRun(t.app.context, run!, {
      owner: "test",
      leaseMs: 60_000,
      now: () => new Date(),
      sleep: async () => {},
      runners: defaultRunners({ blockPrivateTargets: false }),
    });
  }

  it("records a BROWSER check's result with its pages, web vitals and trace summary; REST and GraphQL show it", async () => {
    const created = await api.post("/v1/checks/browser", {
      name: "Shop",
      locations: ["eu-west-1"],
      script: script(base),
      environmentVariables: [{ key: "GREETING", value: "Hello Vigil" }],
    });
    expect(created.status).toBe(201);
    // The reference's browser check has no response-time thresholds; a stored one is honoured.
    await t.db.check.update({
      where: { id: created.body.id },
      data: { degradedResponseTime: 1, maxResponseTime: 60_000 },
    });
    expect(await runOnce(created.body.id)).toBe("recorded");
    const [row] = await t.db.checkResult.findMany({ where: { checkId: created.body.id } });
    expect(row).toMatchObject({ hasFailures: false, hasErrors: false, isDegraded: true, overMaxResponseTime: false });
    const shown = await api.get(`/v1/check-results/${created.body.id}/${row!.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.browserCheckResult).toMatchObject({
      errors: [],
      pages: [
        { url: `${base}/`, webVitals: { FCP: { score: expect.any(String) }, TTFB: { value: expect.any(Number) } } },
      ],
      traceSummary: { consoleErrors: 0, userScriptErrors: 0, networkErrors: 0, documentErrors: 0 },
    });
    const gql = await t.gql(
      `query($id: ID!) { checkResults(checkId: $id, first: 1) { edges { node {
        browserCheckResult browserPages { url fcp { value score } cls { value score } } browserTraceSummary { consoleErrors documentErrors }
      } } } }`,
      { id: created.body.id },
    );
    const node = gql.body.data.checkResults.edges[0].node;
    expect(node.browserCheckResult).toEqual(shown.body.browserCheckResult);
    expect(node.browserPages).toEqual([
      {
        url: `${base}/`,
        fcp: { value: expect.any(Number), score: expect.any(String) },
        cls: { value: 0, score: "GOOD" },
      },
    ]);
    expect(node.browserTraceSummary).toEqual({ consoleErrors: 0, documentErrors: 0 });
    expect(shown.body.browserCheckResult.jobLog.length).toBeGreaterThan(0);
  });

  it("records a MULTI_STEP check over a local JSON API in multiStepCheckResult", async () => {
    const created = await api.post("/v1/checks/multistep", {
      name: "Items API",
      locations: ["eu-west-1"],
      script: `import { test, expect } from "@playwright/test";
test("items", async ({ request }) => { expect(await (await request.get("${base}/api/items")).json()).toEqual([1, 2]); });`,
    });
    expect(created.status).toBe(201);
    expect(await runOnce(created.body.id)).toBe("recorded");
    const [row] = await t.db.checkResult.findMany({ where: { checkId: created.body.id } });
    expect(row).toMatchObject({ hasFailures: false, hasErrors: false, browserCheckResult: null });
    expect(row!.multiStepCheckResult).toMatchObject({ errors: [] });
  });

  it("runs a BROWSER check on a private location's agent process", async () => {
    const location = await privateLocationWithKey(api, "Office", `browser-${randomUUID().slice(0, 8)}`);
    agent = await startAgentProcess({ VIGIL_URL: t.url, API_KEY: location.key });
    const created = await api.post("/v1/checks/browser", {
      name: "Shop from the office",
      locations: [],
      privateLocations: [location.slug],
      // Agents run scripts in the same sandbox as the service (issue 26).
      script: sandboxedScript(base),
      environmentVariables: [{ key: "GREETING", value: "Hello Vigil" }],
    });
    expect(created.status).toBe(201);
    expect((await api.post("/v1/check-sessions/trigger", { target: { checkId: [created.body.id] } })).status).toBe(201);
    const [result] = await eventually(
      async () => {
        const rows = await t.db.checkResult.findMany({ where: { checkId: created.body.id, resultType: "FINAL" } });
        return rows.length ? rows : null;
      },
      90_000,
      "the agent's result",
    );
    expect(result).toMatchObject({ runLocation: location.slug, hasFailures: false, hasErrors: false });
    expect(result!.browserCheckResult).toMatchObject({ errors: [], pages: [{ url: `${base}/` }] });
    // The agent uploads the run's files (trace and job log of a passing run) after posting the try.
    const listed = await eventually(
      async () => {
        const response = await api.get(`/v1/check-results/${created.body.id}/${result!.id}/assets`);
        const types = (response.body.assets ?? []).map((a: { type: string }) => a.type).sort();
        return types.includes("trace") && types.includes("log") ? response.body.assets : null;
      },
      30_000,
      "the agent's uploaded assets",
    );
    const log = listed.find((a: { type: string }) => a.type === "log");
    const download = await fetch(log.url, { headers: { authorization: `Bearer ${t.apiKey}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(Number(download.headers.get("content-length"))).toBe(log.size);
  });
});

// End to end: a BROWSER check whose expect fails, run by the real BROWSER runner (Playwright Test
// with Debian's Chromium) through the engine's recorder: its screenshot is listed and downloads.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { claimRuns } from "../../../src/domain/runs/index.js";
import { executeRun } from "../../../src/engine/execute.js";
import { defaultRunners } from "../../../src/engine/runners/index.js";
import { useTestApp } from "../../support/app.js";
import { artifactsDir, filesUnder } from "../../support/assets.js";
import { testProvider } from "../../support/database.js";

// Playwright Test and a Chromium start for the run: seconds on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

describe(`a failing BROWSER check's screenshot on ${testProvider}`, () => {
  const dir = artifactsDir();
  const t = useTestApp({ ARTIFACTS_DIR: dir });
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((_request, response) =>
      response.setHeader("content-type", "text/html").end("<html><body><h1>Hello Vigil</h1></body></html>"),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("stores the screenshot of a failing expect: listed in the manifest, downloads as a PNG", async () => {
    const created = await t.api.post("/v1/checks/browser", {
      name: "shop",
      locations: ["eu-west-1"],
      environmentVariables: [{ key: "BASE", value: base }],
      script: `import { test, expect } from "@playwright/test";
test("home", async ({ page }) => {
  await page.goto("{{BASE}}/");
  await expect(page.locator("h1")).toHaveText("Goodbye", { timeout: 500 });
});`,
    });
    expect(created.status).toBe(201);
    const checkId = created.body.id as string;
    await t.db.checkRun.create({
      data: { accountId: t.accountId, checkId, location: "eu-west-1", sequenceId: randomUUID(), dueAt: new Date() },
    });
    const [run] = await claimRuns({
      ctx: { db: t.db },
      privateLocationId: null,
      owner: "browser-assets",
      now: new Date(),
      leaseMs: 300_000,
      limit: 1,
    });
    const outcome = await executeRun(t.app.context, run!, {
      owner: "browser-assets",
      leaseMs: 300_000,
      now: () => new Date(),
      sleep: async () => undefined,
      runners: defaultRunners({ blockPrivateTargets: false, browser: { chromiumPath: "/usr/bin/chromium" } }),
    });
    expect(outcome).toBe("recorded");
    const result = await t.db.checkResult.findFirstOrThrow({ where: { checkId, resultType: "FINAL" } });
    expect(result.hasFailures).toBe(true);

    const listed = await t.api.get(`/v1/check-results/${checkId}/${result.id}/assets`);
    expect(listed.status).toBe(200);
    const shot = listed.body.assets.find((a: { type: string }) => a.type === "screenshot");
    expect(shot).toMatchObject({ contentType: "image/png", source: { checkType: "BROWSER" } });
    const download = await fetch(shot.url, { headers: { authorization: `Bearer ${t.apiKey}` } });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(bytes.length).toBe(shot.size);
    // Every file the manifest lists is in the store, nothing else of this result.
    const stored = filesUnder(dir).filter((f) => f.includes(result.id));
    expect(stored).toHaveLength(listed.body.assets.length);
  });
});

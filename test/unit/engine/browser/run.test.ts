// The BROWSER, MULTI_STEP and PLAYWRIGHT runners against pages served here on 127.0.0.1, with
// Debian's Chromium and Playwright Test in the sandbox (no database: the engine's side is in
// test/integration/checks/browser.test.ts).
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PlaywrightProject, TryOutcome, ScriptSettings } from "../../../../src/domain/monitoring/tries.js";
import { runAlive } from "../../../../src/engine/browser/processes.js";
import { runScriptCheck, type BrowserRunOptions, type ScriptKind } from "../../../../src/engine/browser/run.js";
import { FairSlots } from "../../../../src/platform/fair-slots.js";
import { scriptSandbox } from "../../../../src/sandbox/index.js";

// Each run starts Playwright Test and most a Chromium: seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let server: Server;
let base = "";
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    hits.push(path);
    if (path === "/api/items")
      return void response.setHeader("content-type", "application/json").end('[{"id":1},{"id":2}]');
    response.setHeader("content-type", "text/html");
    response.end("<html><head><title>Vigil shop</title></head><body><h1>Hello Vigil</h1></body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options: BrowserRunOptions = {
  chromiumPath: "/usr/bin/chromium",
  sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: false }),
  slots: new FairSlots(1).for("account"),
};
const header = `import { test, expect } from "@playwright/test";\n`;

async function run(
  kind: ScriptKind,
  script: string | null,
  extra: {
    variables?: { key: string; value: string; secret?: boolean }[];
    options?: Partial<BrowserRunOptions>;
    scripted?: Partial<ScriptSettings>;
    playwright?: PlaywrightProject;
    signal?: AbortSignal;
    maxResponseTime?: number;
  } = {},
) {
  const scripted: ScriptSettings = {
    script,
    setupScripts: [],
    tearDownScripts: [],
    frequency: 10,
    ...(extra.playwright ? { playwright: extra.playwright } : {}),
    ...extra.scripted,
  };
  const outcome = await runScriptCheck(
    {
      kind,
      scripted,
      variables: [{ key: "BASE", value: base }, ...(extra.variables ?? [])],
      degradedResponseTime: null,
      maxResponseTime: extra.maxResponseTime ?? null,
      shouldFail: false,
    },
    { ...options, ...extra.options },
    extra.signal,
  );
  return outcome;
}
type Recorded = {
  errors: string[];
  jobLog: { msg: string }[];
  pages: { url: string; webVitals: Record<string, { value: number | null; score: string | null }> }[];
  traceSummary: Record<string, number>;
};
const browserResult = (o: TryOutcome) => o.browserCheckResult as unknown as Recorded;
const log = (o: TryOutcome) =>
  ((o.browserCheckResult ?? o.multiStepCheckResult) as unknown as Recorded).jobLog.map((l) => l.msg).join("\n");
/** The sandbox tag a script sent in a request to `prefix<tag>` (its processes carry it). */
const tagOf = (prefix: string) => hits.find((h) => h.startsWith(prefix))?.slice(prefix.length) ?? "";

describe("BROWSER runs", () => {
  it("passes a passing script: pages with web vitals, a trace summary, {{VAR}} and process.env variables, a trace and the job log as assets", async () => {
    const outcome = await run(
      "BROWSER",
      `${header}test("home", async ({ page }) => {
  await page.goto(process.env.BASE + "/");
  await expect(page.locator("h1")).toHaveText("{{GREETING}}");
  console.log("token is", process.env.TOKEN);
});`,
      {
        variables: [
          { key: "GREETING", value: "Hello Vigil" },
          { key: "TOKEN", value: "s3cr3t-token", secret: true },
        ],
      },
    );
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false });
    const result = browserResult(outcome);
    expect(result.errors).toEqual([]);
    expect(result.pages).toEqual([
      { url: `${base}/`, webVitals: expect.objectContaining({ TTFB: expect.anything() }) },
    ]);
    const vitals = result.pages[0]!.webVitals;
    expect(Object.keys(vitals).sort()).toEqual(["CLS", "FCP", "LCP", "TBT", "TTFB"]);
    expect(vitals.FCP!.value).toBeGreaterThan(0);
    expect(["GOOD", "NEEDS_IMPROVEMENT", "POOR"]).toContain(vitals.FCP!.score);
    expect(result.traceSummary).toEqual({ consoleErrors: 0, userScriptErrors: 0, networkErrors: 0, documentErrors: 0 });
    expect(log(outcome)).toContain("token is [redacted]");
    expect(log(outcome)).not.toContain("s3cr3t-token");
    expect(outcome.assets!.map((a) => a.kind).sort()).toEqual(["log", "trace"]);
    for (const asset of outcome.assets!) expect(existsSync(asset.path)).toBe(true);
    expect(await readFile(outcome.assets!.find((a) => a.kind === "log")!.path, "utf8")).not.toContain("s3cr3t-token");
    await outcome.release!();
    for (const asset of outcome.assets!) expect(existsSync(asset.path)).toBe(false);
  });

  it("fails a failing expect: its message in errors, a screenshot among the assets, console and script errors counted", async () => {
    const outcome = await run(
      "BROWSER",
      `${header}test("home", async ({ page }) => {
  await page.goto("{{BASE}}/");
  await page.evaluate(() => { console.error("boom"); setTimeout(() => { throw new Error("page script failed"); }); });
  await page.waitForTimeout(100);
  await expect(page.locator("h1")).toHaveText("Goodbye", { timeout: 500 });
});`,
    );
    expect(outcome).toMatchObject({ hasFailures: true, hasErrors: false });
    const result = browserResult(outcome);
    expect(result.errors.join("\n")).toContain("Goodbye");
    expect(result.traceSummary).toMatchObject({ consoleErrors: 1, userScriptErrors: 1 });
    const screenshot = outcome.assets!.find((a) => a.kind === "screenshot")!;
    expect(screenshot.contentType).toBe("image/png");
    expect((await readFile(screenshot.path)).subarray(1, 4).toString()).toBe("PNG");
    await outcome.release!();
  });

  it("stops a script that hangs at the run's limit, with its Chromium: no process of the run remains", async () => {
    const running = run(
      "BROWSER",
      `${header}test("hangs", async ({ page }) => {
  await page.goto("{{BASE}}/");
  await fetch("{{BASE}}/hanging/" + process.env.VIGIL_SANDBOX_RUN);
  await new Promise(() => {});
});`,
      { options: { limitMs: 10_000 } },
    );
    while (!tagOf("/hanging/")) await new Promise((resolve) => setTimeout(resolve, 50));
    const tag = tagOf("/hanging/");
    const names = await Promise.all((await runAlive(tag)).map((pid) => readFile(`/proc/${pid}/comm`, "utf8")));
    expect(names.some((name) => /chrom/i.test(name))).toBe(true);
    const outcome = await running;
    expect(outcome).toMatchObject({ hasFailures: true, hasErrors: false });
    expect(browserResult(outcome).errors.join("\n")).toMatch(/timed out waiting 10s|limit of 10 s/i);
    expect(await runAlive(tag)).toEqual([]);
    await outcome.release!();
  });

  it("ends a script that exits the process as a failed result", async () => {
    const outcome = await run("BROWSER", `${header}test("exits", async () => { process.exit(3); });`);
    expect(outcome).toMatchObject({ hasFailures: true, hasErrors: false });
    expect(browserResult(outcome).errors.length).toBeGreaterThan(0);
    await outcome.release!();
  });

  it("gives the script none of the service's environment, its own directory as working directory and home, none of the service's files", async () => {
    const saved = { key: process.env.VIGIL_API_KEY, db: process.env.DATABASE_URL };
    process.env.VIGIL_API_KEY = "vg_service_key_for_the_test_only";
    process.env.DATABASE_URL = "file:./service.db";
    const ownSource = new URL(import.meta.url).pathname;
    let outcome: TryOutcome;
    try {
      outcome = await run(
        "BROWSER",
        `${header}import { existsSync } from "node:fs";
test("environment", async () => {
  console.log("SEEN=" + JSON.stringify({ key: process.env.VIGIL_API_KEY ?? null, db: process.env.DATABASE_URL ?? null, cwd: process.cwd(), home: process.env.HOME, mine: process.env.MINE, serviceFile: existsSync(${JSON.stringify(ownSource)}) }));
  expect(process.env.VIGIL_API_KEY).toBeUndefined();
  expect(process.env.DATABASE_URL).toBeUndefined();
});`,
        { variables: [{ key: "MINE", value: "check variable" }] },
      );
    } finally {
      for (const [name, value] of [
        ["VIGIL_API_KEY", saved.key],
        ["DATABASE_URL", saved.db],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false });
    const seen = JSON.parse(/SEEN=(.*)/.exec(log(outcome))![1]!) as Record<string, string | boolean | null>;
    expect(seen).toMatchObject({ key: null, db: null, mine: "check variable" });
    expect(seen.cwd).toMatch(/vigil-browser-/);
    expect(seen.home).toBe(seen.cwd);
    // The checkout is not in the sandbox (test/unit/engine/browser/sandbox-hostile-script.test.ts tries harder).
    expect(seen.serviceFile).toBe(false);
    await outcome.release!();
  });

  it("keeps a bounded job log of a script printing megabytes", async () => {
    const outcome = await run(
      "BROWSER",
      `${header}test("chatty", async () => { const line = "x".repeat(1023); for (let i = 0; i < 8192; i++) console.log(line); });`,
    );
    expect(outcome.hasErrors).toBe(false);
    const logFile = outcome.assets!.find((a) => a.kind === "log")!;
    expect(logFile.size).toBeLessThan(1024 * 1024 + 1024);
    expect(await readFile(logFile.path, "utf8")).toMatch(/more bytes of output dropped/);
    expect(browserResult(outcome).jobLog.length).toBeLessThanOrEqual(2000);
    await outcome.release!();
  });

  it("refuses private targets under BLOCK_PRIVATE_TARGETS, for page navigations and the request fixture", async () => {
    const before = hits.length;
    const page = await run(
      "BROWSER",
      `${header}test("private", async ({ page }) => { await page.goto("{{BASE}}/"); });`,
      {
        options: { sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: true }) },
      },
    );
    expect(page).toMatchObject({ hasFailures: true });
    expect(browserResult(page).errors.join("\n")).toMatch(/refused: 127\.0\.0\.1 .*BLOCK_PRIVATE_TARGETS/);
    await page.release!();
    const api = await run(
      "MULTI_STEP",
      `${header}test("private", async ({ request }) => { await request.get("{{BASE}}/api/items"); });`,
      {
        options: { sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: true }) },
      },
    );
    expect(api).toMatchObject({ hasFailures: true });
    expect(JSON.stringify(api.multiStepCheckResult)).toContain("BLOCK_PRIVATE_TARGETS");
    await api.release!();
    expect(hits.length).toBe(before);
  });

  it("ends with hasErrors naming Debian's chromium package when Chromium is missing", async () => {
    const outcome = await run("BROWSER", `${header}test("x", async () => {});`, {
      options: { chromiumPath: "/nowhere/chromium" },
    });
    expect(outcome).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(browserResult(outcome).errors[0]).toMatch(/Debian's `chromium` package/);
  });

  it("ends with hasErrors naming Debian's bubblewrap package when bwrap is missing, running nothing", async () => {
    const before = hits.length;
    const outcome = await run("BROWSER", `${header}test("x", async ({ page }) => { await page.goto("{{BASE}}/"); });`, {
      options: {
        sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: false, bwrapPath: "/nowhere/bwrap" }),
      },
    });
    expect(outcome).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(browserResult(outcome).errors[0]).toMatch(/Debian's `bubblewrap` package.*SCRIPT_SANDBOX=off \(unsafe/);
    expect(hits.length).toBe(before);
  });

  it("ends with hasErrors saying why when bwrap cannot make its namespaces (a container without the options)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "vigil-fake-bwrap-"));
    const bwrap = join(dir, "bwrap");
    // What bwrap prints in a container whose seccomp profile refuses user namespaces.
    await writeFile(
      bwrap,
      "#!/bin/sh\necho 'bwrap: Creating new namespace failed: Operation not permitted' >&2\nexit 1\n",
      {
        mode: 0o755,
      },
    );
    const outcome = await run("BROWSER", `${header}test("x", async () => {});`, {
      options: { sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: false, bwrapPath: bwrap }) },
    });
    await rm(dir, { recursive: true, force: true });
    expect(outcome).toMatchObject({ hasErrors: true, hasFailures: false });
    expect(browserResult(outcome).errors).toEqual([
      expect.stringMatching(
        /^the script sandbox could not start \(bwrap: Creating new namespace failed.*compose\.yaml/,
      ),
    ]);
  });

  it("runs as a plain child process with the service's network and files under SCRIPT_SANDBOX=off (unsafe)", async () => {
    const ownSource = new URL(import.meta.url).pathname;
    const outcome = await run(
      "BROWSER",
      `${header}import { existsSync } from "node:fs";
test("unsandboxed", async ({ page }) => {
  await page.goto("{{BASE}}/");
  await expect(page.locator("h1")).toHaveText("Hello Vigil");
  console.log("SEEN=" + JSON.stringify({ uid: process.getuid(), serviceFile: existsSync(${JSON.stringify(ownSource)}) }));
});`,
      { options: { sandbox: scriptSandbox({ scriptSandbox: false, blockPrivateTargets: false }) } },
    );
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false });
    expect(JSON.parse(/SEEN=(.*)/.exec(log(outcome))![1]!)).toEqual({ uid: process.getuid?.(), serviceFile: true });
    await outcome.release!();
  });

  it("stops a running check when its signal aborts (cancellation), with its Chromium", async () => {
    const controller = new AbortController();
    const started = run(
      "BROWSER",
      `${header}test("hangs", async ({ page }) => {
  await page.goto("{{BASE}}/");
  await fetch("{{BASE}}/started/" + process.env.VIGIL_SANDBOX_RUN);
  await new Promise(() => {});
});`,
      { signal: controller.signal },
    );
    while (!tagOf("/started/")) await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const outcome = await started;
    expect(browserResult(outcome).errors).toContain("the run was cancelled");
    expect(await runAlive(tagOf("/started/"))).toEqual([]);
    await outcome.release?.();
  });
});

describe("MULTI_STEP runs", () => {
  it("checks a local JSON API with the request fixture, with setup and teardown scripts around it", async () => {
    const outcome = await run(
      "MULTI_STEP",
      `${header}test("items", async ({ request }) => {
  const response = await request.get("{{BASE}}/api/items");
  expect(response.ok()).toBe(true);
  expect(await response.json()).toHaveLength(2);
});`,
      {
        scripted: {
          setupScripts: [`await request.get(process.env.BASE + "/setup");`],
          tearDownScripts: [`await request.get(process.env.BASE + "/teardown");`],
        },
      },
    );
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false });
    expect(outcome.browserCheckResult).toBeUndefined();
    expect(outcome.multiStepCheckResult).toMatchObject({ errors: [] });
    const order = hits.filter((h) => ["/setup", "/api/items", "/teardown"].includes(h)).slice(-3);
    expect(order).toEqual(["/setup", "/api/items", "/teardown"]);
    await outcome.release!();
  });
});

describe("PLAYWRIGHT runs", () => {
  it("runs the check's project with its projects and tags: only the tagged test of the chosen project", async () => {
    const playwright: PlaywrightProject = {
      files: [
        {
          path: "playwright.config.ts",
          content: `export default { testDir: "./e2e", projects: [{ name: "desktop" }, { name: "other", testMatch: /never/ }] };`,
        },
        {
          path: "e2e/shop.spec.ts",
          content: `import { test, expect } from "@playwright/test";
test("home @smoke", async ({ page }) => { await page.goto(process.env.BASE + "/"); await expect(page).toHaveTitle("Vigil shop"); });
test("checkout", async () => { expect(1).toBe(2); });`,
        },
      ],
      testCommand: "npx playwright test",
      pwProjects: ["desktop"],
      pwTags: ["@smoke"],
      timeout: 60,
    };
    const outcome = await run("PLAYWRIGHT", null, { playwright });
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false });
    expect(browserResult(outcome).pages.map((p) => p.url)).toEqual([`${base}/`]);
    expect(log(outcome)).toContain("1 passed");
    await outcome.release!();
    const all = await run("PLAYWRIGHT", null, { playwright: { ...playwright, pwTags: [] } });
    expect(all).toMatchObject({ hasFailures: true });
    expect(browserResult(all).errors.join("\n")).toContain("checkout");
    await all.release!();
  });

  it("runs a project whose config names no projects and no testDir (Playwright's defaults)", async () => {
    const playwright: PlaywrightProject = {
      files: [
        { path: "playwright.config.ts", content: "export default { timeout: 30_000 };" },
        {
          path: "home.spec.ts",
          content: `import { test, expect } from "@playwright/test";
test("home", async ({ page }) => { await page.goto(process.env.BASE + "/"); await expect(page).toHaveTitle("Vigil shop"); });`,
        },
      ],
      testCommand: "npx playwright test",
      pwProjects: [],
      pwTags: [],
      timeout: 60,
    };
    const outcome = await run("PLAYWRIGHT", null, { playwright });
    expect(outcome).toMatchObject({ hasFailures: false, hasErrors: false });
    expect(log(outcome)).toContain("1 passed");
    await outcome.release!();
  });

  it("refuses private targets under BLOCK_PRIVATE_TARGETS, for the project's pages and requests", async () => {
    const before = hits.length;
    const playwright: PlaywrightProject = {
      files: [
        {
          path: "playwright.config.ts",
          content: `export default { testDir: "./e2e", projects: [{ name: "desktop" }] };`,
        },
        {
          path: "e2e/private.spec.ts",
          content: `import { test } from "@playwright/test";
test("private", async ({ page, request }) => {
  await request.get(process.env.BASE + "/api/items").catch(() => {});
  await page.goto(process.env.BASE + "/");
});`,
        },
      ],
      testCommand: "npx playwright test",
      pwProjects: ["desktop"],
      pwTags: [],
      timeout: 60,
    };
    const outcome = await run("PLAYWRIGHT", null, {
      playwright,
      options: { sandbox: scriptSandbox({ scriptSandbox: true, blockPrivateTargets: true }) },
    });
    expect(outcome).toMatchObject({ hasFailures: true });
    expect(browserResult(outcome).errors.join("\n")).toMatch(/refused: 127\.0\.0\.1 .*BLOCK_PRIVATE_TARGETS/);
    expect(hits.length).toBe(before);
    await outcome.release!();
  });

  it("refuses a testCommand that is not Playwright Test's", async () => {
    const outcome = await run("PLAYWRIGHT", null, {
      playwright: {
        files: [{ path: "a.spec.ts", content: "" }],
        testCommand: "rm -rf /",
        pwProjects: [],
        pwTags: [],
        timeout: null,
      },
    });
    expect(outcome).toMatchObject({ hasErrors: true });
    expect(browserResult(outcome).errors[0]).toMatch(/npx playwright test/);
  });
});

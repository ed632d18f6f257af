// The browser benchmarks' page and check: a simple page on 127.0.0.1 (and /health for API
// checks), and one warm BROWSER run of a goto + one expect against it, as the engine runs it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TryOutcome } from "../../src/domain/monitoring/tries.js";
import { type BrowserRunOptions, runScriptCheck } from "../../src/engine/browser/run.js";
import type { SandboxResult } from "../../src/engine/browser/sandbox.js";
import type { Slots } from "../../src/platform/fair-slots.js";
import { scriptSandbox } from "../../src/sandbox/index.js";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function startSimplePage() {
  const target = createServer((request, response) => {
    if (request.url === "/health") return void response.end('{"status":"ok"}');
    response.setHeader("content-type", "text/html");
    response.end("<html><head><title>Shop</title></head><body><h1>Hello Vigil</h1><p>A simple page.</p></body></html>");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  return { base, close: () => target.close() };
}

/** One BROWSER run against `base` (sandboxed unless `sandboxed` is false); throws unless it passed. */
export async function browserRun(
  base: string,
  slots: Slots,
  onSandbox: (result: SandboxResult) => void,
  sandboxed = true,
): Promise<TryOutcome> {
  const options: BrowserRunOptions = {
    chromiumPath,
    sandbox: scriptSandbox({ scriptSandbox: sandboxed, blockPrivateTargets: false }),
    slots,
    onSandbox,
  };
  const script = `import { test, expect } from "@playwright/test";
test("home", async ({ page }) => {
  await page.goto("${base}/");
  await expect(page.locator("h1")).toHaveText("Hello Vigil");
});`;
  const outcome = await runScriptCheck(
    {
      kind: "BROWSER",
      scripted: { script, setupScripts: [], tearDownScripts: [], frequency: 1 },
      variables: [],
      degradedResponseTime: null,
      maxResponseTime: null,
      shouldFail: false,
    },
    options,
  );
  await outcome.release?.();
  if (outcome.hasFailures || outcome.hasErrors) throw new Error(JSON.stringify(outcome.browserCheckResult));
  return outcome;
}

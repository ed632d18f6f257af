// The operator app in a real browser against a real `vigil serve` on SQLite (a child process,
// its own database file), as a person meets it: through the setup link the process logs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { freePort } from "./postgres-server.js";
import { type Served, serveVigil } from "./process.js";

export type AppServer = { url: string; setupLink: () => string; served: Served };

/** Starts `vigil serve` (engine on) for the file; its setup link is read from its log. `env` adds to its environment. */
export function useVigilServe(env: Record<string, string> = {}): AppServer {
  const dir = mkdtempSync(join(tmpdir(), "vigil-app-"));
  const handle = {} as AppServer;
  beforeAll(async () => {
    const port = await freePort();
    handle.served = await serveVigil(
      {
        DATABASE_URL: `file:${join(dir, "vigil.db")}`,
        ARTIFACTS_DIR: join(dir, "artifacts"),
        LOG_LEVEL: "info",
        ...env,
      },
      port,
    );
    handle.url = handle.served.url;
  }, 60_000);
  handle.setupLink = () => {
    const line = handle.served
      .output()
      .split("\n")
      .find((text) => text.includes('"setupUrl"'));
    if (!line) throw new Error(`no setup link in the log:\n${handle.served.output()}`);
    return JSON.parse(line).setupUrl as string;
  };
  afterAll(async () => {
    handle.served?.child.kill("SIGTERM");
    await handle.served?.exited;
    rmSync(dir, { recursive: true, force: true });
  });
  return handle;
}

/** Axe on the page as it is: no serious or critical violation (the bar). */
export async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page: page as never }).analyze();
  const bad = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target).join(" ")}`,
    );
  expect(bad).toEqual([]);
}

/** Sets a marker on the window: still there later means the page was never reloaded. */
export async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { vigilMarker: boolean }).vigilMarker = true;
  });
}
export async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { vigilMarker?: boolean }).vigilMarker)).toBe(true);
}

/** The setup link's whole first run: account created, key shown once, signed in. Returns the key. */
export async function completeSetup(page: Page, link: string): Promise<string> {
  await page.goto(link);
  await expectAccessible(page, "setup");
  await page.getByRole("button", { name: "Create the account" }).click();
  const key = (await page.getByTestId("api-key").textContent()) ?? "";
  expect(key).toMatch(/^vg_/);
  await expectAccessible(page, "key shown");
  await page.getByRole("link", { name: "Continue to Vigil" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  return key;
}

export async function signIn(page: Page, base: string, key: string) {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
}

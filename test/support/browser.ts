// A real browser for tests: Debian's Chromium driven by playwright-core (no browser download). The
// flags keep Chromium off the network (this machine's network is closed; Chromium's background
// connections would be refused) and let it run as root in a container. playwright-core gives each launch its own
// temporary profile.
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM_ARGS } from "../../src/engine/browser/project.js";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
}

export type BrowserHandle = {
  browser: Browser;
  /** A fresh context (own cookies and storage), closed after the file. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
};

/** One browser for a test file, launched before its tests and closed after them. */
export function useBrowser(): BrowserHandle {
  const contexts: BrowserContext[] = [];
  const handle = {
    newContext: async (options?: BrowserContextOptions) => {
      const context = await handle.browser.newContext(options);
      contexts.push(context);
      return context;
    },
  } as BrowserHandle;
  beforeAll(async () => {
    handle.browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await handle.browser?.close();
  });
  return handle;
}

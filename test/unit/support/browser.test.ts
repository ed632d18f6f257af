// The shared browser harness starts Debian's Chromium and renders a page served on 127.0.0.1.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";

describe("browser harness", () => {
  const browser = useBrowser();
  const server = createServer((_request, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end('<!doctype html><html lang="en"><title>t</title><main><h1 id="h">Hello from 127.0.0.1</h1></main>');
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("opens a loopback page in Chromium and reads its text", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    expect(await page.locator("#h").textContent()).toBe("Hello from 127.0.0.1");
  });
});

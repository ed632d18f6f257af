// The subscribe form in a real browser (Debian's Chromium via playwright-core): the form HTML the
// status page embeds (subscribeFormHtml), served by the test, submitted to the real route; the
// confirmation mail read at a real SMTP server; its link opened in the browser.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml, subscribeFormHtml } from "../../src/web/status-subscriptions-form.js";
import { startTestApp, type TestApp } from "../support/app.js";
import { useBrowser } from "../support/browser.js";
import { testProvider } from "../support/database.js";
import { eventually } from "../support/eventually.js";
import { restClient } from "../support/rest.js";
import { linkIn, startSmtp } from "../support/smtp.js";

describe(`the subscribe form in Chromium on ${testProvider}`, () => {
  const browser = useBrowser();
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let page: { id: string; url: string; name: string };
  // The page a status page would render around the form; <base> points the form at the app.
  const host = createServer((_request, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.name)}</title><base href="${t.url}/"></head><body><main><h1>${escapeHtml(page.name)}</h1>${subscribeFormHtml(page)}</main></body></html>`,
    );
  });
  let hostUrl = "";
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ ENGINE_ENABLED: "true", SMTP_URL: smtp.url });
    const created = await restClient(t.url, t.apiKey).post("/v1/status-pages", {
      name: "Acme <Status>",
      url: `form-${randomBytes(4).toString("hex")}`,
    });
    page = created.body;
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => host.close(() => resolve()));
    await t?.stop();
    await smtp?.close();
  });

  it("a visitor subscribes, receives the confirmation mail and confirms in the browser", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(hostUrl);
    expect(await tab.getByRole("heading", { level: 2 }).textContent()).toBe("Get updates from Acme <Status>");
    const address = `visitor-${randomBytes(3).toString("hex")}@example.com`;
    await tab.getByLabel("Email address").fill(address);
    await tab.getByRole("button", { name: "Subscribe" }).click();
    await tab.waitForURL(`${t.url}/status/${page.url}/subscriptions`);
    expect(await tab.getByRole("heading", { level: 1 }).textContent()).toBe("Check your inbox");
    expect(await tab.getByRole("link", { name: "Back to Acme <Status>" }).getAttribute("href")).toBe(
      `/status/${page.url}`,
    );

    const mail = await eventually(() => smtp.to(address)[0]);
    expect(mail.subject).toBe("Confirm your subscription to Acme <Status>");
    const link = new URL(linkIn(mail, "/subscriptions/confirm"));
    await tab.goto(`${t.url}${link.pathname}${link.search}`);
    expect(await tab.getByRole("heading", { level: 1 }).textContent()).toBe("Subscription confirmed");
    expect(await tab.locator("main p").first().textContent()).toBe(
      `${address} will receive updates from Acme <Status>.`,
    );
    const subscribers = (await restClient(t.url, t.apiKey).get(`/v1/status-pages/${page.id}/subscriptions`)).body;
    expect(subscribers).toMatchObject([{ address, status: "VERIFIED", type: "EMAIL" }]);
  });
});

// The subscribe form in a real browser (Debian's Chromium via playwright-core): the form the status
// page at /status/{url} embeds, submitted to the real route under the page's CSP, without script;
// the confirmation mail read at a real SMTP server; its link opened in the browser.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { useBrowser } from "../../support/browser.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { restClient } from "../../support/rest.js";
import { linkIn, startSmtp } from "../../support/smtp.js";

describe(`the subscribe form in Chromium on ${testProvider}`, () => {
  const browser = useBrowser();
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let page: { id: string; url: string; name: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ ENGINE_ENABLED: "true", SMTP_URL: smtp.url });
    const created = await restClient(t.url, t.apiKey).post("/v1/status-pages", {
      name: "Acme <Status>",
      url: `form-${randomBytes(4).toString("hex")}`,
    });
    page = created.body;
  });
  afterAll(async () => {
    await t?.stop();
    await smtp?.close();
  });

  it("a visitor subscribes, receives the confirmation mail and confirms in the browser", async () => {
    // Without JavaScript: the form is a plain post.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const tab = await context.newPage();
    const opened = await tab.goto(`${t.url}/status/${page.url}`);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["content-security-policy"]).toContain("form-action 'self'");
    expect(await tab.getByRole("heading", { level: 1 }).textContent()).toBe("Acme <Status>");
    const section = tab.getByRole("region", { name: "Get updates from Acme <Status>" });
    expect(await section.getByRole("heading", { level: 2 }).textContent()).toBe("Get updates from Acme <Status>");
    const address = `visitor-${randomBytes(3).toString("hex")}@example.com`;
    await section.getByLabel("Email address").fill(address);
    await section.getByRole("button", { name: "Subscribe" }).click();
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

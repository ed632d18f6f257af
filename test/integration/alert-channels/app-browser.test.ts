// Issue 30's alerting screens in Debian's Chromium against a real `vigil serve` on SQLite: a
// webhook channel to a local receiver made in the app (the API's error beside its field first, the
// template previewed on the server), then Send test, verified at the receiver with the
// `standardwebhooks` package. Axe on each screen, and the 390 px layout.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";
import { startReceiver } from "../../support/receiver.js";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;

describe("the operator app: alert channels", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  it("makes a webhook channel and sends it a signed test", { timeout: 120_000 }, async () => {
    const page = await (await browsers.newContext()).newPage();
    await completeSetup(page, vigil.setupLink());
    await page.getByRole("link", { name: "Alerting" }).click();
    await page.getByRole("heading", { name: "Alert channels" }).waitFor();
    await page.getByText("No channel yet").waitFor();
    await expectAccessible(page, "channels, none yet");

    await page.getByRole("link", { name: "New channel" }).click();
    await page.getByRole("heading", { name: "New alert channel" }).waitFor();
    await expectAccessible(page, "new channel");
    await page.getByLabel("Name").fill("On-call");
    await page.getByLabel("URL").fill("not a url");
    await page.getByLabel("Signing secret").fill(SECRET);
    await page
      .getByLabel("Body template")
      .fill('{"title": {{json ALERT_TITLE}}, "check": {{json CHECK_NAME}}, "at": {{json STARTED_AT}} }');
    await page.getByRole("button", { name: "Preview on a sample" }).click();
    await expect
      .poll(() => page.getByTestId("template-preview").textContent(), { timeout: 10_000 })
      .toContain('"title": "Vigil test notification is failing"');
    await page.getByRole("button", { name: "Make the channel" }).click();
    const urlError = page.getByTestId("error-url");
    await urlError.waitFor();
    expect(await page.getByLabel("URL").getAttribute("aria-describedby")).toContain("url-error");
    await expectAccessible(page, "new channel with an error");

    await page.getByLabel("URL").fill(`${receiver.url}/hook`);
    await page.getByRole("button", { name: "Make the channel" }).click();
    const row = page.getByTestId("channel-row");
    await row.waitFor();
    expect(await row.textContent()).toContain(`On-call · ${receiver.url}/hook`);
    await expectAccessible(page, "channels");

    await row.getByRole("button", { name: /^Send test to webhook On-call/ }).click();
    await expect
      .poll(() => row.getByTestId("test-answer").textContent(), { timeout: 15_000 })
      .toBe("✓ Delivered: HTTP 200: ok");
    const request = receiver.take();
    expect(request.path).toBe("/hook");
    const payload = new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>);
    expect(payload).toMatchObject({ title: "Vigil test notification is failing", check: "Vigil test notification" });

    // The receiver says no: the person sees its answer.
    receiver.reply((res) => {
      res.statusCode = 401;
      res.end("bad signature");
    });
    await row.getByRole("button", { name: /^Send test to webhook On-call/ }).click();
    await expect
      .poll(() => row.getByTestId("test-answer").textContent(), { timeout: 15_000 })
      .toBe("✕ Not delivered: HTTP 401: bad signature");

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/alert-channels", "/alert-channels/new"]) {
      await page.goto(`${vigil.url}${path}`);
      await page.locator("h1").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectAccessible(page, `390 px ${path}`);
    }
  });
});

// Issue 30's rest of alerting in Debian's Chromium against a real `vigil serve` (engine on): a
// channel edited in the app by keyboard alone (a header added), its Send test verified at a local
// receiver with `standardwebhooks` and carrying the header; a check subscribed to it in the app
// whose failure reaches the receiver; the account's alert settings saved and read back; the
// notification log filtered to a failed delivery with its retry. Axe on every new screen.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql } from "../../support/app.js";
import { useBrowser } from "../../support/browser.js";
import { tabTo } from "../../support/keyboard.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";
import { startReceiver } from "../../support/receiver.js";
import { restClient } from "../../support/rest.js";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
const CREATE = `mutation ($input: AlertChannelInput!) { createAlertChannel(input: $input) {
  ... on CreateAlertChannelSuccess { data { id } } ... on Error { message } } }`;
const SUBSCRIBE = `mutation ($id: ID!, $check: ID!) { setAlertChannelSubscription(id: $id, input: { checkId: $check, activated: true }) {
  __typename } }`;

describe("the operator app: editing channels, subscriptions, settings, the notification log", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();
  let good: Awaited<ReturnType<typeof startReceiver>>;
  let bad: Awaited<ReturnType<typeof startReceiver>>;
  let target: Server;
  let failing = false;
  beforeAll(async () => {
    good = await startReceiver();
    bad = await startReceiver();
    target = createServer((_req, res) => {
      res.statusCode = failing ? 500 : 200;
      res.end();
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await good?.close();
    await bad?.close();
    await new Promise<void>((resolve) => target?.close(() => resolve()));
  });

  it("edits, tests, subscribes, sets the account's settings and finds the failed delivery", {
    timeout: 180_000,
  }, async () => {
    const page = await (await browsers.newContext()).newPage();
    const key = await completeSetup(page, vigil.setupLink());
    const api = restClient(vigil.url, key);
    const webhook = async (name: string, url: string) => {
      const config = { name, webhookType: "WEBHOOK", url, method: "POST", webhookSecret: SECRET };
      const { body } = await graphql(vigil.url, CREATE, bearer(key), { input: { type: "WEBHOOK", config } });
      return body.data.createAlertChannel.data.id as string;
    };
    await webhook("On-call", `${good.url}/hook`);
    const broken = await webhook("Broken", `${bad.url}/hook`);
    const created = await api.post<{ id: string }>("/v1/checks/api", {
      name: "Shop",
      frequency: 0,
      frequencyOffset: 10,
      locations: ["eu-west-1"],
      request: {
        method: "GET",
        url: `http://127.0.0.1:${(target.address() as AddressInfo).port}/`,
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
      },
    });
    expect(created.status).toBe(201);
    const check = created.body.id;
    expect((await graphql(vigil.url, SUBSCRIBE, bearer(key), { id: broken, check })).body.data).toEqual({
      setAlertChannelSubscription: { __typename: "SetAlertChannelSubscriptionSuccess" },
    });

    // The channel edited by keyboard alone: a header added, then saved.
    await page.goto(`${vigil.url}/alert-channels`);
    await page.getByRole("link", { name: /^Edit webhook On-call/ }).click();
    await page.getByRole("heading", { name: "Edit the webhook channel" }).waitFor();
    const editPath = new URL(page.url()).pathname;
    await expectAccessible(page, "edit channel");
    await tabTo(page, "Add header");
    await page.keyboard.press("Enter");
    await tabTo(page, "Header 1 name");
    await page.keyboard.type("X-Team");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ops");
    await tabTo(page, "Save the channel");
    await page.keyboard.press("Enter");
    await page.getByText("Saved.").waitFor();
    await expectAccessible(page, "edit channel, saved");

    await page.getByRole("link", { name: "All channels" }).click();
    const row = page.getByTestId("channel-row").filter({ hasText: "On-call" });
    await row.getByRole("button", { name: /^Send test to webhook On-call/ }).click();
    await expect
      .poll(() => row.getByTestId("test-answer").textContent(), { timeout: 15_000 })
      .toBe("✓ Delivered: HTTP 200: ok");
    const test = good.take();
    expect(test.headers["x-team"]).toBe("ops");
    expect(new Webhook(SECRET).verify(test.body, test.headers as Record<string, string>)).toMatchObject({
      CHECK_NAME: "Vigil test notification",
    });

    // The check subscribed in the app, by keyboard: its section lists it.
    await row.getByRole("link", { name: /^Edit webhook On-call/ }).click();
    await page.getByRole("heading", { name: "Checks and groups alerting here" }).waitFor();
    await tabTo(page, "Find a check");
    await page.keyboard.type("sho"); // found on the server as it is typed
    await page.getByTestId("subscribe-check-count").getByText("1 found").waitFor();
    await page.keyboard.press("Tab"); // into the matches: a radio group
    await page.keyboard.press("Space"); // Shop
    await tabTo(page, "Subscribe");
    await page.keyboard.press("Enter");
    await page.getByTestId("subscriptions").getByText("Alerts from check Shop").waitFor();
    await expectAccessible(page, "channel with a subscription");

    // The account's settings by keyboard, saved, then read back after a reload.
    await page.goto(`${vigil.url}/alert-settings`);
    await page.getByRole("heading", { name: "Alert settings" }).waitFor();
    await expectAccessible(page, "alert settings");
    await tabTo(page, "Reminders");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("2");
    await tabTo(page, /Alert only when enough locations fail/);
    await page.keyboard.press("Space");
    await tabTo(page, "Locations failing (%)");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("55");
    await tabTo(page, "Save the settings");
    await page.keyboard.press("Enter");
    await page.getByTestId("error-percentage").waitFor(); // 55 is not a multiple of ten: the API says so
    await page.getByLabel("Locations failing (%)").fill("50");
    await page.getByRole("button", { name: "Save the settings" }).click();
    await page.getByText("Saved.").waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Alert settings" }).waitFor();
    expect(await page.getByLabel("Reminders", { exact: true }).inputValue()).toBe("2");
    expect(await page.getByLabel("Locations failing (%)").inputValue()).toBe("50");
    expect((await api.get<Record<string, unknown>>("/v1/alert-settings")).body).toMatchObject({
      reminders: { amount: 2 },
      parallelRunFailureThreshold: { enabled: true, percentage: 50 },
    });

    // The check fails: the good receiver gets the alert; the broken one answers 503, then 400.
    let tries = 0;
    bad.reply((res) => {
      res.statusCode = tries++ === 0 ? 503 : 400;
      res.end(tries === 1 ? "busy" : "bad request");
    });
    failing = true;
    await expect
      .poll(() => good.received.some((r) => JSON.parse(r.body).CHECK_NAME === "Shop"), { timeout: 90_000 })
      .toBe(true);
    await expect.poll(() => tries, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);

    await page.goto(`${vigil.url}/notifications`);
    await page.getByRole("heading", { name: "Notification log" }).waitFor();
    await tabTo(page, "Outcome"); // by keyboard: the first choice after "Any outcome" is Failed
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(/status=FAILURE/);
    await page.getByLabel("Channel").selectOption({ label: "webhook Broken" });
    const failed = page.getByTestId("notification");
    // Read again until the second try has been recorded (the filters stay in the URL).
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { name: "Notification log" }).waitFor();
          return failed.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await failed.textContent()).toContain("✕ Failed");
    expect(await failed.getByTestId("tries").textContent()).toContain("2 tries (1 retry)");
    expect(await failed.textContent()).toContain("HTTP 400: bad request");
    expect(await failed.textContent()).toContain("Shop");
    await expectAccessible(page, "notification log, filtered");
    // The broken channel delivered nothing; any channel's deliveries include the On-call alert.
    await page.getByLabel("Outcome").selectOption("SUCCESS");
    await page.getByText("No notification matches.").waitFor();
    await page.getByLabel("Channel").selectOption("");
    await expect.poll(() => failed.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    for (const text of await failed.allTextContents()) expect(text).toContain("✓ Delivered");

    // The new screens fit a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/alert-settings", "/notifications?status=FAILURE", editPath]) {
      await page.goto(`${vigil.url}${path}`);
      await page.locator("h1").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectAccessible(page, `390 px ${path}`);
    }
  });
});

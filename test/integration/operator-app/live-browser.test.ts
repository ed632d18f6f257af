// The operator app's lists and live pieces in Debian's Chromium against a real `vigil serve` on
// SQLite: a bulk pause of 50 checks, a heartbeat pinged (as curl would) showing up live, the
// layout at 390 px wide, and axe on the screens the journey test does not pass through.
import { describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import {
  completeSetup,
  expectAccessible,
  expectNotReloaded,
  markPage,
  useVigilServe,
} from "../../support/operator-app.js";

describe("the operator app: bulk actions, heartbeats, phones", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();

  it("pauses 50 checks at once, shows a ping live, and fits 390 px", { timeout: 120_000 }, async () => {
    const context = await browsers.newContext();
    const page = await context.newPage();
    const key = await completeSetup(page, vigil.setupLink());
    const api = (path: string, body: unknown) =>
      fetch(`${vigil.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (let i = 0; i < 50; i++) {
      const created = await api("/v1/checks/tcp", {
        name: `bulk-${String(i).padStart(2, "0")}`,
        tags: ["bulk"],
        activated: true,
        locations: ["eu-west-1"],
        frequency: 60,
        request: { hostname: "127.0.0.1", port: 9 },
      });
      expect(created.status).toBe(201);
    }

    await page.goto(`${vigil.url}/checks?tag=bulk&sort=newest`);
    await expect.poll(() => page.getByTestId("check-row").count(), { timeout: 10_000 }).toBe(50);
    await expectAccessible(page, "checks list");
    await page.getByRole("button", { name: "Select all shown" }).click();
    await page.getByText("50 of 50 selected").waitFor();
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Pause 50 checks?" });
    await dialog.waitFor();
    await expectAccessible(page, "bulk confirmation");
    await dialog.getByRole("button", { name: "Pause" }).click();
    await page.getByText("Done: pause 50 checks.").waitFor();
    await expect.poll(() => page.locator('[data-testid=check-row][data-state="PAUSED"]').count()).toBe(50);
    const listed = await (
      await fetch(`${vigil.url}/v1/checks?tag=bulk&limit=100`, { headers: { authorization: `Bearer ${key}` } })
    ).json();
    expect(listed.map((check: { activated: boolean }) => check.activated)).toEqual(new Array(50).fill(false));

    // A filter typed in the list: the URL holds it, and one request answers it (no reloading loop).
    const listReads: string[] = [];
    page.on("request", (request) => {
      if (request.postData()?.includes('"operationName":"ChecksListQuery"')) listReads.push(request.url());
    });
    await page.getByLabel("Search").fill("bulk-07");
    await expect.poll(() => page.getByTestId("check-row").count(), { timeout: 10_000 }).toBe(1);
    expect(page.url()).toContain("q=bulk-07");
    await page.waitForTimeout(1_000); // time enough for a loop to show itself
    expect(listReads).toHaveLength(1);

    await page.getByRole("link", { name: "New check" }).click();
    // The list stays on screen while the form's query loads, and its filters have a "Type" too.
    await page.getByRole("heading", { name: "New check", exact: true }).waitFor();
    await page.getByLabel("Type").selectOption("HEARTBEAT");
    await page.getByLabel("Name").fill("Nightly backup");
    await page.getByRole("button", { name: "Create the check" }).click();
    const pingUrl = (await page.getByTestId("ping-url").textContent()) ?? "";
    expect(pingUrl).toMatch(new RegExp(`^${vigil.url}/ping/`));
    await page.getByText("No ping yet.").waitFor();
    await expectAccessible(page, "heartbeat");
    await markPage(page);
    // What `curl -fsS <ping URL>` sends.
    expect((await fetch(pingUrl, { headers: { "user-agent": "curl/8.5.0" } })).status).toBe(200);
    await page
      .getByTestId("pings")
      .getByText(/^RECEIVED/)
      .waitFor({ timeout: 10_000 });
    await expectNotReloaded(page);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/", "/checks?tag=bulk", "/checks/new"]) {
      await page.goto(`${vigil.url}${path}`);
      await page.locator("h1").waitFor();
      await page.waitForLoadState("networkidle");
      // Nothing wider than the phone: no sideways scrolling of the page itself.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectAccessible(page, `390 px ${path}`);
    }

    // The dark theme holds the same contrast; and the keyboard reaches the content first.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: "dark" });
    for (const path of ["/", "/checks?tag=bulk"]) {
      await page.goto(`${vigil.url}${path}`);
      await page.locator("h1").waitFor();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, `dark ${path}`);
    }
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
  });
});

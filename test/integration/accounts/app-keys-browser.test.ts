// Issue 30's keys screen in Debian's Chromium against a real `vigil serve` on SQLite: a key made in
// the app (shown once) opens the API and a browser session; revoked in the app (after asking), the
// API refuses it and the session it opened ends. Axe on the screen, and the 390 px layout.
import { describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { completeSetup, expectAccessible, signIn, useVigilServe } from "../../support/operator-app.js";

describe("the operator app: API keys", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();

  it("makes a key, then revokes it: the API refuses it and its session ends", { timeout: 120_000 }, async () => {
    const page = await (await browsers.newContext()).newPage();
    await completeSetup(page, vigil.setupLink());
    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    await expect.poll(() => page.getByTestId("api-key-row").count()).toBe(1);
    expect(await page.getByTestId("api-key-row").textContent()).toContain("this browser signed in with it");
    await expectAccessible(page, "keys");

    await page.getByLabel("What it is for").fill("deploy bot");
    await page.getByRole("button", { name: "Make the key" }).click();
    const key = (await page.getByTestId("new-api-key").textContent()) ?? "";
    expect(key).toMatch(/^vg_/);
    await page.getByRole("button", { name: "Copy the key" }).waitFor();
    await expect.poll(() => page.getByTestId("api-key-row").count()).toBe(2);
    // Listed masked: the whole key is on screen in the "shown once" box only.
    expect(await page.getByTestId("api-key-row").allTextContents()).not.toContainEqual(expect.stringContaining(key));
    await expectAccessible(page, "key shown once");

    const rest = () => fetch(`${vigil.url}/v1/checks`, { headers: { authorization: `Bearer ${key}` } });
    expect((await rest()).status).toBe(200);
    const other = await (await browsers.newContext()).newPage();
    await signIn(other, vigil.url, key);

    await page.getByRole("button", { name: "Revoke deploy bot…" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke deploy bot?" });
    await dialog.waitFor();
    await expectAccessible(page, "revoke confirmation");
    expect((await rest()).status).toBe(200); // asking changed nothing
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("Revoked deploy bot: it opens nothing from now on.").waitFor();
    expect(await page.getByTestId("api-key-row").count()).toBe(1);

    expect((await rest()).status).toBe(401);
    const graphql = await fetch(`${vigil.url}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { account { name } } }" }),
    });
    expect(JSON.stringify(await graphql.json())).toContain("UNAUTHENTICATED");
    // The browser signed in with it is signed out.
    await other.goto(`${vigil.url}/checks`);
    await other.getByRole("heading", { name: "Sign in to Vigil" }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${vigil.url}/api-keys`);
    await page.locator("h1").waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "390 px keys");
  });
});

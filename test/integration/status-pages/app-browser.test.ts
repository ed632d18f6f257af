// Issue 30's status pages in Debian's Chromium against a real `vigil serve` on SQLite: services
// and a private page made in the app, the API's field errors shown on the fields, the page's key
// made in the app and shown once, the page opened with that key in another browser context and
// refused without it, cards' services reordered by keyboard alone and by drag, saved and seen in
// the preview; axe on every screen, and the 390 px layout of the app and of the public page.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";

const PREVIEW = 'iframe[title="Preview of the public page"]';

/** The services of the preview, in the page's order. */
const previewServices = (page: Page) =>
  page.frameLocator(PREVIEW).locator(".service .head > span:first-child").allTextContents();

describe("the operator app: status pages", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();

  it("makes a private page, its key, and reorders its services by keyboard", { timeout: 240_000 }, async () => {
    const owner = await (await browsers.newContext()).newPage();
    const apiKey = await completeSetup(owner, vigil.setupLink());

    await owner.goto(`${vigil.url}/status-pages`);
    await owner.getByRole("heading", { name: "Status pages", exact: true }).waitFor();
    await expectAccessible(owner, "status pages, none yet");
    for (const name of ["Checkout", "Search"]) {
      await owner.getByLabel("New service").fill(name);
      await owner.getByRole("button", { name: "Add the service" }).click();
      await owner.getByTestId("service-row").filter({ hasText: name }).waitFor();
    }
    // A service's state: the worst open incident naming it.
    const listed = (await (
      await fetch(`${vigil.url}/v1/status-pages/services`, { headers: { authorization: `Bearer ${apiKey}` } })
    ).json()) as { entries: { id: string; name: string }[] };
    const search = listed.entries.find((service) => service.name === "Search");
    const opened = await fetch(`${vigil.url}/v1/status-pages/incidents`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Search is slow",
        severity: "MAJOR",
        services: [{ id: search?.id }],
        incidentUpdates: [{ description: "Looking." }],
      }),
    });
    expect(opened.status).toBe(201);
    await owner.reload();
    const searchRow = owner.getByTestId("service-row").filter({ hasText: "Search" });
    expect(await searchRow.getByTestId("service-state").textContent()).toContain("Major outage");
    expect(await owner.getByTestId("service-row").filter({ hasText: "Checkout" }).textContent()).toContain(
      "Operational",
    );
    await expectAccessible(owner, "status pages with services");

    // A new page: the API's error shows on its field, then the page is made.
    await owner.getByRole("link", { name: "New status page" }).click();
    await owner.getByRole("heading", { name: "New status page" }).waitFor();
    await expectAccessible(owner, "new status page");
    await owner.getByLabel("Name", { exact: true }).fill("Acme private");
    await owner.getByLabel("URL", { exact: true }).fill("Not a slug!");
    await owner.getByLabel(/Private: only visitors/).check();
    await owner.getByRole("button", { name: "Add a card" }).click();
    await owner.getByLabel("Card 1 name").fill("Shop");
    for (const name of ["Checkout", "Search"]) {
      await owner.getByLabel("Service to add").selectOption({ label: name });
      await owner.getByRole("button", { name: "Add to the card" }).click();
    }
    await owner.getByRole("button", { name: "Create the page" }).click();
    const urlError = owner.getByTestId("error-url");
    await urlError.waitFor();
    expect(await owner.getByLabel("URL", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(owner, "new status page with an error");
    await owner.getByLabel("URL", { exact: true }).fill("acme-private");
    await owner.getByRole("button", { name: "Create the page" }).click();
    await owner.getByRole("heading", { name: "Edit Acme private" }).waitFor();
    expect(await urlError.count()).toBe(0);
    await expect.poll(() => previewServices(owner), { timeout: 10_000 }).toEqual(["Checkout", "Search"]);
    await expectAccessible(owner, "status page editor");

    // Its key, shown once.
    await owner.getByRole("button", { name: "Make a key" }).click();
    const key = (await owner.getByTestId("new-page-key").textContent()) ?? "";
    expect(key).toMatch(/^sp_/);
    await owner.getByTestId("page-key").first().waitFor();
    expect(await owner.getByTestId("page-key").first().textContent()).not.toContain(key);
    await expectAccessible(owner, "key shown once");
    await owner.reload();
    await owner.getByRole("heading", { name: "Edit Acme private" }).waitFor();
    await owner.getByTestId("page-key").first().waitFor();
    expect(await owner.getByTestId("new-page-key").count()).toBe(0);
    expect(await owner.content()).not.toContain(key);

    // A visitor in another context: refused without the key, let in with it.
    const visitor = await (await browsers.newContext()).newPage();
    const refused = await visitor.goto(`${vigil.url}/status/acme-private`);
    expect(refused?.status()).toBe(401);
    expect(await visitor.content()).not.toContain("Checkout");
    const opened2 = await visitor.goto(`${vigil.url}/status/acme-private?key=${encodeURIComponent(key)}`);
    expect(opened2?.ok()).toBe(true);
    await visitor.locator(".service").first().waitFor();
    expect(await visitor.locator(".service .head > span:first-child").allTextContents()).toEqual([
      "Checkout",
      "Search",
    ]);

    // By keyboard alone: move Search up (focus follows it), then save with Enter.
    await owner.getByRole("button", { name: "Move Search up" }).focus();
    await owner.keyboard.press("Enter");
    const focused = () => owner.evaluate(() => document.activeElement?.textContent ?? "");
    expect(await focused()).toContain("Move Search down");
    expect(await owner.getByRole("status").filter({ hasText: "Search moved to position 1 of 2." }).count()).toBe(1);
    await owner.getByRole("button", { name: "Save the page" }).focus();
    await owner.keyboard.press("Enter");
    await owner.getByTestId("saved").filter({ hasText: "Saved" }).waitFor();
    await expect.poll(() => previewServices(owner), { timeout: 10_000 }).toEqual(["Search", "Checkout"]);
    await visitor.reload();
    expect(await visitor.locator(".service .head > span:first-child").allTextContents()).toEqual([
      "Search",
      "Checkout",
    ]);

    // And by dragging: Checkout dropped on Search goes first again; then back by keyboard.
    const items = owner.locator('[data-testid$="-services-item"]');
    await items.filter({ hasText: "Checkout" }).dragTo(items.filter({ hasText: "Search" }));
    await owner.getByRole("button", { name: "Save the page" }).click();
    await expect.poll(() => previewServices(owner), { timeout: 10_000 }).toEqual(["Checkout", "Search"]);
    await owner.getByRole("button", { name: "Move Search up" }).click();
    await owner.getByRole("button", { name: "Save the page" }).click();
    await expect.poll(() => previewServices(owner), { timeout: 10_000 }).toEqual(["Search", "Checkout"]);

    // On a phone: the app's screens fit, and the public page's bars stay within their card.
    await owner.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/status-pages", "/status-pages/new", new URL(owner.url()).pathname]) {
      await owner.goto(`${vigil.url}${path}`);
      await owner.locator("h1").waitFor();
      await owner.waitForLoadState("networkidle");
      expect(await owner.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectAccessible(owner, `390 px ${path}`);
    }
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.reload();
    const card = await visitor.locator(".card").first().boundingBox();
    const bars = await visitor
      .locator(".bars li")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()).filter((box) => box.width > 0));
    expect(bars.length).toBe(60); // 30 days of each of the two services
    for (const bar of bars) {
      expect(bar.left).toBeGreaterThanOrEqual(card?.x ?? Number.NaN);
      expect(bar.right).toBeLessThanOrEqual((card?.x ?? 0) + (card?.width ?? 0));
    }
    const today = new Date().toISOString().slice(0, 10);
    expect(await visitor.locator(`.bars li[data-date="${today}"]:visible`).first().textContent()).toBe(
      `${today}: Major outage`, // Search, first since the reorder, has an open MAJOR incident
    );
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(visitor, "390 px public page");
  });
});

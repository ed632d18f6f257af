// A visitor in a real browser (Debian's Chromium) at the key gate of a private status page (the real page routes).
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { useBrowser } from "../../support/browser.js";
import { testProvider } from "../../support/database.js";
import { createService, createStatusPage } from "../../support/index.js";

describe(`a private status page in Chromium on ${testProvider}`, () => {
  const t = useTestApp();
  const browser = useBrowser();
  let key: string;

  beforeAll(async () => {
    const pageId = (await t.api.post("/v1/status-pages", { name: "Hidden", url: "browser-gated", isPrivate: true }))
      .body.id;
    key = (await t.api.post(`/v1/status-pages/${pageId}/keys`)).body.key;
  });

  it("shows the key form, refuses a wrong key, then opens the page with an HttpOnly cookie", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await page.goto(`${t.url}/status/browser-gated`);
    expect(first?.status()).toBe(401);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Private status page");
    expect(await page.getByRole("main").count()).toBe(1);

    await page.getByLabel("Status page key").fill("sp_not-the-key");
    await page.getByRole("button", { name: "Open the page" }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("alert").textContent()).toContain("does not open this page");
    expect(await page.getByLabel("Status page key").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Status page key").fill(key);
    await page.getByRole("button", { name: "Open the page" }).click();
    await page.getByRole("heading", { level: 1, name: "Hidden" }).waitFor();
    expect(await page.locator("#overall").textContent()).toBe("All Systems Operational");
    expect(new URL(page.url()).pathname).toBe("/status/browser-gated");

    const cookies = await context.cookies();
    expect(cookies).toEqual([
      expect.objectContaining({
        name: "vigil_sp_access",
        path: "/status/browser-gated",
        httpOnly: true,
        sameSite: "Lax",
      }),
    ]);
    expect(cookies[0]!.value).not.toContain(key.slice(3));
    expect(await page.evaluate(() => document.cookie)).toBe("");

    // The cookie opens the page on a later visit, without the key.
    const later = await page.goto(`${t.url}/status/browser-gated/history`);
    expect([later?.status(), later?.headers()["cache-control"]]).toEqual([200, "private, no-store"]);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Hidden");
    expect(await page.getByRole("heading", { level: 2, name: "Incident history" }).count()).toBe(1);
  });

  it("opens the page from a link with ?key= and drops the key from the address bar", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${t.url}/status/browser-gated?key=${encodeURIComponent(key)}`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${t.url}/status/browser-gated`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Hidden");
  });

  it("updates the private page live over its event stream, which the cookie opens", async () => {
    const service = await createService(t.api, "Private API");
    const privatePage = await createStatusPage(t.api, [service.id], {
      name: "Hidden live",
      url: "browser-gated-live",
      isPrivate: true,
    });
    const liveKey = (await t.api.post(`/v1/status-pages/${privatePage.id}/keys`)).body.key as string;
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${t.url}/status/browser-gated-live?key=${encodeURIComponent(liveKey)}`);
    await page.waitForFunction(() => document.body.dataset.live === "open");
    const created = await t.api.post("/v1/status-pages/incidents", {
      name: "Private outage",
      severity: "MAJOR",
      services: [{ id: service.id }],
      incidentUpdates: [{ description: "Looking into it" }],
    });
    expect(created.status).toBe(201);
    await page.locator(`#open-incidents-list [data-incident-id="${created.body.id}"]`).waitFor({ timeout: 10_000 });
    expect(await page.locator(`[data-incident-id="${created.body.id}"]`).getByText("Looking into it").count()).toBe(1);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { useBrowser } from "../../support/browser.js";
import { testProvider } from "../../support/database.js";
import { createService, type Service, createStatusPage } from "../../support/index.js";

describe(`status pages in a real browser on ${testProvider}`, () => {
  const t = useTestApp();
  const browser = useBrowser();
  let web: Service;
  let incidentId: string;

  beforeAll(async () => {
    web = await createService(t.api, "Web");
    const api = await createService(t.api, "API");
    await createStatusPage(t.api, [web.id, api.id], { name: "Browser Co", url: "browser-co" });
    const created = await t.api.post("/v1/status-pages/incidents", {
      name: "Web is down",
      severity: "CRITICAL",
      services: [{ id: web.id }],
      incidentUpdates: [{ description: "We are looking into it" }],
    });
    incidentId = created.body.id;
  });

  it("shows the state banner and a service's bar for a day with an incident", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(`${t.url}/status/browser-co`);
    await expect(page.getByRole("status").textContent()).resolves.toBe("Major System Outage");
    const today = new Date().toISOString().slice(0, 10);
    const bar = page.locator(`[data-service-id="${web.id}"] li[data-date="${today}"]`);
    await expect(bar.getAttribute("title")).resolves.toBe(`${today}: Critical outage`);
    await expect(bar.textContent()).resolves.toBe(`${today}: Critical outage`);
    const colour = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).toBe("rgb(127, 29, 29)");
    const quiet = page.locator(`[data-service-id="${web.id}"] li`).first();
    await expect(quiet.getAttribute("title")).resolves.toMatch(/: Operational$/);
    const list = page.getByRole("list", { name: "Web: daily states, oldest first" });
    await expect(list.locator("li").count()).resolves.toBe(90);
    await expect(
      page.locator(`[data-service-id="${web.id}"] .range [class^=since]:visible`).textContent(),
    ).resolves.toBe("90 days ago");
    await expect(page.title()).resolves.toBe("Browser Co status");
    // The CSP lets our stylesheet and script run: no violation is reported.
    expect(errors).toEqual([]);
  });

  it("keeps the bars within the card on a phone: the newest 30 days, each with its text", async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${t.url}/status/browser-co`);
    const service = page.locator(`[data-service-id="${web.id}"]`);
    const card = await page.locator(".card", { has: service }).boundingBox();
    const shown = service.locator("li:visible");
    await expect(shown.count()).resolves.toBe(30);
    const boxes = await service
      .locator("li")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()).filter((box) => box.width > 0));
    expect(boxes).toHaveLength(30);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(card!.x);
      expect(box.right).toBeLessThanOrEqual(card!.x + card!.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The newest day is among them, with its text alternative; the range line names 30 days.
    const today = new Date().toISOString().slice(0, 10);
    await expect(service.locator(`li[data-date="${today}"]:visible`).textContent()).resolves.toBe(
      `${today}: Critical outage`,
    );
    await expect(service.locator(".range [class^=since]:visible").textContent()).resolves.toBe("30 days ago");
    await page.setViewportSize({ width: 800, height: 844 });
    await expect(shown.count()).resolves.toBe(60);
    await expect(service.locator(".range [class^=since]:visible").textContent()).resolves.toBe("60 days ago");
  });

  it("follows prefers-color-scheme: dark for the AUTO theme", async () => {
    const dark = await (await browser.newContext({ colorScheme: "dark" })).newPage();
    await dark.goto(`${t.url}/status/browser-co`);
    await expect(dark.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe("rgb(15, 23, 42)");
    const light = await (await browser.newContext({ colorScheme: "light" })).newPage();
    await light.goto(`${t.url}/status/browser-co`);
    await expect(light.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe(
      "rgb(255, 255, 255)",
    );
  });

  it("shows an update posted over REST without a reload", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${t.url}/status/browser-co`);
    await page.waitForFunction(() => document.body.dataset.live === "open");
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    const response = await t.api.post(`/v1/status-pages/incidents/${incidentId}/incident-updates`, {
      description: "A fix is rolling out",
      status: "MONITORING",
    });
    expect(response.status).toBe(201);
    const article = page.locator(`[data-incident-id="${incidentId}"]`);
    await article.getByText("A fix is rolling out").waitFor({ timeout: 10_000 });
    await expect(article.getByText("Monitoring", { exact: true }).count()).resolves.toBe(1);
    // The same document: no reload happened.
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(42);
    const created = await t.api.post("/v1/status-pages/incidents", {
      name: "API slow",
      severity: "MINOR",
      services: [{ id: web.id }],
      incidentUpdates: [{ description: "Slow responses" }],
    });
    await page.locator(`#open-incidents-list [data-incident-id="${created.body.id}"]`).waitFor({ timeout: 10_000 });
    // Resolving the critical incident leaves the minor one: the banner follows.
    await t.api.post(`/v1/status-pages/incidents/${incidentId}/incident-updates`, {
      description: "Fixed",
      status: "RESOLVED",
    });
    await page.waitForFunction(() => document.getElementById("overall")?.textContent === "Minor Service Outage", null, {
      timeout: 10_000,
    });
    await expect(page.locator("#overall").getAttribute("class")).resolves.toBe("banner s-MINOR");
  });

  it("serves feeds that parse as XML", async () => {
    const page = await (await browser.newContext()).newPage();
    for (const feed of ["feed.rss", "feed.atom"]) {
      const text = await (await fetch(`${t.url}/status/browser-co/${feed}`)).text();
      const parsed = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        return {
          error: doc.querySelector("parsererror")?.textContent ?? null,
          items: doc.querySelectorAll("item, entry").length,
        };
      }, text);
      expect(parsed).toEqual({ error: null, items: expect.any(Number) });
      expect(parsed.items).toBeGreaterThanOrEqual(1);
    }
  });
});

// Issue 30's outage drill in Debian's Chromium against a real `vigil serve` on SQLite: a check
// fails and its triggerIncident opens an incident, seen live in the app and on the public page; an
// engineer posts two updates from the app; a second browser watching the incident sees them without
// a reload; the public page and its RSS show them; the check recovers and the incident resolves.
// Axe on each incidents screen, and the 390 px layout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import {
  completeSetup,
  expectAccessible,
  expectNotReloaded,
  markPage,
  signIn,
  useVigilServe,
} from "../../support/operator-app.js";
import { startReceiver } from "../../support/receiver.js";

describe("the operator app: an outage drill", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();
  let target: Awaited<ReturnType<typeof startReceiver>>;
  let healthy = false;
  beforeAll(async () => {
    target = await startReceiver();
    target.reply((res) => {
      res.statusCode = healthy ? 200 : 503;
      res.end(healthy ? "ok" : "down");
    });
  });
  afterAll(() => target?.close());

  it("opens, updates live, shows publicly and resolves an incident", { timeout: 240_000 }, async () => {
    const engineer = await (await browsers.newContext()).newPage();
    const key = await completeSetup(engineer, vigil.setupLink());
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${vigil.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(201);
      return (await response.json()) as { id: string };
    };
    const service = await api("/v1/status-pages/services", { name: "Checkout" });
    const slug = "acme-drill";
    await api("/v1/status-pages", {
      name: "Acme",
      url: slug,
      cards: [{ name: "Shop", services: [{ id: service.id }] }],
    });
    const publicText = async (path: string) => (await fetch(`${vigil.url}/status/${slug}${path}`)).text();

    await engineer.goto(`${vigil.url}/incidents`);
    await engineer.getByRole("heading", { name: "Incidents", exact: true }).waitFor();
    await expectAccessible(engineer, "incidents, none yet");
    await markPage(engineer);
    await api("/v1/checks/api", {
      name: "Checkout API",
      activated: true,
      frequency: 0,
      frequencyOffset: 10,
      locations: ["eu-west-1"],
      request: { method: "GET", url: `${target.url}/health` },
      triggerIncident: {
        serviceId: service.id,
        severity: "MAJOR",
        name: "Checkout is down",
        description: "The checkout check fails.",
        notifySubscribers: false,
      },
    });

    // The engine opens the incident: it comes to the open list live, and to the public page.
    const row = engineer.getByTestId("incident-row").filter({ hasText: "Checkout is down" });
    await row.waitFor({ timeout: 120_000 });
    expect(await row.getAttribute("data-status")).toBe("INVESTIGATING");
    await expectNotReloaded(engineer);
    await expect.poll(() => publicText(""), { timeout: 10_000 }).toContain("Checkout is down");
    await expectAccessible(engineer, "incidents list");

    await row.getByRole("link", { name: "Checkout is down" }).click();
    await engineer.getByRole("heading", { name: "Checkout is down" }).waitFor();
    await expectAccessible(engineer, "incident");
    const incidentUrl = engineer.url();
    const publicLink = engineer.getByRole("link", { name: "How it looks on Acme" });
    const publicPath = (await publicLink.getAttribute("href")) ?? "";
    expect(publicPath).toMatch(new RegExp(`^/status/${slug}/incidents/[0-9a-f-]{36}$`));

    // A second person watches the same incident in another browser context.
    const watcher = await (await browsers.newContext()).newPage();
    await signIn(watcher, vigil.url, key);
    await watcher.goto(incidentUrl);
    await watcher.getByRole("heading", { name: "Checkout is down" }).waitFor();
    await markPage(watcher);
    const watched = () => watcher.getByTestId("timeline-entry").allTextContents();
    expect(await watched()).toHaveLength(1);

    const post = async (status: string, text: string) => {
      await engineer.getByLabel("Status", { exact: true }).selectOption(status);
      await engineer.getByLabel("Update", { exact: true }).fill(text);
      await engineer.getByRole("button", { name: "Post the update" }).click();
      await engineer.getByText("Update posted.").waitFor();
    };
    await post("IDENTIFIED", "A full disk on the payments database.");
    await expect.poll(watched, { timeout: 10_000 }).toHaveLength(2);
    // The second by keyboard alone: status, text, then Tab past "Notify" to the post button.
    await engineer.getByLabel("Status", { exact: true }).focus();
    await engineer.keyboard.press("m"); // Monitoring
    await engineer.keyboard.press("Tab");
    await engineer.keyboard.type("Space freed; watching the error rate.");
    for (const key of ["Tab", "Tab", "Enter"]) await engineer.keyboard.press(key);
    await engineer.getByText("Update posted.").waitFor();
    await expect.poll(watched, { timeout: 10_000 }).toHaveLength(3);
    const [newest, second] = await watched();
    expect(newest).toContain("Monitoring");
    expect(newest).toContain("Space freed; watching the error rate.");
    expect(second).toContain("A full disk on the payments database.");
    expect(await watcher.getByTestId("incident-status").textContent()).toContain("Monitoring");
    await expectNotReloaded(watcher);
    await expectAccessible(engineer, "incident with updates");

    for (const path of [publicPath.slice(`/status/${slug}`.length), "/feed.rss"])
      await expect
        .poll(() => publicText(path), { timeout: 10_000 })
        .toMatch(/Space freed; watching the error rate\.[\s\S]*A full disk on the payments database\./);

    // The check recovers: the engine resolves the incident, and the watcher sees it.
    healthy = true;
    await expect
      .poll(() => watcher.getByTestId("incident-status").textContent(), { timeout: 120_000 })
      .toContain("Resolved");
    expect((await watched())[0]).toContain("Resolved");
    await expectNotReloaded(watcher);
    await engineer.getByRole("link", { name: "← Incidents" }).click();
    const resolved = engineer.getByRole("region", { name: "Resolved incidents" });
    await resolved.getByText("Checkout is down").waitFor();

    // Opening one by hand: the form, and the API's error beside its field.
    await engineer.getByRole("link", { name: "Open an incident" }).click();
    await engineer.getByRole("heading", { name: "Open an incident" }).waitFor();
    await expectAccessible(engineer, "new incident");
    await engineer.getByLabel("Name").fill("Slow search");
    await engineer.getByLabel("Checkout").check();
    await engineer.getByRole("button", { name: "Open the incident" }).click();
    await engineer.getByTestId("error-description").waitFor();
    await engineer.getByLabel("First update").fill("Searches take 5 s.");
    await engineer.getByRole("button", { name: "Open the incident" }).click();
    await engineer.getByRole("heading", { name: "Slow search" }).waitFor();

    await engineer.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/incidents", "/incidents/new", new URL(incidentUrl).pathname]) {
      await engineer.goto(`${vigil.url}${path}`);
      await engineer.locator("h1").waitFor();
      await engineer.waitForLoadState("networkidle");
      expect(await engineer.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await expectAccessible(engineer, `390 px ${path}`);
    }
  });
});

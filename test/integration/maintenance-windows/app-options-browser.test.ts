// Issue 30, point 4: a maintenance window's status-page options in Debian's Chromium against a real
// `vigil serve`: affected services picked from the chosen page's services, severity, a reminder,
// auto start kept and auto end off, set by keyboard and read back through the API; the API's error
// on its field (four reminders); then an edit of the name alone keeps every other stored field.
import { describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { tabTo } from "../../support/keyboard.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";
import { restClient } from "../../support/rest.js";

describe("the operator app: a maintenance window's status-page options", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();

  it("saves services, severity, a reminder and auto start, and an edit of the name keeps them", {
    timeout: 180_000,
  }, async () => {
    const page = await (await browsers.newContext({ locale: "en-US" })).newPage();
    const key = await completeSetup(page, vigil.setupLink());
    const api = restClient(vigil.url, key);
    const service = async (name: string) => (await api.post("/v1/status-pages/services", { name })).body.id;
    const [checkout, search, email] = [await service("Checkout"), await service("Search"), await service("Email")];
    const made = await api.post("/v1/status-pages", {
      name: "Acme",
      url: "acme-options",
      cards: [{ name: "Shop", services: [{ id: checkout }, { id: search }, { id: email }] }],
    });
    expect(made.status).toBe(201);

    await page.goto(`${vigil.url}/maintenance/new`);
    await page.getByRole("heading", { name: "Schedule maintenance" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Search reindex");
    await page.getByLabel("Time zone").selectOption("UTC");
    await page.getByLabel("Starts", { exact: true }).fill("2030-05-01T09:00");
    await page.getByLabel("Ends", { exact: true }).fill("2030-05-01T10:00");
    await page.getByLabel("Tags", { exact: true }).fill("search");

    // By keyboard alone from the page's box on: a person ticks, picks and chooses with Space and arrows.
    await page.getByLabel("Acme", { exact: true }).focus();
    await page.keyboard.press("Space");
    await tabTo(page, "Every service of the chosen pages");
    await page.keyboard.press("ArrowDown"); // a radio group: the arrow moves to "Only these:" and chooses it
    await tabTo(page, "Checkout");
    await page.keyboard.press("Space");
    await tabTo(page, "Search");
    await page.keyboard.press("Space");
    await tabTo(page, "Severity on the pages");
    await page.keyboard.type("Ma"); // Major
    for (const reminder of ["1 hour before", "3 hours before", "12 hours before", "1 day before"]) {
      await tabTo(page, reminder);
      await page.keyboard.press("Space");
    }
    await tabTo(page, "Complete it on the pages at its end time");
    await page.keyboard.press("Space");
    await expectAccessible(page, "new window with its page options");
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("Enter");
    // Four reminders: the API's error, on the reminders' field.
    const error = page.getByTestId("error-reminderMinutesBefore");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/3/);
    await expectAccessible(page, "new window with an error on the reminders");
    for (const reminder of ["3 hours before", "12 hours before", "1 day before"]) {
      await page.getByLabel(reminder).focus();
      await page.keyboard.press("Space");
    }
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Search reindex" }).waitFor();

    const windows = (await api.get("/v1/maintenance-windows")).body as { id: number; name: string }[];
    expect(windows.map((w) => w.name)).toEqual(["Search reindex"]);
    const read = async () => (await api.get(`/v1/maintenance-windows/${windows[0]!.id}`)).body;
    const saved = await read();
    expect(saved.statusPageVisibility).toEqual({
      enabled: true,
      statusPageIds: [made.body.id],
      affectAllServices: false,
      serviceIds: [checkout, search],
      severity: "MAJOR",
      reminderMinutesBefore: [60],
      notifyOnStart: false,
      notifyOnEnd: false,
      autoStart: true,
      autoEnd: false,
      showAffectedServices: true,
      suppressAutoIncidents: false,
    });

    // The edit form shows them all; changing the name alone keeps every other stored field.
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit Search reindex" }).waitFor();
    expect(await page.getByLabel("Checkout").isChecked()).toBe(true);
    expect(await page.getByLabel("Email").isChecked()).toBe(false);
    expect(await page.getByLabel("Severity on the pages").inputValue()).toBe("MAJOR");
    await expectAccessible(page, "edit window with its page options");
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Search reindex, part 2");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Search reindex, part 2" }).waitFor();
    const edited = await read();
    expect(edited).toEqual({ ...saved, name: "Search reindex, part 2", updated_at: expect.any(String) });
    expect(edited.updated_at > saved.updated_at).toBe(true);
  });
});

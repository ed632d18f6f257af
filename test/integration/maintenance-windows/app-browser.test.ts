// Issue 30, point 4, in Debian's Chromium against a real `vigil serve` on SQLite: a daily
// maintenance window in Europe/Berlin scheduled in the app (by keyboard), shown at the right times
// in the window's zone and in the browser's (America/New_York), each labelled, across Berlin's
// spring change on Sunday 28 March 2027; an occurrence moved, one skipped after confirming, an
// update posted; the API's errors on their fields; axe on each screen, and the 390 px layout.
//
// Occurrences are made 90 days ahead, and no DST change falls within 90 days of every date: the
// server runs under libfaketime at 20 March 2027 (its clock then runs on), the browser keeps the
// machine's. The app reads the calendar by the server's clock (the queries send no "now").
import { readdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";

const libfaketime = () => {
  const arch = readdirSync("/usr/lib").find((dir) => {
    try {
      return readdirSync(`/usr/lib/${dir}/faketime`).includes("libfaketime.so.1");
    } catch {
      return false;
    }
  });
  if (!arch) throw new Error("libfaketime is missing: apt-get install faketime (scripts/test-prerequisites.js)");
  return `/usr/lib/${arch}/faketime/libfaketime.so.1`;
};

/**
 * Types a datetime-local value as a person does in Chromium's en-US field (mm dd yyyy, Tab, hh mm
 * AM/PM: the year takes up to 6 digits, so Tab leaves it), then Tabs out to the next control.
 */
async function typeDateTime(page: Page, local: string) {
  const [date = "", time = ""] = local.split("T");
  const [year, month, day] = date.split("-");
  const [hour = 0, minute] = time.split(":").map(Number);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  await page.keyboard.type(`${month}${day}${year}`);
  await page.keyboard.press("Tab");
  await page.keyboard.type(
    `${String(twelve).padStart(2, "0")}${String(minute).padStart(2, "0")}${hour < 12 ? "A" : "P"}`,
  );
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
}

const occurrenceTimes = (page: Page) =>
  page.getByTestId("occurrence").evaluateAll((items) =>
    items.map((item) => ({
      status: item.getAttribute("data-status"),
      window: item.querySelector('[data-testid="window-time"]')?.textContent ?? "",
      browser: item.querySelector('[data-testid="browser-time"]')?.textContent ?? "",
      instant: item.querySelector('[data-testid="window-time"] time')?.getAttribute("datetime"),
    })),
  );

describe("the operator app: a recurring maintenance across a DST change", () => {
  const vigil = useVigilServe({
    LD_PRELOAD: libfaketime(),
    FAKETIME: "@2027-03-20 12:00:00",
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
    TZ: "UTC",
  });
  const browsers = useBrowser();

  it("schedules it in Berlin time and shows each occurrence in both zones, labelled", {
    timeout: 240_000,
  }, async () => {
    const context = await browsers.newContext({ timezoneId: "America/New_York", locale: "en-US" });
    const page = await context.newPage();
    const key = await completeSetup(page, vigil.setupLink());
    const page1 = await fetch(`${vigil.url}/v1/status-pages`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Acme", url: "acme-maint" }),
    });
    expect(page1.status).toBe(201);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Maintenance" }).click();
    await page.getByRole("heading", { name: "Maintenance", exact: true }).waitFor();
    await expectAccessible(page, "maintenance, none yet");
    await page.getByRole("link", { name: "Schedule maintenance" }).click();
    await page.getByRole("heading", { name: "Schedule maintenance" }).waitFor();
    await expectAccessible(page, "new window");

    // By keyboard alone: name, zone, start, end (before the start, for the API to refuse), repeat, until, tags, page.
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.type("Database upgrade");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Europe/Berlin");
    await page.keyboard.press("Tab");
    await typeDateTime(page, "2027-03-26T09:00");
    await typeDateTime(page, "2027-03-26T08:00");
    await page.keyboard.type("Every n d");
    await page.keyboard.press("Tab"); // every (n): 1
    await page.keyboard.press("Tab");
    await typeDateTime(page, "2027-03-30T12:00");
    for (const press of ["Tab", "Tab"]) await page.keyboard.press(press); // pause, (silence: same group), tagged
    await page.keyboard.type("db");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space"); // Acme
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space"); // tell subscribers when it starts
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("Enter");
    expect(await page.getByTestId("error-endsAt").textContent()).toBe("must be after startsAt");
    expect(await page.getByLabel("Ends", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "new window with an error");
    await page.getByLabel("Ends", { exact: true }).focus();
    await typeDateTime(page, "2027-03-26T10:00");
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { name: "Database upgrade" }).waitFor();
    expect(await page.getByTestId("window-rule").textContent()).toBe(
      "Every day · pauses checks tagged db · in Europe/Berlin",
    );
    await expectAccessible(page, "window");
    const times = await occurrenceTimes(page);
    expect(times.map((t) => t.instant)).toEqual([
      "2027-03-26T08:00:00.000Z",
      "2027-03-27T08:00:00.000Z",
      "2027-03-28T07:00:00.000Z", // summer time from this Sunday: the same 09:00 in Berlin
      "2027-03-29T07:00:00.000Z",
      "2027-03-30T07:00:00.000Z",
    ]);
    for (const [i, t] of times.entries()) {
      const summer = i >= 2;
      expect(t.window).toContain("Window's time (Europe/Berlin)");
      expect(t.window).toMatch(new RegExp(`, 09:00 GMT\\+${summer ? 2 : 1} – .*, 10:00 GMT\\+${summer ? 2 : 1}$`));
      expect(t.browser).toContain("Your time (America/New_York)");
      expect(t.browser).toMatch(new RegExp(`, 0${summer ? 3 : 4}:00 EDT – .*, 0${summer ? 4 : 5}:00 EDT$`));
    }
    expect(times[2]!.window).toContain("Sun, Mar 28, 2027");

    // The list's calendar shows the same, for every window.
    await page.getByRole("link", { name: "← Maintenance" }).click();
    const entries = page.getByTestId("calendar-entry");
    await entries.first().waitFor();
    expect(await entries.count()).toBe(5);
    expect(await entries.nth(2).getByTestId("browser-time").textContent()).toMatch(
      /Your time \(America\/New_York\).*03:00 EDT/,
    );
    await expectAccessible(page, "maintenance with its calendar");
    await page.getByRole("link", { name: "Database upgrade" }).first().click();
    await page.getByRole("heading", { name: "Database upgrade" }).waitFor();

    // Move the last one to 11:00 Berlin; skip the fourth after confirming; post an update by keyboard.
    const last = page.getByTestId("occurrence").nth(4);
    await last.getByRole("button", { name: "Move…" }).click();
    await last.getByLabel("New start (Europe/Berlin)").focus();
    await typeDateTime(page, "2027-03-30T11:00");
    await typeDateTime(page, "2027-03-30T12:00");
    await page.keyboard.press("Enter"); // "Move it"
    await expect.poll(async () => (await occurrenceTimes(page))[4]?.instant).toBe("2027-03-30T09:00:00.000Z");
    expect((await occurrenceTimes(page))[4]!.browser).toMatch(/05:00 EDT – .*06:00 EDT$/);
    const fourth = page.getByTestId("occurrence").nth(3);
    await fourth.getByRole("button", { name: "Skip…" }).click();
    const dialog = page.getByRole("dialog", { name: "Skip this occurrence?" });
    await expectAccessible(page, "skip dialog");
    await dialog.getByRole("button", { name: "Skip it" }).click();
    await expect.poll(async () => (await occurrenceTimes(page))[3]?.status).toBe("CANCELLED");
    const first = page.getByTestId("occurrence").first();
    await first.getByRole("button", { name: "Post an update" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab"); // status: In progress
    await page.keyboard.type("s"); // Scheduled
    await page.keyboard.press("Tab");
    await page.keyboard.type("Starts on time.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await first.getByTestId("maintenance-update").getByText("Starts on time.").waitFor();
    await expectAccessible(page, "window with an update");

    // The edit form shows the window's own wall times.
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit Database upgrade" }).waitFor();
    expect(await page.getByLabel("Starts", { exact: true }).inputValue()).toBe("2027-03-26T09:00");
    expect(await page.getByLabel("Repeats until (optional)").inputValue()).toBe("2027-03-30T12:00");
    expect(await page.getByLabel("Acme").isChecked()).toBe(true);
    await expectAccessible(page, "edit window");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goBack();
    await page.getByRole("heading", { name: "Database upgrade" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "window at 390 px");
  });
});

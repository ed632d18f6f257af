// Issue 30, point 5, in Debian's Chromium against a real `vigil serve` on SQLite: a check group
// made in the app by keyboard (the API's error on its field first), two checks moved into it in
// bulk from the checks list and shown inheriting its settings, a third moved in and one taken out
// from the group's screen, an edit that adds an inherited setting; axe on each screen.
import { describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { tabTo } from "../../support/keyboard.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";

describe("the operator app: check groups", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();

  it("makes a group, moves checks in bulk and shows what they inherit", { timeout: 240_000 }, async () => {
    const page = await (await browsers.newContext()).newPage();
    const key = await completeSetup(page, vigil.setupLink());
    for (const name of ["Charge API", "Refund API", "Search API"]) {
      const response = await fetch(`${vigil.url}/v1/checks/api`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({
          name,
          activated: false,
          locations: ["eu-west-1"],
          request: { method: "GET", url: "{{GROUP_BASE_URL}}/health" },
        }),
      });
      expect(response.status, name).toBe(201);
    }

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" }).click();
    await page.getByRole("heading", { name: "Check groups" }).waitFor();
    await expectAccessible(page, "groups, none yet");
    await page.getByRole("link", { name: "New group" }).click();
    await page.getByRole("heading", { name: "New check group" }).waitFor();
    await expectAccessible(page, "new group");

    // By keyboard alone: name, tags, second location, concurrency 0 (the API refuses it), base URL.
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.type("Payments");
    await page.keyboard.press("Tab");
    await page.keyboard.type("pay");
    await tabTo(page, "eu-central-1");
    await page.keyboard.press("Space");
    await tabTo(page, "Checks run at once when triggered");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("0");
    await tabTo(page, "API base URL");
    await page.keyboard.type("https://pay.example");
    await page.keyboard.press("Enter");
    expect(await page.getByTestId("error-concurrency").textContent()).toMatch(/>=1/);
    expect(await page.getByLabel("Checks run at once when triggered").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "new group with an error");
    await tabTo(page, "Checks run at once when triggered", "Shift+Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("2");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Payments", exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "Settings its checks inherit" }).textContent()).toContain(
      "Locationseu-central-1",
    );
    await expectAccessible(page, "group, empty");

    // Two checks into the group from the checks list's bulk bar.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Checks", exact: true }).click();
    await page.getByLabel("Select Charge API").check();
    await page.getByLabel("Select Refund API").check();
    await page.getByRole("button", { name: "Move to group…" }).click();
    await page.getByLabel("Group", { exact: true }).selectOption({ label: "Payments" });
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await page.getByText("Moved 2 checks into Payments.").waitFor();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" }).click();
    await page.getByRole("link", { name: "Payments" }).click();
    const inGroup = page.getByTestId("group-check");
    await inGroup.first().waitFor();
    const rows = async () => (await inGroup.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
    expect(await rows()).toEqual([
      "Select Refund API open Inherits: locations, API defaults",
      "Select Charge API open Inherits: locations, API defaults",
    ]);
    await expectAccessible(page, "group with checks");

    // The third in, by keyboard, and one out, from the group's screen.
    await page.getByTestId("outside-check").getByLabel("Search API").focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Move the selected into the group" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await rows()).length).toBe(3);
    await page.getByLabel("Select Refund API").check();
    await page.getByRole("button", { name: "Take the selected out of the group" }).click();
    await expect
      .poll(async () => (await rows()).map((row) => row.split(" open")[0]))
      .toEqual(["Select Search API", "Select Charge API"]);

    // The group's own alert settings: its checks inherit them too.
    await page.getByRole("link", { name: "Edit the settings" }).click();
    await page.getByRole("heading", { name: "Edit Payments" }).waitFor();
    await expectAccessible(page, "edit group");
    await page.getByLabel("The group's own alert settings for its checks (not the account's)").check();
    await page.getByRole("button", { name: "Save the group" }).click();
    await page.getByRole("heading", { name: "Payments", exact: true }).waitFor();
    await expect
      .poll(async () => (await rows())[0])
      .toBe("Select Search API open Inherits: locations, alert settings, API defaults");

    // A group with checks cannot go: the API says why, after the confirmation.
    await page.getByRole("button", { name: "Delete…" }).click();
    await page.getByRole("dialog", { name: "Delete Payments?" }).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alert")
      .getByText(/still contains 2 check/)
      .waitFor();
    await expectAccessible(page, "group, delete refused");

    // An empty group goes, once confirmed, and the app is back on the list without it.
    const made = await fetch(`${vigil.url}/v1/check-groups`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Spare", locations: ["eu-west-1"] }),
    });
    expect(made.status).toBe(201);
    const spare = (await made.json()) as { id: number };
    await page.goto(`${vigil.url}/check-groups`);
    await page.getByRole("link", { name: "Spare" }).click();
    await page.getByRole("heading", { name: "Spare", exact: true }).waitFor();
    await page.getByRole("button", { name: "Delete…" }).click();
    await page.getByRole("dialog", { name: "Delete Spare?" }).getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(`${vigil.url}/check-groups`);
    await page.getByRole("link", { name: "Payments" }).waitFor();
    expect(await page.getByRole("link", { name: "Spare" }).count()).toBe(0);
    const gone = await fetch(`${vigil.url}/v1/check-groups/${spare.id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(gone.status).toBe(404);
  });
});

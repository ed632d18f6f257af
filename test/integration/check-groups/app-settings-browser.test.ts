// Issue 30, point 5: every setting a group gives its checks is edited in the app, by keyboard
// alone, in Debian's Chromium against a real `vigil serve` on SQLite. The group made this way is
// read back through REST (and its secret variable's value from the database file, since no API
// shows it); an edit of the name alone keeps everything else, the secret's value included.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { pressOn, tabTo, typeInto } from "../../support/keyboard.js";
import { restClient } from "../../support/rest.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";

const dir = mkdtempSync(join(tmpdir(), "vigil-group-form-"));
const file = join(dir, "vigil.db");

describe("the operator app: a check group's every setting", () => {
  const vigil = useVigilServe({ DATABASE_URL: `file:${file}` });
  const browsers = useBrowser();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The stored variables, read from the database file: the API never shows a secret's value. */
  const storedVariables = (name: string) => {
    const db = new Database(file, { readonly: true });
    try {
      const row = db.prepare('SELECT "environmentVariables" AS v FROM "CheckGroup" WHERE name = ?').get(name) as {
        v: string;
      };
      return JSON.parse(row.v);
    } finally {
      db.close();
    }
  };

  it("makes a group with retries, private location, channel, alert settings, API defaults, a secret and a script, then renames it", {
    timeout: 240_000,
  }, async () => {
    const page = await (await browsers.newContext()).newPage();
    const key = await completeSetup(page, vigil.setupLink());
    const api = restClient(vigil.url, key);
    const location = await api.post("/v1/private-locations", { name: "Basement", slugName: "basement" });
    expect(location.status, JSON.stringify(location.body)).toBe(201);
    const channel = await api.post("/v1/alert-channels", { type: "EMAIL", config: { address: "ops@example.com" } });
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" }).click();
    await page.getByRole("link", { name: "New group" }).click();
    await page.getByRole("heading", { name: "New check group" }).waitFor();
    await expectAccessible(page, "new group, every setting");

    // By keyboard alone, from the name on.
    const type = (name: string | RegExp, text: string, key?: "Tab" | "Shift+Tab") => typeInto(page, name, text, key);
    const press = (name: string, key?: string) => pressOn(page, name, key);
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.type("Payments");
    await press("Basement (basement)");
    await tabTo(page, "Retry strategy");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown"); // exponential
    await type("Retries at most", "20"); // over the API's bound: refused on its field below
    await press("Add header", "Enter");
    await tabTo(page, "Header 1 name", "Shift+Tab");
    await page.keyboard.type("X-Team");
    await page.keyboard.press("Tab");
    await page.keyboard.type("payments");
    await press("Add assertion", "Enter");
    await tabTo(page, "Assertion 1 target", "Shift+Tab"); // status code equals…
    await page.keyboard.type("200");
    await press("Add variable", "Enter");
    await tabTo(page, "Variable 1 name", "Shift+Tab");
    await page.keyboard.type("TOKEN");
    await page.keyboard.press("Tab");
    await page.keyboard.type("s3cret");
    await press("Variable 1 secret");
    await type("Setup script", "request.headers['x-setup'] = '1'");
    await press("The group's own alert settings for its checks (not the account's)");
    await type("Failed runs", "2");
    await type("Reminders", "1");
    // A new group starts subscribed to every channel (the API's default), ticked where it shows.
    expect(await page.getByLabel("Email: ops@example.com").isChecked()).toBe(true);
    await press("Make the group", "Enter");

    const retries = page.getByTestId("error-maxRetries");
    expect(await retries.textContent()).toMatch(/<=10/);
    expect(await page.getByLabel("Retries at most").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "new group, refused retry strategy");
    await type("Retries at most", "3", "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Payments", exact: true }).waitFor();

    const settings = page.getByRole("region", { name: "Settings its checks inherit" });
    const shown = (await settings.textContent()) ?? "";
    expect(shown).toContain("Private locationsbasement");
    expect(shown).toContain("Retriesexponential: up to 3 times, first after 60 s");
    expect(shown).toContain("API defaults1 header, 1 assertion");
    expect(shown).toContain("Environment variablesTOKEN (secret)");
    expect(shown).toContain("Alert settingsthe group's own: after 2 failed runs, 1 reminder");
    expect(shown).toContain("Alert channelsops@example.com");
    await expectAccessible(page, "group with every setting");

    const groups = await api.get("/v1/check-groups");
    const id = groups.body[0].id;
    const stored = (await api.get(`/v1/check-groups/${id}`)).body;
    expect(stored).toMatchObject({
      name: "Payments",
      privateLocations: ["basement"],
      retryStrategy: { type: "EXPONENTIAL", maxRetries: 3, baseBackoffSeconds: 60, maxDurationSeconds: 600 },
      alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }],
      useGlobalAlertSettings: false,
      alertSettings: {
        escalationType: "RUN_BASED",
        runBasedEscalation: { failedRunThreshold: 2 },
        reminders: { amount: 1, interval: 5 },
      },
      apiCheckDefaults: {
        headers: [{ key: "X-Team", value: "payments", locked: false }],
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", property: "", target: "200", regex: null }],
      },
      environmentVariables: [{ key: "TOKEN", value: null, secret: true }],
      localSetupScript: "request.headers['x-setup'] = '1'",
    });
    expect(storedVariables("Payments")).toEqual([{ key: "TOKEN", value: "s3cret", secret: true, locked: false }]);

    // The name alone changed: the secret (read back redacted) and every other setting stay.
    await tabTo(page, "Edit the settings");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Edit Payments" }).waitFor();
    await expectAccessible(page, "edit group, every setting");
    expect(await page.getByLabel("Variable 1 value").getAttribute("placeholder")).toBe("unchanged");
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Payments EU");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Payments EU", exact: true }).waitFor();
    const renamed = (await api.get(`/v1/check-groups/${id}`)).body;
    const without = ({ name, updated_at, ...rest }: Record<string, unknown>) => rest;
    expect(renamed.name).toBe("Payments EU");
    expect(without(renamed)).toEqual(without(stored));
    expect(storedVariables("Payments EU")).toEqual([{ key: "TOKEN", value: "s3cret", secret: true, locked: false }]);
  });
});

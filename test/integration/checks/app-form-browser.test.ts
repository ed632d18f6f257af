// Issue 30: an engineer fixing a failing check edits what the API takes in the app, not with curl.
// In Debian's Chromium against a real `vigil serve` on SQLite: an API check with a header, an
// assertion, retries and response-time bounds is made by keyboard alone and read back through
// REST; a check whose headers and assertions were set through REST is renamed in the app and
// keeps them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { pressOn, tabTo, typeInto } from "../../support/keyboard.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";
import { restClient } from "../../support/rest.js";

const dir = mkdtempSync(join(tmpdir(), "vigil-check-form-"));

describe("the operator app: a check's request, assertions and retries", () => {
  const vigil = useVigilServe({ DATABASE_URL: `file:${join(dir, "vigil.db")}` });
  const browsers = useBrowser();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("makes an API check by keyboard, then renames a check made through REST without losing its headers", {
    timeout: 240_000,
  }, async () => {
    const page = await (await browsers.newContext()).newPage();
    const key = await completeSetup(page, vigil.setupLink());
    const api = restClient(vigil.url, key);

    await page.getByRole("link", { name: "New check" }).click();
    await page.getByRole("heading", { name: "New check", exact: true }).waitFor();
    await expectAccessible(page, "new check, every field");
    const type = (name: string | RegExp, text: string, key?: "Tab" | "Shift+Tab") => typeInto(page, name, text, key);
    const press = (name: string, key?: string) => pressOn(page, name, key);
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.type("Orders API");
    await type("URL", "http://127.0.0.1:9/orders");
    await press("Add header", "Enter");
    await tabTo(page, "Header 1 name", "Shift+Tab");
    await page.keyboard.type("X-Api-Key");
    await page.keyboard.press("Tab");
    await page.keyboard.type("k-123");
    await press("Add assertion", "Enter"); // a second one beside the new form's status-code row
    await tabTo(page, "Assertion 2 source", "Shift+Tab");
    await page.keyboard.press("ArrowDown"); // JSON body
    await page.keyboard.press("Tab");
    await page.keyboard.type("$.ok");
    await page.keyboard.press("Tab"); // equals
    await page.keyboard.press("Tab");
    await page.keyboard.type("true");
    await type("Degraded after", "4000");
    await type("Failed after", "60000"); // over the API's bound: refused on its field below
    await tabTo(page, "Retry strategy");
    await page.keyboard.press("ArrowDown"); // fixed
    await type("Retries at most", "3");
    await press("Create the check", "Enter");

    const bound = page.getByTestId("error-maxResponseTime");
    expect(await bound.textContent()).toMatch(/45000/);
    expect(await page.getByLabel("Failed after").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "new check, refused bound");
    await type("Failed after", "9000", "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Orders API", exact: true }).waitFor();

    const made = (await api.get("/v1/checks")).body.find((c: { name: string }) => c.name === "Orders API");
    expect(made).toMatchObject({
      checkType: "API",
      degradedResponseTime: 4000,
      maxResponseTime: 9000,
      retryStrategy: { type: "FIXED", maxRetries: 3 },
      request: {
        method: "GET",
        url: "http://127.0.0.1:9/orders",
        headers: [{ key: "X-Api-Key", value: "k-123", locked: false }],
        assertions: [
          { source: "STATUS_CODE", comparison: "EQUALS", target: "200" },
          { source: "JSON_BODY", property: "$.ok", comparison: "EQUALS", target: "true" },
        ],
      },
    });

    // Headers, query parameters, an assertion and auth set through REST; the app renames the check.
    const request = {
      method: "POST",
      url: "http://127.0.0.1:9/pay",
      headers: [{ key: "Authorization", value: "Bearer t-1" }],
      queryParameters: [{ key: "probe", value: "1" }],
      assertions: [{ source: "JSON_BODY", property: "$.status", comparison: "EQUALS", target: "ok" }],
      basicAuth: { username: "probe", password: "pw" },
      body: '{"amount":1}',
      bodyType: "JSON",
    };
    const rest = await api.post("/v1/checks/api", { name: "Payments", activated: false, request });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const before = (await api.get(`/v1/checks/${rest.body.id}`)).body;
    await page.goto(`${vigil.url}/checks/${encodeURIComponent(rest.body.id)}/edit`);
    await page.getByRole("heading", { name: "Edit Payments" }).waitFor();
    await expectAccessible(page, "edit check, every field");
    expect(await page.getByLabel("Header 1 value").inputValue()).toBe("Bearer t-1");
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Payments EU");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Payments EU", exact: true }).waitFor();
    const after = (await api.get(`/v1/checks/${rest.body.id}`)).body;
    const without = ({ name, updated_at, updatedAt, ...rest }: Record<string, unknown>) => rest;
    expect(after.name).toBe("Payments EU");
    expect(without(after)).toEqual(without(before));
  });
});

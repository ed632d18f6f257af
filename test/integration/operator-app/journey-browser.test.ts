// Issue 27's journey of a new user in the operator app, in Debian's Chromium against a real
// `vigil serve` on SQLite: setup link, key shown, sign out, sign in with the key, an API check
// against a local target that fails, seen failing live on the overview, its failed result and
// assertion, the URL fixed, Run now, seen passing live. Axe on every screen it passes.
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

describe("the operator app: a new user's journey", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();
  let target: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    target = await startReceiver();
    // The failing answer comes late, so that the overview is on screen before the first run ends.
    target.reply((res, request) => {
      if (request.path === "/ok") return res.end("ok");
      setTimeout(() => {
        res.statusCode = 500;
        res.end("down");
      }, 8_000);
    });
  });
  afterAll(() => target?.close());

  it("sets up, signs out and in, sees a check fail live, fixes it and sees it pass", { timeout: 180_000 }, async () => {
    const context = await browsers.newContext();
    const page = await context.newPage();
    const key = await completeSetup(page, vigil.setupLink());
    await expectAccessible(page, "overview");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to Vigil" }).waitFor();
    await expectAccessible(page, "sign-in");
    // Signed out means signed out: the overview sends the person back to sign in.
    await page.goto(`${vigil.url}/`);
    await page.getByRole("heading", { name: "Sign in to Vigil" }).waitFor();
    await signIn(page, vigil.url, key);

    await page.getByRole("link", { name: "New check" }).click();
    await page.getByRole("heading", { name: "New check", exact: true }).waitFor();
    await expectAccessible(page, "new check");
    await page.getByLabel("Name").fill("Checkout");
    await page.getByLabel("URL").fill(`${target.url}/fail`);
    await page.getByLabel("Run every").selectOption("0:10");
    await page.getByRole("button", { name: "Create the check" }).click();
    await page.getByRole("heading", { name: "Checkout", exact: true }).waitFor();
    const checkUrl = page.url();

    // To the overview at once: the first run is still waiting for the slow target.
    await page.getByRole("link", { name: "Overview" }).click();
    await expect.poll(() => page.getByTestId("count-passing").textContent(), { timeout: 10_000 }).toBe("1");
    expect(await page.getByTestId("count-failing").textContent()).toBe("0");
    await markPage(page);
    // The target answers after 8 s and a failed run is retried before the check counts as failing:
    // on a busy machine that passed 30 s.
    await expect.poll(() => page.getByTestId("count-failing").textContent(), { timeout: 75_000 }).toBe("1");
    const attention = page.getByRole("region", { name: "Needs attention" });
    await expect.poll(() => attention.textContent(), { timeout: 10_000 }).toContain("STATUS_CODE EQUALS 200: got 500");
    await expectNotReloaded(page);

    await attention.getByRole("link", { name: "Checkout" }).click();
    await page.getByRole("heading", { name: "Checkout", exact: true }).waitFor();
    expect(page.url()).toBe(checkUrl);
    await expectAccessible(page, "check");
    await page.getByTestId("results").getByRole("link", { name: "✕ Failed" }).first().click();
    const assertion = page.getByTestId("assertion").first();
    await assertion.waitFor();
    expect(await assertion.textContent()).toBe("✕ failedSTATUS_CODE EQUALS 200500");
    await expectAccessible(page, "result");

    await page.goto(`${checkUrl}/edit`);
    await page.getByRole("heading", { name: "Edit Checkout" }).waitFor();
    await expectAccessible(page, "edit");
    await page.getByLabel("URL").fill(`${target.url}/ok`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(`GET ${target.url}/ok`).waitFor();
    await markPage(page);
    // Run at once after the save: the edit reaches the next run (docs/decisions.md, "Edits take
    // effect at once").
    await page.getByRole("button", { name: "Run now" }).click();
    const progress = page.getByTestId("session-progress");
    await expect.poll(() => progress.textContent(), { timeout: 20_000 }).toContain("Run now: passed");
    await expect.poll(() => page.locator(".badge").first().textContent(), { timeout: 20_000 }).toContain("Passing");
    await expectNotReloaded(page);
  });
});

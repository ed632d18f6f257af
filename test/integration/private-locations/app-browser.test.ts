// Issue 30, points 6, 7 and 8 in Debian's Chromium against a real `vigil serve` on SQLite: a
// private location made in the app by keyboard alone (its key shown once with the command), a
// real agent process started with that key shows as connected without a reload, and as gone the
// moment it stops; reporting for a range and a tag shows /v1/reporting's figures and its CSV holds
// them; a badge's Markdown copied; a pause undone. Axe on each new screen.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentProcess, startAgentProcess } from "../../support/agent.js";
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

const { version } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));

describe("the operator app: private locations, reporting, undo", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();
  let agent: AgentProcess | undefined;
  let target: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    target = await startReceiver();
    target.reply((res) => res.end("ok"));
  });
  afterAll(async () => {
    agent?.kill();
    await target?.close();
  });
  let key = "";
  /** The first page to sign in uses the setup link (once); later ones sign in with its key. */
  const signedIn = async (page: Page) => {
    if (key) await signIn(page, vigil.url, key);
    else key = await completeSetup(page, vigil.setupLink());
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${vigil.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  it("makes a location by keyboard, and its agent shows as connected, then gone, live", {
    timeout: 180_000,
  }, async () => {
    const page = await (await browsers.newContext()).newPage();
    await signedIn(page);
    await page.getByRole("link", { name: "Locations" }).click();
    await page.getByRole("heading", { name: "Private locations" }).waitFor();
    await expectAccessible(page, "locations, none yet");

    // Keyboard alone: type, Tab to the next field, Enter submits.
    await page.getByLabel("Name").focus();
    await page.keyboard.type("Basement lab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("us-east-1"); // shaped like a data-center location: refused on its field
    await page.keyboard.press("Enter");
    await page.getByTestId("error-location-slug").waitFor();
    await page.getByLabel("Slug").focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("basement");
    await page.keyboard.press("Enter");
    const raw = (await page.getByTestId("new-agent-key").textContent()) ?? "";
    expect(raw).toMatch(/^pl_/);
    expect(await page.getByTestId("agent-command").textContent()).toBe(
      `API_KEY='${raw}' VIGIL_URL='${vigil.url}' npx vigil agent`,
    );
    const row = page.getByTestId("location-row").filter({ hasText: "Basement lab" });
    expect(await row.textContent()).not.toContain(raw); // listed masked
    expect(await row.textContent()).toContain("No agent connected");
    await expectAccessible(page, "agent key shown once");
    expect((await call("GET", "/v1/private-locations")).body[0].keys[0]).not.toHaveProperty("rawKey");

    await markPage(page);
    const rereads: string[] = [];
    page.on("request", (request) => {
      if (request.postData()?.includes('"operationName":"LocationsQuery"')) rereads.push(request.url());
    });
    agent = await startAgentProcess({ API_KEY: raw, VIGIL_URL: vigil.url });
    await row.getByText("1 agent connected").waitFor({ timeout: 30_000 });
    // It came on the subscription: not from a reload, nor from the list's periodic re-read.
    expect(rereads).toEqual([]);
    const cells = await row.getByTestId("agent-row").getByRole("cell").allTextContents();
    expect(cells[1]).toBe(version);
    await expectNotReloaded(page);
    await expectAccessible(page, "agent connected");
    // At 390 px, with the key, its command and an agent's row on screen: nothing runs past the edge.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "390 px locations");
    await page.setViewportSize({ width: 1280, height: 720 });

    // Edit by keyboard: Enter on the button, then on the form.
    await row.getByRole("button", { name: "Edit Basement lab" }).focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("form", { name: "Edit Basement lab" });
    await form.getByLabel("Name").focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Cellar lab");
    await page.keyboard.press("Enter");
    await page.getByText("Saved Cellar lab.").waitFor();
    expect((await call("GET", "/v1/private-locations")).body[0].name).toBe("Cellar lab");

    // The agent stops (SIGTERM: its waiting claim's connection closes): the row shows it gone at
    // once, from the subscription, not from a reload nor a re-read of the list.
    agent.child.kill("SIGTERM");
    expect(await agent.exited).toBe(0);
    const cellarRow = page.getByTestId("location-row").filter({ hasText: "Cellar lab" });
    await cellarRow.getByTestId("no-agents").waitFor({ timeout: 10_000 });
    expect(await cellarRow.getByTestId("location-state").textContent()).toMatch(/^No agent connected/);
    expect(rereads).toEqual([]);
    await expectNotReloaded(page);
    await expectAccessible(page, "agent disconnected");
    expect((await call("GET", "/v1/private-locations")).body[0].agentCount).toBe(0);
    // Delete: asked first (Escape cancels), then confirmed.
    const cellar = page.getByTestId("location-row").filter({ hasText: "Cellar lab" });
    await cellar.getByRole("button", { name: "Delete Cellar lab…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Cellar lab?" });
    await dialog.waitFor();
    await expectAccessible(page, "delete location");
    await page.keyboard.press("Escape");
    expect((await call("GET", "/v1/private-locations")).body).toHaveLength(1);
    // By keyboard too: the dialog takes focus on its first button, Delete.
    await cellar.getByRole("button", { name: "Delete Cellar lab…" }).focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    expect(await dialog.getByRole("button", { name: "Delete" }).evaluate((b) => b === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.press("Enter");
    await page.getByText("Deleted Cellar lab").waitFor();
    expect((await call("GET", "/v1/private-locations")).body).toEqual([]);
  });

  it("reports a range and a tag as /v1/reporting does, downloads it, copies a badge, undoes a pause", {
    timeout: 180_000,
  }, async () => {
    const context = await browsers.newContext({ acceptDownloads: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: vigil.url });
    const page = await context.newPage();
    await signedIn(page);
    const check = async (name: string, tags: string[]) => {
      const made = await call("POST", "/v1/checks/api", {
        name,
        tags,
        activated: true,
        frequency: 0,
        frequencyOffset: 10,
        locations: ["eu-west-1"],
        request: { method: "GET", url: `${target.url}/${name}` },
      });
      expect(made.status).toBe(201);
      return made.body.id as string;
    };
    const group = await call("POST", "/v1/check-groups", { name: "Payments" });
    expect(group.status).toBe(201);
    const prod = await check("Prod API", ["prod"]);
    const dev = await check("Dev API", ["dev"]);
    const report = async () => (await call("GET", "/v1/reporting?quickRange=last7Days&filterByTags=prod")).body;
    await expect.poll(async () => (await report())[0]?.aggregate.avg ?? 0, { timeout: 90_000 }).toBeGreaterThan(0);
    // Paused, its figures stop moving: the screen and REST are compared on a still report.
    const paused = await fetch(`${vigil.url}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        query: `mutation { updateChecks(ids: ["${prod}"], input: { activated: false }) { __typename } }`,
      }),
    });
    expect(paused.status).toBe(200);
    let still = JSON.stringify(await report());
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await report());
          const same = now === still;
          still = now;
          return same;
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(true);
    const expected = JSON.parse(still) as { checkId: string; name: string; aggregate: Record<string, number> }[];
    expect(expected.map((row) => row.checkId)).toEqual([prod]);

    await page.getByRole("link", { name: "Reporting" }).click();
    await page.getByRole("heading", { name: "Reporting" }).waitFor();
    await expectAccessible(page, "reporting");
    // Keyboard alone: the range, then the tags, then Enter.
    await page.getByLabel("Range", { exact: true }).focus();
    await page.keyboard.press("ArrowDown"); // Last 7 days
    await page.getByLabel("Tags", { exact: true }).focus();
    await page.keyboard.type("prod");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Checks over Last 7 days, tagged prod" }).waitFor();
    const rows = page.getByTestId("report-row");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute("data-check-id")).toBe(prod);
    expect(await rows.first().getByTestId("success-ratio").textContent()).toBe(
      `${expected[0]!.aggregate.successRatio!.toFixed(2)} %`,
    );

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download as CSV" }).click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\r\n");
    const a = expected[0]!.aggregate;
    expect(csv).toEqual([
      "checkId,name,checkType,deactivated,tags,successRatio,avg,p95,p99",
      `${prod},Prod API,API,true,prod,${a.successRatio},${a.avg},${a.p95},${a.p99}`,
    ]);

    // Keyboard alone: the next style, then Enter on Copy.
    await page.getByLabel("Style").focus();
    await page.keyboard.press("ArrowDown"); // plastic
    await page.getByRole("button", { name: "Copy the Markdown" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Copied.").waitFor();
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    const url = `${vigil.url}/v1/badges/checks/${prod}?style=plastic`;
    expect(markdown).toBe(`![Prod API status](${url})`);
    expect(await page.getByTestId("badge-preview").getAttribute("src")).toBe(url);
    const badge = await fetch(url);
    expect(badge.headers.get("content-type")).toContain("image/svg+xml");
    expect(await badge.text()).toContain("Prod API");
    await expectAccessible(page, "reporting with a badge");
    // A group's badge: labelled "status", never with the group's name (its ids are sequential).
    await page.getByLabel("A group").check();
    await page.getByLabel("Find a group").fill("pay");
    await page.getByTestId("badge-group-count").getByText("1 found").waitFor();
    await page.getByLabel("Payments").check();
    const groupUrl = `${vigil.url}/v1/badges/groups/${group.body.id}?style=plastic`;
    expect(await page.getByTestId("badge-markdown").textContent()).toBe(`![Payments status](${groupUrl})`);
    const groupBadge = await (await fetch(groupUrl)).text();
    expect(groupBadge).toContain("status");
    expect(groupBadge).not.toContain("Payments");

    // Pause the dev check on its screen, then Undo: the API has it running again.
    await page.goto(`${vigil.url}/checks`);
    await page.getByRole("link", { name: "Dev API" }).click();
    await page.getByRole("heading", { name: "Dev API" }).waitFor();
    const activated = async () => (await call("GET", `/v1/checks/${dev}`)).body.activated;
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await page.getByText("Paused.").waitFor();
    expect(await activated()).toBe(false);
    await expectAccessible(page, "undo offered");
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
    expect(await activated()).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = "/reporting?range=LAST_7_DAYS&tag=prod";
    await page.goto(`${vigil.url}${narrow}`);
    await page.locator("h1").waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "390 px reporting");
  });
});

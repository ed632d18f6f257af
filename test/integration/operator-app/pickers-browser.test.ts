// Issue 30, points 3 and 7, in Debian's Chromium against a real `vigil serve`: an account with more
// than 100 checks and groups. A channel is subscribed to a check found by typing part of its name
// (the oldest: in no first page), and to a group the same way; the pickers page with "More"; a
// group's badge is made from a group found by typing. By keyboard alone; axe on each screen.
import { describe, expect, it } from "vitest";
import { bearer, graphql } from "../../support/app.js";
import { useBrowser } from "../../support/browser.js";
import { tabTo } from "../../support/keyboard.js";
import { completeSetup, expectAccessible, useVigilServe } from "../../support/operator-app.js";
import { restClient } from "../../support/rest.js";

const CREATE = `mutation ($input: AlertChannelInput!) { createAlertChannel(input: $input) {
  ... on CreateAlertChannelSuccess { data { id } } ... on Error { message } } }`;
const SUBSCRIPTIONS = `query ($id: ID!) { node(id: $id) { ... on AlertChannel {
  subscriptions { activated check { name } group { name } } } } }`;

describe("the operator app: pickers that search the server", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();

  it("subscribes a channel to a check and a group found by typing, among more than 100 of each", {
    timeout: 240_000,
  }, async () => {
    const page = await (await browsers.newContext()).newPage();
    const key = await completeSetup(page, vigil.setupLink());
    const api = restClient(vigil.url, key);
    const check = (name: string) =>
      api.post("/v1/checks/api", {
        name,
        activated: false,
        locations: ["eu-west-1"],
        request: { method: "GET", url: "http://127.0.0.1:9/" },
      });
    // The oldest of each is the one looked for: newest first, it is on no first page.
    expect((await check("Zebra crossing")).status).toBe(201);
    expect((await api.post("/v1/check-groups", { name: "Quartz team" })).status).toBe(201);
    for (let i = 1; i <= 110; i++) {
      expect((await check(`Check ${String(i).padStart(3, "0")}`)).status).toBe(201);
      expect((await api.post("/v1/check-groups", { name: `Group ${String(i).padStart(3, "0")}` })).status).toBe(201);
    }
    const config = { name: "On-call", webhookType: "WEBHOOK", url: "http://127.0.0.1:9/hook", method: "POST" };
    const made = await graphql(vigil.url, CREATE, bearer(key), { input: { type: "WEBHOOK", config } });
    const channel = made.body.data.createAlertChannel.data.id as string;

    await page.goto(`${vigil.url}/alert-channels`);
    await page.getByRole("link", { name: /^Edit webhook On-call/ }).click();
    await page.getByRole("heading", { name: "Checks and groups alerting here" }).waitFor();
    const count = page.getByTestId("subscribe-check-count");
    await count.getByText("20+ found").waitFor();
    await page.getByRole("button", { name: "More checks" }).click();
    await count.getByText("40+ found").waitFor();
    expect(await page.getByLabel("Zebra crossing").count()).toBe(0);
    await expectAccessible(page, "channel with the checks' picker");

    // By keyboard alone: type part of the name, Tab into the matches, Space, then Subscribe.
    await tabTo(page, "Find a check");
    await page.keyboard.type("ZEBRA");
    await count.getByText("1 found").waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    expect(await page.getByLabel("Zebra crossing").isChecked()).toBe(true);
    await tabTo(page, "Subscribe");
    await page.keyboard.press("Enter");
    await page.getByTestId("subscriptions").getByText("Alerts from check Zebra crossing").waitFor();
    await expectAccessible(page, "channel subscribed to a check found by typing");

    // A group, the same way: the kind is a radio group (an arrow moves to "A group").
    await tabTo(page, "A check");
    await page.keyboard.press("ArrowDown");
    await tabTo(page, "Find a group");
    await page.keyboard.type("quartz");
    await page.getByTestId("subscribe-group-count").getByText("1 found").waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await tabTo(page, "Subscribe");
    await page.keyboard.press("Enter");
    await page.getByTestId("subscriptions").getByText("Alerts from group Quartz team").waitFor();
    await expectAccessible(page, "channel subscribed to a group found by typing");
    const { body } = await graphql(vigil.url, SUBSCRIPTIONS, bearer(key), { id: channel });
    expect(body.data.node.subscriptions).toEqual(
      expect.arrayContaining([
        { activated: true, check: { name: "Zebra crossing" }, group: null },
        { activated: true, check: null, group: { name: "Quartz team" } },
      ]),
    );
    expect(body.data.node.subscriptions).toHaveLength(2);

    // A group's badge, from a group found by typing (the report lists checks; badges take any group).
    await page.goto(`${vigil.url}/reporting`);
    await page.getByRole("heading", { name: "Badges" }).waitFor();
    await tabTo(page, "A check of this report");
    await page.keyboard.press("ArrowDown"); // A group
    await tabTo(page, "Find a group");
    await page.keyboard.type("quartz");
    await page.getByTestId("badge-group-count").getByText("1 found").waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    const groups = (await api.get("/v1/check-groups?limit=100&name=Quartz%20team")).body as { id: number }[];
    expect(await page.getByTestId("badge-markdown").textContent()).toBe(
      `![Quartz team status](${vigil.url}/v1/badges/groups/${groups[0]!.id})`,
    );
    await expectAccessible(page, "a group's badge found by typing");
  });
});

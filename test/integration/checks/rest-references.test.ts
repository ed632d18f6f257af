import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createPrivateLocation, createCheckGroup, createAlertChannel } from "../../support/index.js";
import { restClient, type RestClient } from "../../support/rest.js";

const body = { name: "API", request: { method: "GET", url: "https://example.com" } };

/** Alert channels, groups, private locations and status page services a check may name: only the caller's. */
describe(`REST check references on ${testProvider}`, () => {
  const t = useTestApp();
  let api: RestClient;
  let accountId: string;
  let stranger: { accountId: string; apiKey: string };
  const db = () => t.db;
  const channel = (owner: string) => createAlertChannel(t, owner, { address: "a@example.com" });
  const count = () => db().check.count();

  beforeAll(async () => {
    stranger = await t.newAccount();
    // Each test that depends on the account's channels gets an account of its own.
    const own = await t.newAccount();
    accountId = own.accountId;
    api = restClient(t.url, own.apiKey);
  });

  it("subscribes a new check to every channel of the account unless told not to, or told which", async () => {
    const [a, b] = [await channel(accountId), await channel(accountId)];
    await channel(stranger.accountId);
    const all = await api.post("/v1/checks/api", body);
    expect(all.body.alertChannelSubscriptions).toEqual([
      { alertChannelId: a.id, activated: true },
      { alertChannelId: b.id, activated: true },
    ]);
    expect((await api.post("/v1/checks/api?autoAssignAlerts=false", body)).body.alertChannelSubscriptions).toEqual([]);
    expect(
      (await api.post("/v1/checks/api", { ...body, alertChannelSubscriptions: [] })).body.alertChannelSubscriptions,
    ).toEqual([]);
    const chosen = await api.post("/v1/checks/api", {
      ...body,
      alertChannelSubscriptions: [{ alertChannelId: b.id, activated: false }],
    });
    expect(chosen.body.alertChannelSubscriptions).toEqual([{ alertChannelId: b.id, activated: false }]);
    const defaulted = await api.post("/v1/checks/api?autoAssignAlerts=false", {
      ...body,
      alertChannelSubscriptions: [{ alertChannelId: a.id }],
    });
    expect(defaulted.body.alertChannelSubscriptions).toEqual([{ alertChannelId: a.id, activated: true }]);
  });

  it("refuses channels that are not the account's, or repeated, naming the item", async () => {
    const mine = await channel(accountId);
    const theirs = await channel(stranger.accountId);
    const before = await count();
    const cases: [unknown[], string[]][] = [
      [[{ alertChannelId: mine.id }, { alertChannelId: theirs.id }], ["alertChannelSubscriptions.1.alertChannelId"]],
      [
        [{ alertChannelId: 999999 }, { alertChannelId: 99999999999 }],
        ["alertChannelSubscriptions.0.alertChannelId", "alertChannelSubscriptions.1.alertChannelId"],
      ],
      [[{ alertChannelId: mine.id }, { alertChannelId: mine.id }], ["alertChannelSubscriptions.1.alertChannelId"]],
      [[{ alertChannelId: "1" }], ["alertChannelSubscriptions.0.alertChannelId"]],
      [[{ alertChannelId: mine.id, muted: true }], ["alertChannelSubscriptions.0.muted"]],
    ];
    for (const [subscriptions, keys] of cases) {
      const response = await api.post("/v1/checks/api", { ...body, alertChannelSubscriptions: subscriptions });
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "payload", keys });
    }
    expect(await count()).toBe(before);
    expect(await db().alertChannelSubscription.count({ where: { alertChannelId: theirs.id } })).toBe(0);
  });

  it("puts a check in one of the account's groups only", async () => {
    const mine = await createCheckGroup(t, { name: "mine" }, accountId);
    const theirs = await createCheckGroup(t, { name: "theirs" }, stranger.accountId);
    const inGroup = await api.post("/v1/checks/api", { ...body, groupId: mine.id, groupOrder: 3 });
    expect(inGroup.status).toBe(201);
    expect(inGroup.body).toMatchObject({ groupId: mine.id, groupOrder: 3 });
    const before = await count();
    for (const groupId of [theirs.id, 2147483647]) {
      const response = await api.post("/v1/checks/api", { ...body, groupId });
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "payload", keys: ["groupId"] });
    }
    for (const groupId of [0, 2147483648, "1"])
      expect((await api.post("/v1/checks/api", { ...body, groupId })).body.validation.keys).toEqual(["groupId"]);
    expect(await count()).toBe(before);
  });

  it("runs from the account's private locations, named by slug or id and stored as slugs (as groups do)", async () => {
    const berlin = await createPrivateLocation(t, { name: "Berlin", slugName: "berlin-dc" }, accountId);
    const paris = await createPrivateLocation(t, { name: "Paris", slugName: "paris-dc" }, accountId);
    const theirs = await createPrivateLocation(t, { name: "Theirs", slugName: "theirs-dc" }, stranger.accountId);
    const created = await api.post("/v1/checks/api", { ...body, privateLocations: ["berlin-dc", paris.id] });
    expect(created.status).toBe(201);
    expect(created.body.privateLocations).toEqual(["berlin-dc", "paris-dc"]);
    expect((await api.get(`/v1/checks/${created.body.id}`)).body.privateLocations).toEqual(["berlin-dc", "paris-dc"]);
    const before = await count();
    const refused = await api.post("/v1/checks/api", {
      ...body,
      privateLocations: [berlin.id, "theirs-dc", theirs.id, "nowhere"],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validation.keys).toEqual(["privateLocations.1", "privateLocations.2", "privateLocations.3"]);
    expect(
      (await api.post("/v1/checks/api", { ...body, privateLocations: ["berlin-dc", "berlin-dc"] })).body.validation
        .keys,
    ).toEqual(["privateLocations.1"]);
    // The same location named once by slug and once by id is a repeat too.
    expect(
      (await api.post("/v1/checks/api", { ...body, privateLocations: ["berlin-dc", berlin.id] })).body.validation.keys,
    ).toEqual(["privateLocations.1"]);
    expect(await count()).toBe(before);
  });

  it("opens incidents only on the account's status page services", async () => {
    const service = await db().statusPageService.create({ data: { accountId, name: "API" } });
    const theirs = await db().statusPageService.create({ data: { accountId: stranger.accountId, name: "Theirs" } });
    const triggerIncident = {
      serviceId: service.id,
      severity: "MAJOR",
      name: "API down",
      description: "Failing",
      notifySubscribers: true,
    };
    const created = await api.post("/v1/checks/api", { ...body, triggerIncident });
    expect(created.status).toBe(201);
    expect(created.body.triggerIncident).toEqual(triggerIncident);
    const before = await count();
    for (const serviceId of [theirs.id, "not-a-service"]) {
      const response = await api.post("/v1/checks/api", {
        ...body,
        triggerIncident: { ...triggerIncident, serviceId },
      });
      expect(response.body.validation).toEqual({ source: "payload", keys: ["triggerIncident.serviceId"] });
    }
    expect(
      (
        await api.post("/v1/checks/api", { ...body, triggerIncident: { serviceId: service.id } })
      ).body.validation.keys.sort(),
    ).toEqual([
      "triggerIncident.description",
      "triggerIncident.name",
      "triggerIncident.notifySubscribers",
      "triggerIncident.severity",
    ]);
    expect(await count()).toBe(before);
  });
});

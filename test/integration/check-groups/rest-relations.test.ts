import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createPrivateLocation, createCheck, createAlertChannel } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

// Tests make alert channel rows directly (the alert-channel API has tests of its own).
describe(`REST check groups: alert channels, private locations and checks on ${testProvider}`, () => {
  const t = useTestApp();
  const db = () => t.db;
  const channel = (accountId: string) => createAlertChannel(t, accountId, { address: "ops@example.com" });
  const location = (accountId: string, slugName: string) => createPrivateLocation(t, { slugName }, accountId);
  /** A fresh account per test: auto-assignment depends on every channel of the account. */
  const account = async () => {
    const { accountId, apiKey } = await t.newAccount();
    return { accountId, api: restClient(t.url, apiKey) };
  };
  const counts = async () => [await db().checkGroup.count(), await db().alertChannelSubscription.count()];

  it("subscribes a new group to every alert channel unless autoAssignAlerts=false or subscriptions are sent", async () => {
    const { accountId, api } = await account();
    const [a, b] = [await channel(accountId), await channel(accountId)];
    const auto = await api.post("/v1/check-groups", { name: "Auto" });
    expect(auto.body.alertChannelSubscriptions).toEqual([
      { alertChannelId: a.id, activated: true },
      { alertChannelId: b.id, activated: true },
    ]);
    const explicitTrue = await api.post("/v1/check-groups?autoAssignAlerts=true", { name: "Auto too" });
    expect(explicitTrue.body.alertChannelSubscriptions).toHaveLength(2);
    const off = await api.post("/v1/check-groups?autoAssignAlerts=false", { name: "Off" });
    expect(off.body.alertChannelSubscriptions).toEqual([]);
    const sent = await api.post("/v1/check-groups", {
      name: "Sent",
      alertChannelSubscriptions: [{ alertChannelId: b.id, activated: false }],
    });
    expect(sent.body.alertChannelSubscriptions).toEqual([{ alertChannelId: b.id, activated: false }]);
    const cleared = await api.post("/v1/check-groups", { name: "None", alertChannelSubscriptions: [] });
    expect(cleared.body.alertChannelSubscriptions).toEqual([]);
    expect((await api.get(`/v1/check-groups/${sent.body.id}`)).body).toEqual(sent.body);
  });

  it("on update, leaves the subscriptions alone whatever autoAssignAlerts says, or replaces them with a sent list", async () => {
    const { accountId, api } = await account();
    const a = await channel(accountId);
    const { body: group } = await api.post("/v1/check-groups?autoAssignAlerts=false", { name: "G" });
    const path = `/v1/check-groups/${group.id}`;
    expect((await api.put(`${path}?autoAssignAlerts=false`, { muted: true })).body.alertChannelSubscriptions).toEqual(
      [],
    );
    // autoAssignAlerts acts at creation only (docs/decisions.md, Alerting).
    expect((await api.put(path, { name: "G1" })).body.alertChannelSubscriptions).toEqual([]);
    expect(
      (await api.put(path, { alertChannelSubscriptions: [{ alertChannelId: a.id, activated: false }] })).body
        .alertChannelSubscriptions,
    ).toEqual([{ alertChannelId: a.id, activated: false }]);
    await channel(accountId);
    const unchanged = await api.put(`${path}?autoAssignAlerts=true`, { name: "G2" });
    expect(unchanged.body.alertChannelSubscriptions).toEqual([{ alertChannelId: a.id, activated: false }]);
    expect(unchanged.body.muted).toBe(true);
    const c = await channel(accountId);
    expect((await api.put(`${path}?autoAssignAlerts=false`, {})).body.alertChannelSubscriptions).toHaveLength(1);
    const replaced = await api.put(`${path}?autoAssignAlerts=true`, {
      alertChannelSubscriptions: [{ alertChannelId: c.id }],
    });
    expect(replaced.body.alertChannelSubscriptions).toEqual([{ alertChannelId: c.id, activated: true }]);
    const cleared = await api.put(path, { alertChannelSubscriptions: [] });
    expect(cleared.body.alertChannelSubscriptions).toEqual([]);
    expect(await db().alertChannelSubscription.count({ where: { groupId: group.id } })).toBe(0);
  });

  it("refuses an alert channel that is not the account's, repeated ones, and changes nothing", async () => {
    const { accountId, api } = await account();
    const mine = await channel(accountId);
    const theirs = await channel(t.accountId);
    const { body: group } = await api.post("/v1/check-groups", { name: "G" });
    const before = await counts();
    for (const [subscriptions, keys] of [
      [[{ alertChannelId: mine.id }, { alertChannelId: theirs.id }], ["alertChannelSubscriptions.1.alertChannelId"]],
      [
        [{ alertChannelId: 2147483647 }, { alertChannelId: 99999999999 }],
        ["alertChannelSubscriptions.0.alertChannelId", "alertChannelSubscriptions.1.alertChannelId"],
      ],
      [
        [{ alertChannelId: mine.id }, { alertChannelId: mine.id, activated: false }],
        ["alertChannelSubscriptions.1.alertChannelId"],
      ],
    ] as const) {
      for (const response of [
        await api.post("/v1/check-groups", { name: "Refused", alertChannelSubscriptions: subscriptions }),
        await api.put(`/v1/check-groups/${group.id}`, { name: "Refused", alertChannelSubscriptions: subscriptions }),
      ]) {
        expect(response.status).toBe(400);
        expect(response.body.validation).toEqual({ source: "payload", keys });
      }
    }
    expect(await counts()).toEqual(before);
    expect((await api.get(`/v1/check-groups/${group.id}`)).body).toEqual(group);
  });

  it("names private locations by slug or id, stores them as slugs, and refuses any other", async () => {
    const { accountId, api } = await account();
    const [eu, us] = [await location(accountId, "dc-eu"), await location(accountId, "dc-us")];
    const foreign = await location(t.accountId, "dc-foreign");
    const created = await api.post("/v1/check-groups", {
      name: "Private",
      privateLocations: ["dc-eu", us.id.toUpperCase()],
    });
    expect(created.status).toBe(201);
    expect(created.body.privateLocations).toEqual(["dc-eu", "dc-us"]);
    const updated = await api.put(`/v1/check-groups/${created.body.id}`, { privateLocations: [eu.id] });
    expect(updated.body.privateLocations).toEqual(["dc-eu"]);

    const before = await counts();
    for (const [names, keys] of [
      [["dc-eu", "nowhere"], ["privateLocations.1"]],
      [["dc-foreign"], ["privateLocations.0"]],
      [[foreign.id], ["privateLocations.0"]],
      [["DC-EU"], ["privateLocations.0"]],
      [["dc-us", us.id], ["privateLocations.1"]],
    ] as const) {
      const response = await api.post("/v1/check-groups", { name: "Refused", privateLocations: names });
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "payload", keys });
      expect(
        (await api.put(`/v1/check-groups/${created.body.id}`, { privateLocations: names })).body.validation,
      ).toEqual({ source: "payload", keys });
    }
    // Both kinds of reference problems are reported together.
    const both = await api.post("/v1/check-groups", {
      name: "Both",
      privateLocations: ["nowhere"],
      alertChannelSubscriptions: [{ alertChannelId: 2147483647 }],
    });
    expect(both.body.validation.keys).toEqual(["privateLocations.0", "alertChannelSubscriptions.0.alertChannelId"]);
    expect(await counts()).toEqual(before);
    expect((await api.get(`/v1/check-groups/${created.body.id}`)).body).toEqual(updated.body);
  });

  it("refuses to delete a group that still contains checks (409), and deletes it with its subscriptions once empty", async () => {
    const { accountId, api } = await account();
    await channel(accountId);
    const { body: group } = await api.post("/v1/check-groups", { name: "Busy" });
    expect(group.alertChannelSubscriptions).toHaveLength(1);
    const check = await createCheck(t, { name: "In the group", locations: [], groupId: group.id }, accountId);
    const refused = await api.delete(`/v1/check-groups/${group.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      statusCode: 409,
      error: "Conflict",
      message: expect.stringContaining("1 check"),
    });
    expect((await api.get(`/v1/check-groups/${group.id}`)).body).toEqual(group);
    expect((await db().check.findUniqueOrThrow({ where: { id: check.id } })).groupId).toBe(group.id);

    await db().check.update({ where: { id: check.id }, data: { groupId: null } });
    expect((await api.delete(`/v1/check-groups/${group.id}`)).status).toBe(204);
    expect(await db().alertChannelSubscription.count({ where: { groupId: group.id } })).toBe(0);
    expect(await db().check.count({ where: { id: check.id } })).toBe(1);
  });
});

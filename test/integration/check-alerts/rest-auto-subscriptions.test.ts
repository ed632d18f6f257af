import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const request = { method: "GET", url: "https://example.com" };
const email = (address: string, extra: Record<string, unknown> = {}) => ({
  type: "EMAIL",
  config: { address },
  ...extra,
});

/** autoSubscribe (a channel's) and autoAssignAlerts (a check's or group's query) act when a check or group is created. */
describe(`REST automatic alert channel subscriptions on ${testProvider}`, () => {
  const t = useTestApp();
  const account = async () => restClient(t.url, (await t.newAccount()).apiKey);
  const ids = (body: { alertChannelSubscriptions: { alertChannelId: number; activated: boolean }[] }) =>
    body.alertChannelSubscriptions;

  it("subscribes every check created later to an autoSubscribe channel, whatever autoAssignAlerts or the body says", async () => {
    const api = await account();
    const { body: before } = await api.post("/v1/checks/api?autoAssignAlerts=false", { name: "before", request });
    const { body: plain } = await api.post("/v1/alert-channels", email("a@example.com"));
    const { body: auto } = await api.post("/v1/alert-channels", email("b@example.com", { autoSubscribe: true }));
    expect(auto.autoSubscribe).toBe(true);
    // An existing check is not subscribed by the channel's creation.
    expect(ids((await api.get(`/v1/checks/${before.id}`)).body)).toEqual([]);

    const off = (await api.post("/v1/checks/api?autoAssignAlerts=false", { name: "off", request })).body;
    expect(ids(off)).toEqual([{ alertChannelId: auto.id, activated: true }]);
    const sent = (
      await api.post("/v1/checks/api", {
        name: "sent",
        request,
        alertChannelSubscriptions: [{ alertChannelId: plain.id, activated: false }],
      })
    ).body;
    expect(ids(sent)).toEqual([
      { alertChannelId: plain.id, activated: false },
      { alertChannelId: auto.id, activated: true },
    ]);
    // A subscription the body sends for the autoSubscribe channel itself is kept as sent.
    const own = (
      await api.post("/v1/checks/api", {
        name: "own",
        request,
        alertChannelSubscriptions: [{ alertChannelId: auto.id, activated: false }],
      })
    ).body;
    expect(ids(own)).toEqual([{ alertChannelId: auto.id, activated: false }]);
    const all = (await api.post("/v1/checks/api", { name: "all", request })).body;
    expect(ids(all)).toEqual([
      { alertChannelId: plain.id, activated: true },
      { alertChannelId: auto.id, activated: true },
    ]);
    // Groups are not subscribed by autoSubscribe (it names checks).
    expect(ids((await api.post("/v1/check-groups?autoAssignAlerts=false", { name: "g" })).body)).toEqual([]);
    // An update subscribes nothing new.
    expect(ids((await api.put(`/v1/checks/${before.id}`, { name: "renamed" })).body)).toEqual([]);
  });

  it("autoAssignAlerts subscribes a check or group at creation only; an update with it changes no subscription", async () => {
    const api = await account();
    const { body: a } = await api.post("/v1/alert-channels", email("a@example.com"));
    const { body: check } = await api.post("/v1/checks/api", { name: "c", request });
    const { body: group } = await api.post("/v1/check-groups", { name: "g" });
    expect(ids(check)).toEqual([{ alertChannelId: a.id, activated: true }]);
    expect(ids(group)).toEqual([{ alertChannelId: a.id, activated: true }]);

    const { body: b } = await api.post("/v1/alert-channels", email("b@example.com"));
    for (const query of ["", "?autoAssignAlerts=true"]) {
      const updatedCheck = await api.put(`/v1/checks/${check.id}${query}`, { name: "c2" });
      expect(updatedCheck.status).toBe(200);
      expect(ids(updatedCheck.body)).toEqual([{ alertChannelId: a.id, activated: true }]);
      const updatedGroup = await api.put(`/v1/check-groups/${group.id}${query}`, { name: "g2" });
      expect(updatedGroup.status).toBe(200);
      expect(ids(updatedGroup.body)).toEqual([{ alertChannelId: a.id, activated: true }]);
    }
    // A sent list still replaces the subscriptions on update.
    const replaced = await api.put(`/v1/check-groups/${group.id}?autoAssignAlerts=true`, {
      alertChannelSubscriptions: [{ alertChannelId: b.id }],
    });
    expect(ids(replaced.body)).toEqual([{ alertChannelId: b.id, activated: true }]);
  });

  it("refuses alertChannelSubscriptions naming another account's channel on checks and groups, creating nothing", async () => {
    const api = await account();
    const { body: mine } = await api.post("/v1/alert-channels", email("a@example.com"));
    const { body: theirs } = await t.api.post("/v1/alert-channels", email("z@example.com"));
    const subscriptions = [{ alertChannelId: mine.id }, { alertChannelId: theirs.id }];
    const counts = async () => [
      await t.db.check.count(),
      await t.db.checkGroup.count(),
      await t.db.alertChannelSubscription.count(),
    ];
    const before = await counts();
    for (const [path, body] of [
      ["/v1/checks/api", { name: "c", request, alertChannelSubscriptions: subscriptions }],
      ["/v1/check-groups", { name: "g", alertChannelSubscriptions: subscriptions }],
    ] as const) {
      const response = await api.post(path, body);
      expect(response.status).toBe(400);
      expect(response.body.validation.keys).toEqual(["alertChannelSubscriptions.1.alertChannelId"]);
    }
    expect(await counts()).toEqual(before);
  });
});

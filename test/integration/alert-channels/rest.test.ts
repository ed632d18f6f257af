import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const email = { type: "EMAIL", config: { address: "ops@example.com" } };
const flags = {
  sendRecovery: true,
  sendFailure: true,
  sendDegraded: false,
  sslExpiry: false,
  sslExpiryThreshold: 30,
  autoSubscribe: false,
};

describe(`REST alert channels on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  /** A fresh account per test where subscriptions and auto-assignment depend on every channel of it. */
  const account = async () => {
    const { accountId, apiKey } = await t.newAccount();
    return { accountId, api: restClient(t.url, apiKey) };
  };

  it("creates with every default, reads, lists, updates and deletes", async () => {
    const created = await api.post("/v1/alert-channels", email);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      type: "EMAIL",
      config: { address: "ops@example.com" },
      subscriptions: [],
      ...flags,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const id = created.body.id;
    expect((await api.get(`/v1/alert-channels/${id}`)).body).toEqual(created.body);
    const listed = await api.get("/v1/alert-channels?limit=100");
    expect(listed.status).toBe(200);
    expect(listed.body.find((c: { id: number }) => c.id === id)).toEqual(created.body);

    const updated = await api.put(`/v1/alert-channels/${id}`, {
      type: "EMAIL",
      config: { address: "oncall@example.com" },
      sendDegraded: true,
      sslExpiryThreshold: 7,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      config: { address: "oncall@example.com" },
      sendDegraded: true,
      sslExpiryThreshold: 7,
    });
    // An omitted flag keeps its value.
    const again = await api.put(`/v1/alert-channels/${id}`, { ...email, sendFailure: false });
    expect(again.body).toMatchObject({ ...flags, sendDegraded: true, sslExpiryThreshold: 7, sendFailure: false });
    expect((await api.put(`/v1/alert-channels/${id}`, { sendFailure: true })).body.validation).toEqual({
      source: "payload",
      keys: ["type"],
    });

    expect((await api.delete(`/v1/alert-channels/${id}`)).status).toBe(204);
    expect((await api.get(`/v1/alert-channels/${id}`)).status).toBe(404);
    expect((await api.delete(`/v1/alert-channels/${id}`)).status).toBe(404);
    expect((await api.put(`/v1/alert-channels/${id}`, email)).status).toBe(404);
  });

  it("accepts every delivered type with its defaults, and never shows a secret", async () => {
    const cases = [
      [
        { type: "SLACK", config: { url: "https://hooks.slack.com/services/x" } },
        { url: "https://hooks.slack.com/services/x", channel: null },
      ],
      [
        {
          type: "WEBHOOK",
          config: {
            name: "Hook",
            url: "https://example.com/hook",
            webhookSecret: "s3cret",
            headers: [
              { key: "X-Token", value: "hidden", locked: true },
              { key: "X-Plain", value: "shown" },
            ],
            queryParameters: [{ key: "token", value: "q", locked: true }],
          },
        },
        {
          name: "Hook",
          webhookType: "WEBHOOK",
          url: "https://example.com/hook",
          template: null,
          method: "POST",
          headers: [
            { key: "X-Token", value: null, locked: true },
            { key: "X-Plain", value: "shown", locked: false },
          ],
          queryParameters: [{ key: "token", value: null, locked: true }],
          webhookSecret: null,
        },
      ],
      [
        {
          type: "WEBHOOK",
          config: {
            name: "Teams",
            webhookType: "WEBHOOK_MSTEAMS",
            url: "https://example.com/t",
            method: "PUT",
            template: "{{CHECK_NAME}}",
          },
        },
        {
          name: "Teams",
          webhookType: "WEBHOOK_MSTEAMS",
          url: "https://example.com/t",
          method: "PUT",
          template: "{{CHECK_NAME}}",
          headers: [],
          queryParameters: [],
        },
      ],
      [
        { type: "PAGERDUTY", config: { serviceKey: "pd-key", serviceName: "Prod" } },
        { account: null, serviceName: "Prod", serviceKey: null },
      ],
      [
        { type: "OPSGENIE", config: { name: "Ops", apiKey: "og-key" } },
        { name: "Ops", apiKey: null, region: "US", priority: "P3" },
      ],
    ] as const;
    for (const [body, shown] of cases) {
      const created = await api.post("/v1/alert-channels", body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.config).toEqual(shown);
      expect((await api.get(`/v1/alert-channels/${created.body.id}`)).body.config).toEqual(shown);
      expect(JSON.stringify((await api.get("/v1/alert-channels?limit=100")).body)).not.toMatch(
        /s3cret|pd-key|og-key|hidden|"q"/,
      );
    }
  });

  it("keeps secrets on update when sent as null or left out, replaces them when sent, and drops them on a type change", async () => {
    const db = t.db;
    const { body: hook } = await api.post("/v1/alert-channels", {
      type: "WEBHOOK",
      config: {
        name: "Hook",
        url: "https://example.com/hook",
        webhookSecret: "first",
        headers: [{ key: "X-Token", value: "hidden", locked: true }],
      },
    });
    const config = (id: number) => db.alertChannel.findUniqueOrThrow({ where: { id } }).then((c) => c.config as any);
    // Read, change, send back: the nulls the response showed keep the stored values.
    const sentBack = await api.put(`/v1/alert-channels/${hook.id}`, {
      ...hook,
      config: { ...hook.config, name: "Renamed" },
    });
    expect(sentBack.status, JSON.stringify(sentBack.body)).toBe(200);
    expect(sentBack.body.config).toMatchObject({
      name: "Renamed",
      webhookSecret: null,
      headers: [{ key: "X-Token", value: null, locked: true }],
    });
    expect(await config(hook.id)).toMatchObject({ webhookSecret: "first", headers: [{ value: "hidden" }] });
    const { webhookSecret: _omitted, ...withoutSecret } = hook.config;
    await api.put(`/v1/alert-channels/${hook.id}`, { type: "WEBHOOK", config: withoutSecret });
    expect((await config(hook.id)).webhookSecret).toBe("first");
    await api.put(`/v1/alert-channels/${hook.id}`, {
      type: "WEBHOOK",
      config: { ...hook.config, webhookSecret: "second" },
    });
    expect((await config(hook.id)).webhookSecret).toBe("second");

    const { body: pd } = await api.post("/v1/alert-channels", { type: "PAGERDUTY", config: { serviceKey: "pd-key" } });
    const kept = await api.put(`/v1/alert-channels/${pd.id}`, { type: "PAGERDUTY", config: { serviceName: "S" } });
    expect(kept.body.config).toEqual({ account: null, serviceName: "S", serviceKey: null });
    expect((await config(pd.id)).serviceKey).toBe("pd-key");
    // A new type keeps nothing: Opsgenie's apiKey must be sent.
    const changed = await api.put(`/v1/alert-channels/${pd.id}`, { type: "OPSGENIE", config: { name: "Ops" } });
    expect(changed.status).toBe(400);
    expect(changed.body.validation).toEqual({ source: "payload", keys: ["config.apiKey"] });
    expect((await config(pd.id)).serviceKey).toBe("pd-key");
  });

  it("refuses bad configs and unsupported types with a 400 naming the field, and creates nothing", async () => {
    const before = await t.db.alertChannel.count();
    const cases: [unknown, string[], RegExp?][] = [
      [{ type: "SMS", config: { number: "+100" } }, ["type"], /SMS alert channels are not supported/],
      [{ type: "CALL", config: {} }, ["type"], /CALL/],
      [{ type: "SLACK_APP", config: {} }, ["type"], /SLACK_APP/],
      [{ type: "PIGEON", config: {} }, ["type"]],
      [{ type: "EMAIL", config: { address: "not-an-email" } }, ["config.address"]],
      [{ type: "EMAIL", config: {} }, ["config.address"]],
      [{ type: "EMAIL", config: { address: "a@example.com", extra: 1 } }, ["config.extra"]],
      [{ type: "SLACK", config: { url: "ftp://example.com" } }, ["config.url"]],
      [{ type: "WEBHOOK", config: { name: "h", url: "https://e.com", method: "TRACE" } }, ["config.method"]],
      [{ type: "WEBHOOK", config: { name: "h", url: "https://e.com", template: "{{#if}}" } }, ["config.template"]],
      [
        { type: "WEBHOOK", config: { name: "h", url: "https://e.com", headers: [{ key: "Bad Header", value: "v" }] } },
        ["config.headers.0.key"],
      ],
      [{ type: "PAGERDUTY", config: {} }, ["config.serviceKey"]],
      [{ type: "OPSGENIE", config: { name: "o", apiKey: "k", region: "APAC" } }, ["config.region"]],
      [{ ...email, sslExpiryThreshold: 31 }, ["sslExpiryThreshold"]],
      [{ ...email, colour: "red" }, ["colour"]],
      [{ config: { address: "a@example.com" } }, ["type"]],
    ];
    for (const [body, keys, message] of cases) {
      const response = await api.post("/v1/alert-channels", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.validation, JSON.stringify(body)).toEqual({ source: "payload", keys });
      if (message) expect(response.body.message).toMatch(message);
    }
    expect(await t.db.alertChannel.count()).toBe(before);
  });

  it("sets one subscription per check or group with PUT .../subscriptions", async () => {
    const { api, accountId } = await account();
    const { body: channel } = await api.post("/v1/alert-channels", email);
    const { body: check } = await api.post("/v1/checks/api?autoAssignAlerts=false", {
      name: "c",
      request: { method: "GET", url: "https://example.com" },
    });
    const { body: group } = await api.post("/v1/check-groups?autoAssignAlerts=false", { name: "g" });
    const path = `/v1/alert-channels/${channel.id}/subscriptions`;

    const onCheck = await api.put(path, { checkId: check.id, activated: true });
    expect(onCheck.status).toBe(200);
    expect(onCheck.body).toEqual({ id: expect.any(Number), checkId: check.id, groupId: null, activated: true });
    // The same target again updates that subscription.
    const off = await api.put(path, { checkId: check.id, activated: false });
    expect(off.body).toEqual({ ...onCheck.body, activated: false });
    const onGroup = await api.put(path, { groupId: group.id, activated: true });
    expect(onGroup.body).toEqual({ id: expect.any(Number), checkId: null, groupId: group.id, activated: true });

    expect((await api.get(`/v1/alert-channels/${channel.id}`)).body.subscriptions).toEqual([off.body, onGroup.body]);
    expect((await api.get(`/v1/checks/${check.id}`)).body.alertChannelSubscriptions).toEqual([
      { alertChannelId: channel.id, activated: false },
    ]);
    expect((await api.get(`/v1/check-groups/${group.id}`)).body.alertChannelSubscriptions).toEqual([
      { alertChannelId: channel.id, activated: true },
    ]);

    const count = () => t.db.alertChannelSubscription.count({ where: { alertChannel: { accountId } } });
    const before = await count();
    const both = await api.put(path, { checkId: check.id, groupId: group.id, activated: true });
    expect(both.status).toBe(400);
    expect(both.body.validation.keys).toEqual(["checkId"]);
    const neither = await api.put(path, { activated: true });
    expect(neither.status).toBe(400);
    expect(neither.body.validation.keys).toEqual(["checkId"]);
    expect((await api.put(path, { checkId: check.id })).body.validation.keys).toEqual(["activated"]);

    const other = await t.newAccount();
    const theirCheck = await restClient(t.url, other.apiKey).post("/v1/checks/api", {
      name: "theirs",
      request: { method: "GET", url: "https://example.com" },
    });
    const theirGroup = await restClient(t.url, other.apiKey).post("/v1/check-groups", { name: "theirs" });
    expect((await api.put(path, { checkId: theirCheck.body.id, activated: true })).status).toBe(404);
    expect((await api.put(path, { groupId: theirGroup.body.id, activated: true })).status).toBe(404);
    expect((await api.put(path, { checkId: "00000000-0000-4000-8000-000000000000", activated: true })).status).toBe(
      404,
    );
    expect(await count()).toBe(before);
  });

  it("creates and replaces a channel's subscriptions from its body, naming a check or group not the account's", async () => {
    const { api } = await account();
    const { body: check } = await api.post("/v1/checks/api?autoAssignAlerts=false", {
      name: "c",
      request: { method: "GET", url: "https://example.com" },
    });
    const { body: group } = await api.post("/v1/check-groups?autoAssignAlerts=false", { name: "g" });
    const created = await api.post("/v1/alert-channels", {
      ...email,
      subscriptions: [
        { checkId: check.id, activated: true },
        { groupId: group.id, activated: false },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.subscriptions).toEqual([
      { id: expect.any(Number), checkId: check.id, groupId: null, activated: true },
      { id: expect.any(Number), checkId: null, groupId: group.id, activated: false },
    ]);
    const replaced = await api.put(`/v1/alert-channels/${created.body.id}`, {
      ...email,
      subscriptions: [{ groupId: group.id, activated: true }],
    });
    expect(replaced.body.subscriptions).toEqual([
      { id: expect.any(Number), checkId: null, groupId: group.id, activated: true },
    ]);

    const other = await t.newAccount();
    const theirs = await restClient(t.url, other.apiKey).post("/v1/check-groups", { name: "theirs" });
    const before = await t.db.alertChannel.count();
    const refused = await api.post("/v1/alert-channels", {
      ...email,
      subscriptions: [
        { checkId: check.id, activated: true },
        { groupId: theirs.body.id, activated: true },
        { checkId: "00000000-0000-4000-8000-000000000000", activated: true },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validation.keys).toEqual(["subscriptions.1.groupId", "subscriptions.2.checkId"]);
    expect(await t.db.alertChannel.count()).toBe(before);
  });

  it("keeps every path of another account's channel a 404 and changes nothing", async () => {
    const other = await t.newAccount();
    const theirApi = restClient(t.url, other.apiKey);
    const { body: theirs } = await theirApi.post("/v1/alert-channels", {
      type: "PAGERDUTY",
      config: { serviceKey: "their-key" },
      autoSubscribe: true,
    });
    const { body: check } = await api.post("/v1/checks/api", {
      name: "mine",
      request: { method: "GET", url: "https://example.com" },
    });
    const counts = async () => [await t.db.alertChannel.count(), await t.db.alertChannelSubscription.count()];
    const before = await counts();
    const stored = await t.db.alertChannel.findUniqueOrThrow({ where: { id: theirs.id } });
    const path = `/v1/alert-channels/${theirs.id}`;
    expect((await api.get(path)).status).toBe(404);
    expect((await api.put(path, email)).status).toBe(404);
    expect((await api.put(`${path}/subscriptions`, { checkId: check.id, activated: true })).status).toBe(404);
    expect((await api.delete(path)).status).toBe(404);
    expect((await api.get("/v1/alert-channels?limit=100")).body.map((c: { id: number }) => c.id)).not.toContain(
      theirs.id,
    );
    // Their autoSubscribe channel does not reach this account's new checks.
    expect(check.alertChannelSubscriptions.map((s: { alertChannelId: number }) => s.alertChannelId)).not.toContain(
      theirs.id,
    );
    expect(await counts()).toEqual(before);
    expect(await t.db.alertChannel.findUniqueOrThrow({ where: { id: theirs.id } })).toEqual(stored);
    for (const id of ["abc", "0", "99999999999"]) expect((await api.get(`/v1/alert-channels/${id}`)).status).toBe(404);
    expect((await api.get("/v1/alert-channels?colour=red")).status).toBe(400);
  });
});

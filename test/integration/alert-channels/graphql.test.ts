import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const CONFIG = `config {
  __typename
  ... on EmailChannelConfig { address }
  ... on SlackChannelConfig { url channel }
  ... on WebhookChannelConfig { name webhookType url template method headers { key value locked } queryParameters { key value locked } webhookSecret }
  ... on PagerDutyChannelConfig { account serviceName serviceKey }
  ... on OpsgenieChannelConfig { name apiKey region priority }
}`;
const FIELDS = `id databaseId type ${CONFIG} subscriptions { databaseId checkId groupId activated check { databaseId } group { databaseId } }
  sendRecovery sendFailure sendDegraded sslExpiry sslExpiryThreshold autoSubscribe createdAt updatedAt`;
const result = (name: string) =>
  `__typename ... on ${name}Success { data { ${FIELDS} } } ... on ValidationError { message fieldPaths } ... on NotFoundError { message }`;
const CREATE = `mutation ($input: AlertChannelInput!) { createAlertChannel(input: $input) { ${result("CreateAlertChannel")} } }`;
const UPDATE = `mutation ($id: ID!, $input: AlertChannelInput!) { updateAlertChannel(id: $id, input: $input) { ${result("UpdateAlertChannel")} } }`;
const DELETE = `mutation ($id: ID!) { deleteAlertChannel(id: $id) { __typename ... on DeleteAlertChannelSuccess { data { deletedId } } ... on NotFoundError { message } } }`;
const SUBSCRIBE = `mutation ($id: ID!, $input: AlertChannelSubscriptionTargetInput!) {
  setAlertChannelSubscription(id: $id, input: $input) {
    __typename
    ... on SetAlertChannelSubscriptionSuccess { data { databaseId checkId groupId activated } }
    ... on ValidationError { fieldPaths }
    ... on NotFoundError { message }
  }
}`;
const LIST = `query ($first: Int, $after: String) { alertChannels(first: $first, after: $after) { edges { node { databaseId type } } pageInfo { hasNextPage endCursor } } }`;
const SETTINGS = `{ viewer { account { alertSettings { escalationType runBasedEscalation { failedRunThreshold } timeBasedEscalation { minutesFailingThreshold } reminders { amount interval } parallelRunFailureThreshold { enabled percentage } } } } }`;
const UPDATE_SETTINGS = `mutation ($input: AlertSettingsInput!) {
  updateAlertSettings(input: $input) {
    __typename
    ... on UpdateAlertSettingsSuccess { data { escalationType timeBasedEscalation { minutesFailingThreshold } reminders { amount interval } } }
    ... on ValidationError { fieldPaths }
  }
}`;

describe(`GraphQL alert channels and alert settings on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;

  it("creates with defaults, shows a typed config with secrets null, updates keeping secrets, and deletes", async () => {
    const created = await gql(CREATE, {
      input: {
        type: "WEBHOOK",
        config: {
          name: "Hook",
          url: "https://example.com/h",
          webhookSecret: "s3cret",
          headers: [{ key: "X-T", value: "v", locked: true }],
        },
      },
    });
    expect(created.body.errors).toBeUndefined();
    const channel = created.body.data.createAlertChannel.data;
    expect(channel).toEqual({
      id: expect.any(String),
      databaseId: expect.any(Number),
      type: "WEBHOOK",
      config: {
        __typename: "WebhookChannelConfig",
        name: "Hook",
        webhookType: "WEBHOOK",
        url: "https://example.com/h",
        template: null,
        method: "POST",
        headers: [{ key: "X-T", value: null, locked: true }],
        queryParameters: [],
        webhookSecret: null,
      },
      subscriptions: [],
      sendRecovery: true,
      sendFailure: true,
      sendDegraded: false,
      sslExpiry: false,
      sslExpiryThreshold: 30,
      autoSubscribe: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(created.body)).not.toMatch(/s3cret/);

    // By global id or databaseId; the config as shown (secrets null) keeps the stored secrets.
    for (const id of [channel.id, String(channel.databaseId)]) {
      const updated = await gql(UPDATE, {
        id,
        input: {
          type: "WEBHOOK",
          config: {
            name: "Renamed",
            url: "https://example.com/h",
            webhookSecret: null,
            headers: [{ key: "X-T", value: null, locked: true }],
          },
          sendDegraded: true,
        },
      });
      expect(updated.body.data.updateAlertChannel.data).toMatchObject({
        config: { name: "Renamed" },
        sendDegraded: true,
        sendFailure: true,
      });
    }
    const stored = (await t.db.alertChannel.findUniqueOrThrow({ where: { id: channel.databaseId } })).config as any;
    expect(stored).toMatchObject({ webhookSecret: "s3cret", headers: [{ value: "v" }] });

    const node = await gql(`query ($id: ID!) { node(id: $id) { __typename ... on AlertChannel { databaseId } } }`, {
      id: channel.id,
    });
    expect(node.body.data.node).toEqual({ __typename: "AlertChannel", databaseId: channel.databaseId });

    const deleted = await gql(DELETE, { id: channel.id });
    expect(deleted.body.data.deleteAlertChannel).toEqual({
      __typename: "DeleteAlertChannelSuccess",
      data: { deletedId: channel.id },
    });
    expect((await gql(DELETE, { id: channel.id })).body.data.deleteAlertChannel.__typename).toBe("NotFoundError");
  });

  it("shows each type's config object, and refuses unsupported types and bad configs as typed ValidationErrors", async () => {
    const cases = [
      [
        { type: "EMAIL", config: { address: "a@example.com" } },
        { __typename: "EmailChannelConfig", address: "a@example.com" },
      ],
      [
        { type: "SLACK", config: { url: "https://hooks.example.com/s", channel: "#ops" } },
        { __typename: "SlackChannelConfig", url: "https://hooks.example.com/s", channel: "#ops" },
      ],
      [
        { type: "PAGERDUTY", config: { serviceKey: "pd" } },
        { __typename: "PagerDutyChannelConfig", account: null, serviceName: null, serviceKey: null },
      ],
      [
        { type: "OPSGENIE", config: { name: "o", apiKey: "k", region: "EU", priority: "P1" } },
        { __typename: "OpsgenieChannelConfig", name: "o", apiKey: null, region: "EU", priority: "P1" },
      ],
    ] as const;
    for (const [input, config] of cases) {
      const created = await gql(CREATE, { input });
      expect(created.body.data.createAlertChannel.data.config).toEqual(config);
    }
    const before = await t.db.alertChannel.count();
    for (const [input, fieldPaths] of [
      [{ type: "SMS", config: {} }, ["type"]],
      [{ type: "EMAIL", config: { address: "nope" } }, ["config.address"]],
      [{ type: "EMAIL", config: { address: "a@example.com" }, sslExpiryThreshold: 0 }, ["sslExpiryThreshold"]],
    ] as const) {
      const refused = await gql(CREATE, { input });
      expect(refused.body.data.createAlertChannel).toMatchObject({ __typename: "ValidationError", fieldPaths });
    }
    expect(await t.db.alertChannel.count()).toBe(before);
  });

  it("sets subscriptions, links them both ways, and keeps another account's ids NotFound with nothing changed", async () => {
    const own = await t.newAccount();
    const api = restClient(t.url, own.apiKey);
    const { body: check } = await api.post("/v1/checks/api?autoAssignAlerts=false", {
      name: "c",
      request: { method: "GET", url: "https://example.com" },
    });
    const { body: group } = await api.post("/v1/check-groups?autoAssignAlerts=false", { name: "g" });
    const channel = (await gql(CREATE, { input: { type: "EMAIL", config: { address: "a@example.com" } } }, own.apiKey))
      .body.data.createAlertChannel.data;
    const onCheck = await gql(SUBSCRIBE, { id: channel.id, input: { checkId: check.id, activated: true } }, own.apiKey);
    expect(onCheck.body.data.setAlertChannelSubscription).toEqual({
      __typename: "SetAlertChannelSubscriptionSuccess",
      data: { databaseId: expect.any(Number), checkId: check.id, groupId: null, activated: true },
    });
    const onGroup = await gql(
      SUBSCRIBE,
      { id: channel.databaseId, input: { groupId: group.id, activated: false } },
      own.apiKey,
    );
    expect(onGroup.body.data.setAlertChannelSubscription.data).toMatchObject({ groupId: group.id, activated: false });
    const both = await gql(
      SUBSCRIBE,
      { id: channel.id, input: { checkId: check.id, groupId: group.id, activated: true } },
      own.apiKey,
    );
    expect(both.body.data.setAlertChannelSubscription).toEqual({
      __typename: "ValidationError",
      fieldPaths: ["checkId"],
    });

    const linked = await gql(
      `query ($id: ID!) { node(id: $id) { ... on AlertChannel { subscriptions { check { databaseId } group { databaseId } } } }
       checks { edges { node { alertChannelSubscriptions { activated alertChannel { databaseId } } } } }
       checkGroups { edges { node { alertChannelSubscriptions { activated alertChannel { databaseId } } } } } }`,
      { id: channel.id },
      own.apiKey,
    );
    expect(linked.body.errors).toBeUndefined();
    expect(linked.body.data.node.subscriptions).toEqual([
      { check: { databaseId: check.id }, group: null },
      { check: null, group: { databaseId: group.id } },
    ]);
    expect(linked.body.data.checks.edges[0].node.alertChannelSubscriptions).toEqual([
      { activated: true, alertChannel: { databaseId: channel.databaseId } },
    ]);
    expect(linked.body.data.checkGroups.edges[0].node.alertChannelSubscriptions).toEqual([
      { activated: false, alertChannel: { databaseId: channel.databaseId } },
    ]);

    // The test's own account: another tenant for `own`.
    const theirs = (await gql(CREATE, { input: { type: "EMAIL", config: { address: "z@example.com" } } })).body.data
      .createAlertChannel.data;
    const counts = async () => [await t.db.alertChannel.count(), await t.db.alertChannelSubscription.count()];
    const before = await counts();
    const email = { type: "EMAIL", config: { address: "x@example.com" } };
    expect(
      (await gql(UPDATE, { id: theirs.id, input: email }, own.apiKey)).body.data.updateAlertChannel.__typename,
    ).toBe("NotFoundError");
    expect((await gql(DELETE, { id: theirs.id }, own.apiKey)).body.data.deleteAlertChannel.__typename).toBe(
      "NotFoundError",
    );
    expect(
      (await gql(SUBSCRIBE, { id: theirs.id, input: { checkId: check.id, activated: true } }, own.apiKey)).body.data
        .setAlertChannelSubscription.__typename,
    ).toBe("NotFoundError");
    expect(
      (await gql(SUBSCRIBE, { id: theirs.id, input: { checkId: check.id, activated: true } })).body.data
        .setAlertChannelSubscription.__typename,
    ).toBe("NotFoundError");
    const node = await gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: theirs.id }, own.apiKey);
    expect(node.body.data.node).toBeNull();
    const listed = (await gql(LIST, { first: 100 }, own.apiKey)).body.data.alertChannels.edges.map(
      (e: any) => e.node.databaseId,
    );
    expect(listed).toEqual([channel.databaseId]);
    expect(await counts()).toEqual(before);
  });

  it("shows the account's alert settings with defaults and updates them", async () => {
    const own = await t.newAccount();
    const initial = await gql(SETTINGS, {}, own.apiKey);
    expect(initial.body.data.viewer.account.alertSettings).toEqual({
      escalationType: "RUN_BASED",
      runBasedEscalation: { failedRunThreshold: 1 },
      timeBasedEscalation: null,
      reminders: { amount: 0, interval: 5 },
      parallelRunFailureThreshold: { enabled: false, percentage: 10 },
    });
    const updated = await gql(
      UPDATE_SETTINGS,
      { input: { escalationType: "TIME_BASED", reminders: { amount: 2, interval: 10 } } },
      own.apiKey,
    );
    expect(updated.body.data.updateAlertSettings).toEqual({
      __typename: "UpdateAlertSettingsSuccess",
      data: {
        escalationType: "TIME_BASED",
        timeBasedEscalation: { minutesFailingThreshold: 5 },
        reminders: { amount: 2, interval: 10 },
      },
    });
    expect((await gql(SETTINGS, {}, own.apiKey)).body.data.viewer.account.alertSettings).toMatchObject({
      escalationType: "TIME_BASED",
      reminders: { amount: 2, interval: 10 },
    });
    const refused = await gql(UPDATE_SETTINGS, { input: { reminders: { amount: 7 } } }, own.apiKey);
    expect(refused.body.data.updateAlertSettings).toEqual({
      __typename: "ValidationError",
      fieldPaths: ["reminders.amount"],
    });
    expect((await restClient(t.url, own.apiKey).get("/v1/alert-settings")).body.reminders).toEqual({
      amount: 2,
      interval: 10,
    });
  });
});

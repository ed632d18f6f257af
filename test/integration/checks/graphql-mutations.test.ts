import { beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql, type Gql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createAlertChannel } from "../../support/index.js";

const FIELDS = `id name description locations tags frequency frequencyOffset group { id name } alertChannelSubscriptions { alertChannelId activated }
  alertSettings { escalationType reminders { amount interval } } retryStrategy { type maxRetries }`;
const RESULT = (name: string, typed = "") =>
  `__typename ... on ${name}Success { data { ${FIELDS} ${typed} } } ... on Error { message } ... on ValidationError { fieldPaths }`;
const API_TYPED = "... on ApiCheck { request { method url headers { key value } assertions { source target } } }";
const CREATE_API = `mutation ($input: ApiCheckInput!, $auto: Boolean) { createApiCheck(input: $input, autoAssignAlerts: $auto) { ${RESULT("CreateApiCheck", API_TYPED)} } }`;
const UPDATE_API = `mutation ($id: ID!, $input: ApiCheckUpdateInput!) { updateApiCheck(id: $id, input: $input) { ${RESULT("UpdateApiCheck", API_TYPED)} } }`;
const CREATE_URL = `mutation ($input: UrlCheckInput!) { createUrlCheck(input: $input) { ${RESULT("CreateUrlCheck")} } }`;
const UPDATE_URL = `mutation ($id: ID!, $input: UrlCheckUpdateInput!) { updateUrlCheck(id: $id, input: $input) { ${RESULT("UpdateUrlCheck")} } }`;
const DELETE = `mutation ($id: ID!) { deleteCheck(id: $id) { __typename ... on DeleteCheckSuccess { data { deletedId } } ... on Error { message } } }`;
const NODE = `query ($id: ID!) { node(id: $id) { ... on Check { ${FIELDS} } ${API_TYPED} } }`;

const api = {
  name: "Orders",
  request: { method: "POST", url: "https://api.example.com/orders", headers: [{ key: "accept", value: "json" }] },
};

describe(`GraphQL check mutations on ${testProvider}`, () => {
  const t = useTestApp();
  let me: { accountId: string; apiKey: string };
  const gql: Gql = (query, variables, key = me.apiKey) => t.gql(query, variables, key);
  const db = () => t.db;
  const created = async (query: string, input: Record<string, unknown>) =>
    Object.values((await gql(query, { input })).body.data)[0] as any;
  beforeAll(async () => {
    me = await t.newAccount("Check mutations");
  });

  it("answers a broken frequency-offset rule with a typed ValidationError, and writes nothing", async () => {
    const before = await db().check.count();
    const tooLate = await created(CREATE_URL, {
      name: "Site",
      request: { url: "https://example.com" },
      frequency: 10,
      frequencyOffset: 101,
    });
    expect(tooLate).toEqual({
      __typename: "ValidationError",
      message: "frequencyOffset: must be at most 100 when frequency is 10",
      fieldPaths: ["frequencyOffset"],
    });
    const subMinute = await created(CREATE_API, { ...api, frequency: 0, frequencyOffset: 15 });
    expect(subMinute).toMatchObject({ __typename: "ValidationError", fieldPaths: ["frequencyOffset"] });
    const several = await created(CREATE_API, {
      ...api,
      name: "",
      locations: ["EU_WEST_1", "EU_WEST_1"],
      request: { ...api.request, assertions: [{ source: "LATENCY", comparison: "EQUALS" }] },
    });
    expect(several).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["name", "locations.1", "request.assertions.0.source"],
    });
    expect(await db().check.count()).toBe(before);
  });

  it("checks an updated offset against the stored frequency merged with the sent one, and changes nothing when refused", async () => {
    const check = (
      await created(CREATE_URL, {
        name: "Hourly",
        request: { url: "https://example.com" },
        frequency: 60,
        frequencyOffset: 5,
      })
    ).data;
    const refused = await gql(UPDATE_URL, { id: check.id, input: { frequency: 120 } });
    expect(refused.body.data.updateUrlCheck).toEqual({
      __typename: "ValidationError",
      message: "frequencyOffset: must be at most 2 when frequency is 120",
      fieldPaths: ["frequencyOffset"],
    });
    expect((await gql(NODE, { id: check.id })).body.data.node).toEqual(check);
    const accepted = await gql(UPDATE_URL, { id: check.id, input: { frequency: 120, frequencyOffset: 2 } });
    expect(accepted.body.data.updateUrlCheck.data).toMatchObject({ frequency: 120, frequencyOffset: 2 });
  });

  it("keeps omitted fields, merges the request, and clears with null where the domain allows", async () => {
    const check = (
      await created(CREATE_API, {
        ...api,
        description: "Order intake",
        locations: ["EU_WEST_1"],
        tags: ["shop"],
        alertSettings: { reminders: { amount: 2, interval: 10 } },
      })
    ).data;
    const renamed = await gql(UPDATE_API, {
      id: check.id,
      input: {
        name: "Orders v2",
        request: { url: "https://api.example.com/v2/orders" },
        alertSettings: { escalationType: "TIME_BASED" },
      },
    });
    expect(renamed.body.data.updateApiCheck.data).toEqual({
      ...check,
      name: "Orders v2",
      request: { ...check.request, url: "https://api.example.com/v2/orders" },
      alertSettings: { escalationType: "TIME_BASED", reminders: { amount: 2, interval: 10 } },
    });
    const cleared = await gql(UPDATE_API, { id: check.id, input: { description: null, locations: null, tags: [] } });
    expect(cleared.body.data.updateApiCheck.data).toMatchObject({
      name: "Orders v2",
      description: null,
      locations: [],
      tags: [],
    });
    const notNullable = await gql(UPDATE_API, { id: check.id, input: { name: null, frequency: null } });
    expect(notNullable.body.data.updateApiCheck).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["name", "frequency"],
    });
  });

  it("takes FALLBACK alone as the string form, and leaves a FALLBACK with settings to the domain to refuse", async () => {
    const check = (await created(CREATE_API, { ...api, retryStrategy: { type: "FIXED", maxRetries: 4 } })).data;
    expect(check.retryStrategy).toEqual({ type: "FIXED", maxRetries: 4 });
    const fallback = await gql(UPDATE_API, { id: check.id, input: { retryStrategy: { type: "FALLBACK" } } });
    expect(fallback.body.data.updateApiCheck.data.retryStrategy).toEqual({ type: "FALLBACK", maxRetries: null });
    const mixed = await gql(UPDATE_API, {
      id: check.id,
      input: { retryStrategy: { type: "FALLBACK", maxRetries: 2 } },
    });
    expect(mixed.body.data.updateApiCheck).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["retryStrategy"],
    });
    const none = await gql(UPDATE_API, { id: check.id, input: { retryStrategy: null } });
    expect(none.body.data.updateApiCheck.data.retryStrategy).toBeNull();
  });

  it("puts a check in a group by the group's global id, shows it as Check.group, and takes it out with null", async () => {
    const group = await gql(
      `mutation { createCheckGroup(input: { name: "Shop" }) { ... on CreateCheckGroupSuccess { data { id name } } } }`,
    );
    const groupNode = group.body.data.createCheckGroup.data;
    const check = (await created(CREATE_API, { ...api, groupId: groupNode.id })).data;
    expect(check.group).toEqual(groupNode);
    const out = await gql(UPDATE_API, { id: check.id, input: { groupId: null } });
    expect(out.body.data.updateApiCheck.data.group).toBeNull();

    const stranger = await t.newAccount();
    const theirs = await graphql(
      t.url,
      `mutation { createCheckGroup(input: { name: "Theirs" }) { ... on CreateCheckGroupSuccess { data { id } } } }`,
      bearer(stranger.apiKey),
    );
    const foreign = await created(CREATE_API, { ...api, groupId: theirs.body.data.createCheckGroup.data.id });
    expect(foreign).toMatchObject({ __typename: "ValidationError", fieldPaths: ["groupId"] });
    const notAGroup = await gql(CREATE_API, { input: { ...api, groupId: check.id } });
    expect(notAGroup.body.errors?.[0]?.message).toMatch(/is not of type: CheckGroup/);
  });

  it("subscribes a new check to the account's alert channels unless autoAssignAlerts is false", async () => {
    const channel = await createAlertChannel(t, me.accountId);
    const auto = (await gql(CREATE_API, { input: api })).body.data.createApiCheck.data;
    expect(auto.alertChannelSubscriptions).toEqual([{ alertChannelId: channel.id, activated: true }]);
    const off = (await gql(CREATE_API, { input: api, auto: false })).body.data.createApiCheck.data;
    expect(off.alertChannelSubscriptions).toEqual([]);
    const unknown = await created(CREATE_API, {
      ...api,
      alertChannelSubscriptions: [{ alertChannelId: channel.id + 1000 }],
    });
    expect(unknown).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["alertChannelSubscriptions.0.alertChannelId"],
    });
    const location = await created(CREATE_API, { ...api, privateLocations: ["nowhere"] });
    expect(location).toMatchObject({ __typename: "ValidationError", fieldPaths: ["privateLocations.0"] });
  });

  it("answers NotFoundError for another type's route, for another account's check, and deletes by global id", async () => {
    const check = (await created(CREATE_API, api)).data;
    const asUrl = await gql(UPDATE_URL, { id: check.id, input: { name: "x" } });
    expect(asUrl.body.data.updateUrlCheck).toEqual({
      __typename: "NotFoundError",
      message: expect.stringContaining("URL check"),
    });

    const stranger = await t.newAccount();
    expect((await gql(NODE, { id: check.id }, stranger.apiKey)).body.data.node).toBeNull();
    const theirUpdate = await gql(UPDATE_API, { id: check.id, input: { name: "Taken" } }, stranger.apiKey);
    expect(theirUpdate.body.data.updateApiCheck.__typename).toBe("NotFoundError");
    const theirDelete = await gql(DELETE, { id: check.id }, stranger.apiKey);
    expect(theirDelete.body.data.deleteCheck.__typename).toBe("NotFoundError");
    expect((await gql(NODE, { id: check.id })).body.data.node).toEqual(check);

    const deleted = await gql(DELETE, { id: check.id });
    expect(deleted.body.data.deleteCheck).toEqual({ __typename: "DeleteCheckSuccess", data: { deletedId: check.id } });
    expect((await gql(NODE, { id: check.id })).body.data.node).toBeNull();
    expect((await gql(DELETE, { id: check.id })).body.data.deleteCheck.__typename).toBe("NotFoundError");
  });

  it("needs an API key for every mutation", async () => {
    const anonymous = await graphql(t.url, CREATE_API, {}, { input: api });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { type Gql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createPrivateLocation, createAlertChannel } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { isoTimestamp as iso } from "../../support/matchers.js";

const FIELDS = `__typename id name activated muted tags locations concurrency
  apiCheckDefaults { url headers { key value locked } queryParameters { key value locked } assertions { source comparison property target regex } basicAuth { username password } }
  browserCheckDefaults runtimeId environmentVariables { key value locked secret } doubleCheck useGlobalAlertSettings
  alertSettings { escalationType runBasedEscalation { failedRunThreshold } reminders { amount interval } parallelRunFailureThreshold { enabled percentage } }
  alertChannelSubscriptions { alertChannelId activated } setupSnippetId tearDownSnippetId localSetupScript localTearDownScript privateLocations runParallel
  retryStrategy { type baseBackoffSeconds maxRetries maxDurationSeconds sameRegion onlyOn } createdAt updatedAt`;
const result = (name: string) =>
  `__typename ... on ${name}Success { data { ${FIELDS} } } ... on Error { message } ... on ValidationError { fieldPaths }`;
const CREATE = `mutation ($input: CheckGroupInput!, $auto: Boolean) { createCheckGroup(input: $input, autoAssignAlerts: $auto) { ${result("CreateCheckGroup")} } }`;
const UPDATE = `mutation ($id: ID!, $input: CheckGroupUpdateInput!, $auto: Boolean) { updateCheckGroup(id: $id, input: $input, autoAssignAlerts: $auto) { ${result("UpdateCheckGroup")} } }`;
const DELETE = `mutation ($id: ID!) { deleteCheckGroup(id: $id) { __typename ... on DeleteCheckGroupSuccess { data { deletedId } } ... on Error { message } } }`;
const NODE = `query ($id: ID!) { node(id: $id) { ... on CheckGroup { ${FIELDS} } } nodes(ids: [$id]) { id } }`;

describe(`GraphQL check groups on ${testProvider}`, () => {
  const t = useTestApp();
  let me: { accountId: string; apiKey: string };
  const gql: Gql = (query, variables, key = me.apiKey) => t.gql(query, variables, key);
  const db = () => t.db;
  beforeAll(async () => {
    me = await t.newAccount("Groups");
  });

  it("creates a group with its defaults, and one with every setting typed, and reads both back with node(id:)", async () => {
    const minimal = (await gql(CREATE, { input: { name: "Minimal" } })).body.data.createCheckGroup;
    expect(minimal.data).toEqual({
      __typename: "CheckGroup",
      id: expect.any(String),
      name: "Minimal",
      activated: true,
      muted: false,
      tags: [],
      locations: [],
      concurrency: 3,
      apiCheckDefaults: { url: "", headers: [], queryParameters: [], assertions: [], basicAuth: null },
      browserCheckDefaults: null,
      runtimeId: null,
      environmentVariables: [],
      doubleCheck: true,
      useGlobalAlertSettings: true,
      alertSettings: {
        escalationType: "RUN_BASED",
        runBasedEscalation: { failedRunThreshold: 1 },
        reminders: { amount: 0, interval: 5 },
        parallelRunFailureThreshold: { enabled: false, percentage: 10 },
      },
      alertChannelSubscriptions: [],
      setupSnippetId: null,
      tearDownSnippetId: null,
      localSetupScript: null,
      localTearDownScript: null,
      privateLocations: [],
      runParallel: false,
      retryStrategy: null,
      createdAt: iso,
      updatedAt: iso,
    });
    await createPrivateLocation(t, { name: "Lab", slugName: "lab" }, me.accountId);
    const input = {
      name: "Shop",
      activated: false,
      muted: true,
      tags: ["shop"],
      locations: ["EU_CENTRAL_1", "AP_SOUTH_1"],
      concurrency: 5,
      apiCheckDefaults: {
        url: "https://shop.example.com",
        headers: [{ key: "x-env", value: "prod" }],
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
        basicAuth: { username: "u", password: "p" },
      },
      browserCheckDefaults: "{}",
      runtimeId: "RUNTIME_2024_09",
      environmentVariables: [{ key: "KEY", value: "hidden", secret: true }],
      doubleCheck: false,
      useGlobalAlertSettings: false,
      alertSettings: { runBasedEscalation: { failedRunThreshold: 3 } },
      setupSnippetId: 7,
      localTearDownScript: "done()",
      privateLocations: ["lab"],
      runParallel: true,
      retryStrategy: { type: "EXPONENTIAL", baseBackoffSeconds: 2.5 },
    };
    const full = (await gql(CREATE, { input })).body.data.createCheckGroup.data;
    expect(full).toEqual({
      ...minimal.data,
      ...input,
      id: expect.any(String),
      name: "Shop",
      createdAt: iso,
      updatedAt: iso,
      apiCheckDefaults: {
        ...input.apiCheckDefaults,
        queryParameters: [],
        headers: [{ key: "x-env", value: "prod", locked: false }],
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", property: "", target: "200", regex: null }],
      },
      environmentVariables: [{ key: "KEY", value: null, locked: false, secret: true }],
      alertSettings: { ...minimal.data.alertSettings, runBasedEscalation: { failedRunThreshold: 3 } },
      retryStrategy: {
        type: "EXPONENTIAL",
        baseBackoffSeconds: 2.5,
        maxRetries: 2,
        maxDurationSeconds: 600,
        sameRegion: true,
        onlyOn: null,
      },
    });
    for (const group of [minimal.data, full])
      expect((await gql(NODE, { id: group.id })).body.data).toEqual({ node: group, nodes: [{ id: group.id }] });
    // The same group through REST: the integer id inside the global id.
    const [, id] = Buffer.from(full.id, "base64").toString().split(":");
    expect((await restClient(t.url, me.apiKey).get(`/v1/check-groups/${id}`)).body).toMatchObject({
      name: "Shop",
      concurrency: 5,
      privateLocations: ["lab"],
    });
  });

  it("updates partially: omitted keeps, sent replaces, null clears where the domain allows; a broken rule writes nothing", async () => {
    const group = (
      await gql(CREATE, {
        input: {
          name: "Partial",
          tags: ["a"],
          runtimeId: "RUNTIME_2025_04",
          apiCheckDefaults: { url: "https://a.example.com" },
        },
        auto: false,
      })
    ).body.data.createCheckGroup.data;
    const updated = await gql(UPDATE, {
      id: group.id,
      input: {
        concurrency: 10,
        runtimeId: null,
        environmentVariables: null,
        apiCheckDefaults: { headers: [{ key: "k", value: "v" }] },
      },
      auto: false,
    });
    expect(updated.body.data.updateCheckGroup.data).toEqual({
      ...group,
      concurrency: 10,
      runtimeId: null,
      environmentVariables: null,
      updatedAt: iso,
      apiCheckDefaults: {
        url: "",
        headers: [{ key: "k", value: "v", locked: false }],
        queryParameters: [],
        assertions: [],
        basicAuth: null,
      },
    });
    const refused = await gql(UPDATE, {
      id: group.id,
      input: { concurrency: 0, locations: ["EU_WEST_1", "EU_WEST_1"], tags: null },
    });
    expect(refused.body.data.updateCheckGroup).toEqual({
      __typename: "ValidationError",
      message: expect.stringContaining("concurrency"),
      fieldPaths: ["tags", "locations.1", "concurrency"],
    });
    expect((await gql(NODE, { id: group.id })).body.data.node).toEqual(updated.body.data.updateCheckGroup.data);
    const before = await db().checkGroup.count();
    const invalid = await gql(CREATE, { input: { name: " ", concurrency: 101 } });
    expect(invalid.body.data.createCheckGroup).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["name", "concurrency"],
    });
    expect(await db().checkGroup.count()).toBe(before);
  });

  it("subscribes to the account's alert channels on create unless autoAssignAlerts is false, never on update", async () => {
    const own = await t.newAccount();
    const channel = await createAlertChannel(t, own.accountId);
    const quiet = (await gql(CREATE, { input: { name: "Quiet" }, auto: false }, own.apiKey)).body.data.createCheckGroup
      .data;
    expect(quiet.alertChannelSubscriptions).toEqual([]);
    const auto = (await gql(CREATE, { input: { name: "Auto" } }, own.apiKey)).body.data.createCheckGroup.data;
    expect(auto.alertChannelSubscriptions).toEqual([{ alertChannelId: channel.id, activated: true }]);
    // autoAssignAlerts acts at creation only (docs/decisions.md, Alerting).
    for (const flag of [undefined, true]) {
      const updated = await gql(UPDATE, { id: quiet.id, input: { muted: true }, auto: flag }, own.apiKey);
      expect(updated.body.data.updateCheckGroup.data.alertChannelSubscriptions).toEqual([]);
    }
  });

  it("refuses to delete a group that holds checks, deletes an empty one, and hides both from another account", async () => {
    const group = (await gql(CREATE, { input: { name: "Holder" } })).body.data.createCheckGroup.data;
    const check = await gql(
      `mutation ($input: UrlCheckInput!) { createUrlCheck(input: $input) { ... on CreateUrlCheckSuccess { data { id } } } }`,
      {
        input: { name: "Member", groupId: group.id, request: { url: "https://example.com" } },
      },
    );
    const conflict = await gql(DELETE, { id: group.id });
    expect(conflict.body.data.deleteCheckGroup).toEqual({
      __typename: "ConflictError",
      message: expect.stringContaining("still contains 1 check"),
    });

    const stranger = await t.newAccount();
    expect((await gql(NODE, { id: group.id }, stranger.apiKey)).body.data).toEqual({ node: null, nodes: [null] });
    expect(
      (await gql(UPDATE, { id: group.id, input: { name: "Mine" } }, stranger.apiKey)).body.data.updateCheckGroup
        .__typename,
    ).toBe("NotFoundError");
    expect((await gql(DELETE, { id: group.id }, stranger.apiKey)).body.data.deleteCheckGroup.__typename).toBe(
      "NotFoundError",
    );
    expect((await gql(NODE, { id: group.id })).body.data.node.name).toBe("Holder");

    await gql(`mutation ($id: ID!) { deleteCheck(id: $id) { __typename } }`, {
      id: check.body.data.createUrlCheck.data.id,
    });
    expect((await gql(DELETE, { id: group.id })).body.data.deleteCheckGroup).toEqual({
      __typename: "DeleteCheckGroupSuccess",
      data: { deletedId: group.id },
    });
    expect((await gql(NODE, { id: group.id })).body.data.node).toBeNull();
  });

  it("walks the groups, and a group's checks, forwards and backwards with no duplicates and no gaps", async () => {
    const own = await t.newAccount();
    const rest = restClient(t.url, own.apiKey);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await rest.post("/v1/check-groups", { name: `g${i}` });
      await db().checkGroup.update({
        where: { id: created.body.id },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) },
      });
      ids.push(created.body.id);
    }
    for (let i = 0; i < 5; i++) {
      const created = await rest.post("/v1/checks/url", {
        name: `c${i}`,
        groupId: ids[0],
        request: { url: "https://example.com" },
      });
      await db().check.update({
        where: { id: created.body.id },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 1, i)) },
      });
    }
    const groupPage = `query ($first: Int, $after: String, $last: Int, $before: String) { list: checkGroups(first: $first, after: $after, last: $last, before: $before) {
      edges { node { name } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const groupId = Buffer.from(`CheckGroup:${ids[0]}`).toString("base64");
    const checkPage = `query ($first: Int, $after: String, $last: Int, $before: String) { group: node(id: "${groupId}") { ... on CheckGroup {
      list: checks(first: $first, after: $after, last: $last, before: $before) { edges { node { name } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } } }`;
    const list = async (query: string, variables: Record<string, unknown>) => {
      const { body } = await gql(query, variables, own.apiKey);
      return (body.data.group ?? body.data).list;
    };
    for (const [query, names] of [
      [groupPage, ["g4", "g3", "g2", "g1", "g0"]],
      [checkPage, ["c4", "c3", "c2", "c1", "c0"]],
    ] as const) {
      const forward: string[] = [];
      for (let after: string | null = null; ; ) {
        const page = await list(query, { first: 2, after });
        forward.push(...page.edges.map((e: any) => e.node.name));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      const backward: string[] = [];
      for (let before: string | null = null; ; ) {
        const page = await list(query, { last: 2, before });
        backward.unshift(...page.edges.map((e: any) => e.node.name));
        if (!page.pageInfo.hasPreviousPage) break;
        before = page.pageInfo.startCursor;
      }
      expect(forward).toEqual(names);
      expect(backward).toEqual(names);
    }
  });
});

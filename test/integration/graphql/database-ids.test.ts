import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql, startTestApp, type TestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const gid = (typename: string, id: string | number) => Buffer.from(`${typename}:${id}`).toString("base64");
// databaseId is an Int on some types and a String on others: a selection over several types aliases it.
const NODE = `... on Node { id } ... on Check { databaseId name } ... on CheckGroup { groupId: databaseId name } ... on MaintenanceWindow { windowId: databaseId name }`;
const WINDOW = {
  name: "Deploy",
  startsAt: "2030-01-01T10:00:00Z",
  endsAt: "2030-01-01T11:00:00Z",
  repeatUnit: "DAY",
};

describe(`GraphQL databaseId and REST ids as arguments on ${testProvider}`, () => {
  let t: TestApp;
  let gql: (query: string, variables?: Record<string, unknown>) => Promise<any>;
  const data = async (query: string, variables?: Record<string, unknown>) => {
    const answer = await gql(query, variables);
    expect(answer.body.errors, query).toBeUndefined();
    return answer.body.data;
  };
  const newGroup = async (name: string) =>
    (
      await data(
        `mutation ($n: String!) { createCheckGroup(input: { name: $n }) { ... on CreateCheckGroupSuccess { data { id databaseId } } } }`,
        { n: name },
      )
    ).createCheckGroup.data as { id: string; databaseId: number };
  const newWindow = async (name: string) =>
    (
      await data(
        `mutation ($i: MaintenanceWindowInput!) { createMaintenanceWindow(input: $i) { ... on CreateMaintenanceWindowSuccess { data { id databaseId } } } }`,
        { i: { ...WINDOW, name } },
      )
    ).createMaintenanceWindow.data as { id: string; databaseId: number };
  const newCheck = async (input: Record<string, unknown>) =>
    (
      await data(
        `mutation ($i: ApiCheckInput!) { createApiCheck(input: $i) { ... on CreateApiCheckSuccess { data { id databaseId group { databaseId } } } } }`,
        { i: input },
      )
    ).createApiCheck.data as { id: string; databaseId: string; group: { databaseId: number } | null };

  beforeAll(async () => {
    t = await startTestApp();
    const me = await t.newAccount("Database ids");
    gql = (query, variables) => graphql(t.url, query, bearer(me.apiKey), variables);
  });
  afterAll(() => t.stop());

  it("shows each node's REST id as databaseId: Int for integer ids, String for uuids", async () => {
    const group = await newGroup("Shop");
    expect(group.id).toBe(gid("CheckGroup", group.databaseId));
    expect(typeof group.databaseId).toBe("number");
    const check = await newCheck({ name: "Orders", request: { method: "GET", url: "https://example.com" } });
    expect(check.id).toBe(gid("ApiCheck", check.databaseId));
    expect(check.databaseId).toMatch(/^[0-9a-f-]{36}$/);
    const types = await data(`{ __type(name: "CheckGroup") { fields { name type { ofType { name } } } } }`);
    expect(types.__type.fields).toContainEqual({ name: "databaseId", type: { ofType: { name: "Int" } } });
  });

  it("takes a REST id wherever it takes a node id: node, nodes, mutation ids, input ids and filters", async () => {
    const group = await newGroup("Billing");
    const check = await newCheck({
      name: "Invoices",
      groupId: String(group.databaseId),
      request: { method: "GET", url: "https://example.com/i" },
    });
    expect(check.group).toEqual({ databaseId: group.databaseId });

    const byRest = await data(`query ($id: ID!) { node(id: $id) { __typename ${NODE} } }`, { id: check.databaseId });
    expect(byRest.node).toEqual({
      __typename: "ApiCheck",
      id: check.id,
      databaseId: check.databaseId,
      name: "Invoices",
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    const many = await data(`query ($ids: [ID!]!) { nodes(ids: $ids) { __typename ${NODE} } }`, {
      ids: [check.databaseId, missing, group.id],
    });
    expect(many.nodes.map((n: { id?: string } | null) => n?.id ?? null)).toEqual([check.id, null, group.id]);

    const results = await data(`query ($c: ID!) { checkResults(checkId: $c) { edges { cursor } } }`, {
      c: check.databaseId,
    });
    expect(results.checkResults).toEqual({ edges: [] });

    const renamed = await data(
      `mutation ($id: ID!) { updateCheckGroup(id: $id, input: { name: "Billing 2" }) { ... on UpdateCheckGroupSuccess { data { id name } } } }`,
      { id: String(group.databaseId) },
    );
    expect(renamed.updateCheckGroup.data).toEqual({ id: group.id, name: "Billing 2" });
    const updated = await data(
      `mutation ($id: ID!) { updateApiCheck(id: $id, input: { name: "Invoices 2" }) { ... on UpdateApiCheckSuccess { data { id name } } } }`,
      { id: check.databaseId },
    );
    expect(updated.updateApiCheck.data).toEqual({ id: check.id, name: "Invoices 2" });
    const deleted = await data(
      `mutation ($id: ID!) { deleteCheck(id: $id) { ... on DeleteCheckSuccess { data { deletedId } } } }`,
      {
        id: check.databaseId,
      },
    );
    expect(deleted.deleteCheck.data).toEqual({ deletedId: check.id });
  });

  it("refuses what is neither a global id nor a REST id of the expected type, and an integer that names two types", async () => {
    const wrongShape = await gql(`mutation { deleteMaintenanceWindow(id: "abc") { __typename } }`);
    expect(wrongShape.body.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    const notAnId = await gql(`{ node(id: "zzz") { id } }`);
    expect(notAnId.body.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });

    // A group and a window with the same integer id: node cannot tell which is meant.
    let [group, window] = [await newGroup("G"), await newWindow("W")];
    for (let i = 0; i < 50 && group.databaseId !== window.databaseId; i++)
      if (group.databaseId < window.databaseId) group = await newGroup(`G${i}`);
      else window = await newWindow(`W${i}`);
    expect(group.databaseId).toBe(window.databaseId);
    const ambiguous = await gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: String(group.databaseId) });
    expect(ambiguous.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining("send the global id"),
      extensions: { code: "BAD_USER_INPUT" },
    });
    const removed = await data(
      `mutation ($id: ID!) { deleteMaintenanceWindow(id: $id) { ... on DeleteMaintenanceWindowSuccess { data { deletedId } } } }`,
      {
        id: String(window.databaseId),
      },
    );
    expect(removed.deleteMaintenanceWindow.data).toEqual({ deletedId: window.id });
    const now = await data(`query ($id: ID!) { node(id: $id) { __typename ${NODE} } }`, {
      id: String(group.databaseId),
    });
    expect(now.node).toMatchObject({ __typename: "CheckGroup", id: group.id });
  });
});

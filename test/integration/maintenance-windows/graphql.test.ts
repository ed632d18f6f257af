import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const input = { name: "Deploy", startsAt: "2026-01-05", endsAt: "2026-01-05T02:00:00Z", repeatUnit: "WEEK" };
const CREATE = `mutation ($input: MaintenanceWindowInput!) {
  createMaintenanceWindow(input: $input) {
    __typename
    ... on CreateMaintenanceWindowSuccess { data { id name startsAt endsAt repeatUnit tags createdAt } }
    ... on ValidationError { message fieldPaths }
  }
}`;
const PAGE = `query ($first: Int, $after: String, $last: Int, $before: String) {
  maintenanceWindows(first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { id name } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

describe(`GraphQL maintenance windows on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;

  it("creates through the domain verb, and a rule broken comes back as a typed ValidationError", async () => {
    const created = await gql(CREATE, { input });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createMaintenanceWindow).toMatchObject({
      __typename: "CreateMaintenanceWindowSuccess",
      data: {
        name: "Deploy",
        startsAt: "2026-01-05T00:00:00.000Z",
        endsAt: "2026-01-05T02:00:00.000Z",
        repeatUnit: "WEEK",
        tags: [],
      },
    });
    const before = await t.db.maintenanceWindow.count();
    const invalid = await gql(CREATE, { input: { ...input, name: "n".repeat(201), endsAt: "2026-01-04" } });
    expect(invalid.body.data.createMaintenanceWindow).toEqual({
      __typename: "ValidationError",
      message: expect.stringContaining("name"),
      fieldPaths: ["name", "endsAt"],
    });
    expect(await t.db.maintenanceWindow.count()).toBe(before);
  });

  it("round-trips node(id:), updates and deletes by global id, and another account sees null", async () => {
    const { id } = (await gql(CREATE, { input })).body.data.createMaintenanceWindow.data;
    const node = await gql(
      `query ($id: ID!) { node(id: $id) { __typename id ... on MaintenanceWindow { name } } nodes(ids: [$id]) { __typename id } }`,
      { id },
    );
    expect(node.body).toEqual({
      data: {
        node: { __typename: "MaintenanceWindow", id, name: "Deploy" },
        nodes: [{ __typename: "MaintenanceWindow", id }],
      },
    });

    const other = await t.newAccount();
    const stranger = await gql(
      `query ($id: ID!) { node(id: $id) { id } nodes(ids: [$id]) { id } }`,
      { id },
      other.apiKey,
    );
    expect(stranger.body.data).toEqual({ node: null, nodes: [null] });
    const theirDelete = await gql(
      `mutation ($id: ID!) { deleteMaintenanceWindow(id: $id) { __typename } }`,
      { id },
      other.apiKey,
    );
    expect(theirDelete.body.data.deleteMaintenanceWindow.__typename).toBe("NotFoundError");

    const updated = await gql(
      `mutation ($id: ID!, $input: MaintenanceWindowInput!) { updateMaintenanceWindow(id: $id, input: $input) { ... on UpdateMaintenanceWindowSuccess { data { name tags } } } }`,
      { id, input: { ...input, name: "Renamed", tags: ["db"] } },
    );
    expect(updated.body.data.updateMaintenanceWindow.data).toEqual({ name: "Renamed", tags: ["db"] });
    const deleted = await gql(
      `mutation ($id: ID!) { deleteMaintenanceWindow(id: $id) { ... on DeleteMaintenanceWindowSuccess { data { deletedId } } } }`,
      { id },
    );
    expect(deleted.body.data.deleteMaintenanceWindow.data.deletedId).toBe(id);
    expect((await gql(`query ($id: ID!) { node(id: $id) { id } }`, { id })).body.data.node).toBeNull();
  });

  it("walks the connection forwards and backwards with no duplicates and no gaps", async () => {
    const other = await t.newAccount();
    const names = [];
    for (let i = 0; i < 7; i++) {
      await gql(CREATE, { input: { ...input, name: `w${i}` } }, other.apiKey);
      names.push(`w${i}`);
    }
    const forward: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = (await gql(PAGE, { first: 3, after }, other.apiKey)).body.data.maintenanceWindows;
      forward.push(...page.edges.map((e: any) => e.node.name));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(forward).toEqual([...names].reverse());

    const backward: string[] = [];
    let before: string | null = null;
    for (;;) {
      const page: any = (await gql(PAGE, { last: 3, before }, other.apiKey)).body.data.maintenanceWindows;
      backward.unshift(...page.edges.map((e: any) => e.node.name));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(backward).toEqual(forward);
  });

  it("caps first/last at 100 and refuses a cursor it did not make, with a client-visible error", async () => {
    const tooMany = await gql(PAGE, { first: 101 });
    expect(tooMany.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining("first"),
      extensions: { code: "VALIDATION" },
    });
    const bad = await gql(PAGE, { first: 1, after: "not-a-cursor" });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
  });
});

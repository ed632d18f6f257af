import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type Gql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createPrivateCheck } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { isoTimestamp as iso } from "../../support/matchers.js";

const KEY = "id maskedKey lastUsedAt createdAt";
const LOCATION = `__typename id name slugName icon proxyUrl keys { ${KEY} } lastSeen queueSize createdAt updatedAt`;
const CREATE = `mutation ($input: PrivateLocationInput!) { createPrivateLocation(input: $input) {
  __typename ... on CreatePrivateLocationSuccess { data { privateLocation { ${LOCATION} } firstKey { rawKey agentKey { ${KEY} } } } }
  ... on Error { message } ... on ValidationError { fieldPaths } } }`;
const UPDATE = `mutation ($id: ID!, $input: PrivateLocationUpdateInput!) { updatePrivateLocation(id: $id, input: $input) {
  __typename ... on UpdatePrivateLocationSuccess { data { ${LOCATION} } } ... on Error { message } ... on ValidationError { fieldPaths } } }`;
const DELETE = `mutation ($id: ID!) { deletePrivateLocation(id: $id) { __typename ... on DeletePrivateLocationSuccess { data { deletedId } } ... on Error { message } } }`;
const NEW_KEY = `mutation ($id: ID!) { createAgentKey(privateLocationId: $id) { __typename ... on CreateAgentKeySuccess { data { rawKey agentKey { ${KEY} } } } ... on Error { message } } }`;
const DELETE_KEY = `mutation ($location: ID!, $id: ID!) { deleteAgentKey(privateLocationId: $location, id: $id) { __typename ... on DeleteAgentKeySuccess { data { deletedId } } ... on Error { message } } }`;
const NODE = `query ($id: ID!) { node(id: $id) { ... on PrivateLocation { ${LOCATION} } ... on AgentKey { __typename ${KEY} } } nodes(ids: [$id]) { id } }`;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const rawId = (globalId: string) => Buffer.from(globalId, "base64").toString().split(":")[1]!;

describe(`GraphQL private locations on ${testProvider}`, () => {
  const t = useTestApp();
  let me: { accountId: string; apiKey: string };
  const gql: Gql = (query, variables, key = me.apiKey) => t.gql(query, variables, key);
  let slugs = 0;
  const db = () => t.db;
  const create = async (input: Record<string, unknown> = {}, key = me.apiKey) =>
    (await gql(CREATE, { input: { name: "Basement", slugName: `basement-${++slugs}`, ...input } }, key)).body.data
      .createPrivateLocation;
  beforeAll(async () => {
    me = await t.newAccount("Locations");
  });

  it("creates a location with its first key shown once, then only masked; reads both with node(id:)", async () => {
    const created = await create({ proxyUrl: "https://proxy.example.com:3128" });
    expect(created.__typename).toBe("CreatePrivateLocationSuccess");
    const { privateLocation: location, firstKey } = created.data;
    const key = {
      id: expect.any(String),
      maskedKey: `${firstKey.rawKey.slice(0, 7)}${"*".repeat(24)}`,
      lastUsedAt: null,
      createdAt: iso,
    };
    expect(created.data).toEqual({
      privateLocation: {
        __typename: "PrivateLocation",
        id: expect.any(String),
        name: "Basement",
        slugName: `basement-${slugs}`,
        icon: "location",
        proxyUrl: "https://proxy.example.com:3128",
        keys: [key],
        lastSeen: null,
        queueSize: 0,
        createdAt: iso,
        updatedAt: iso,
      },
      firstKey: { rawKey: expect.stringMatching(/^pl_[A-Za-z0-9_-]{32}$/), agentKey: key },
    });
    expect(firstKey.agentKey).toEqual(location.keys[0]);
    expect(
      await db().agentKey.count({ where: { keyHash: sha256(firstKey.rawKey), privateLocationId: rawId(location.id) } }),
    ).toBe(1);

    const read = await gql(NODE, { id: location.id });
    expect(read.body.data).toEqual({ node: location, nodes: [{ id: location.id }] });
    expect(JSON.stringify(read.body)).not.toContain(firstKey.rawKey);
    const keyNode = await gql(NODE, { id: firstKey.agentKey.id });
    expect(keyNode.body.data).toEqual({
      node: { __typename: "AgentKey", ...firstKey.agentKey },
      nodes: [{ id: firstKey.agentKey.id }],
    });
  });

  it("shows the queue of QUEUED runs and when an agent was last seen, for a page of locations at once", async () => {
    const busy = (await create()).data.privateLocation;
    const idle = (await create()).data.privateLocation;
    // The two newest of the account, in this order, whatever the clock's resolution.
    await db().privateLocation.update({
      where: { id: rawId(busy.id) },
      data: { createdAt: new Date("2030-01-01T00:00:00Z") },
    });
    await db().privateLocation.update({
      where: { id: rawId(idle.id) },
      data: { createdAt: new Date("2030-01-01T00:00:01Z") },
    });
    const check = await createPrivateCheck(t, [busy.slugName], {}, me.accountId);
    const run = (status: string) => ({
      accountId: me.accountId,
      checkId: check.id,
      privateLocationId: rawId(busy.id),
      sequenceId: randomUUID(),
      status,
      dueAt: new Date(),
    });
    await db().checkRun.createMany({ data: [run("QUEUED"), run("QUEUED"), run("RUNNING"), run("DONE")] });
    await db().privateLocation.update({
      where: { id: rawId(busy.id) },
      data: { lastSeenAt: new Date("2026-02-03T04:05:06.789Z") },
    });
    const page = await gql(`{ privateLocations(first: 2) { edges { node { slugName queueSize lastSeen } } } }`);
    expect(page.body.data.privateLocations.edges.map((e: any) => e.node)).toEqual([
      { slugName: idle.slugName, queueSize: 0, lastSeen: null },
      { slugName: busy.slugName, queueSize: 2, lastSeen: "2026-02-03T04:05:06.789Z" },
    ]);
    await db().check.delete({ where: { id: check.id } });
  });

  it("updates name, icon and proxy (null clears it), refuses bad input typed, and writes nothing then", async () => {
    const location = (await create({ icon: "server", proxyUrl: "http://10.0.0.1:3128" })).data.privateLocation;
    const renamed = await gql(UPDATE, { id: location.id, input: { name: "Cellar" } });
    expect(renamed.body.data.updatePrivateLocation.data).toEqual({ ...location, name: "Cellar", updatedAt: iso });
    const cleared = await gql(UPDATE, { id: location.id, input: { name: "Cellar", proxyUrl: null } });
    expect(cleared.body.data.updatePrivateLocation.data).toMatchObject({
      name: "Cellar",
      icon: "server",
      proxyUrl: null,
    });
    const refused = await gql(UPDATE, { id: location.id, input: { name: " ", proxyUrl: "ftp://x" } });
    expect(refused.body.data.updatePrivateLocation).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["name", "proxyUrl"],
    });
    expect((await gql(NODE, { id: location.id })).body.data.node).toMatchObject({ name: "Cellar", proxyUrl: null });

    const before = await db().privateLocation.count();
    const invalid = await create({ slugName: "eu-west-1" });
    expect(invalid).toMatchObject({ __typename: "ValidationError", fieldPaths: ["slugName"] });
    const taken = await create({ slugName: location.slugName });
    expect(taken).toEqual({ __typename: "ConflictError", message: expect.stringContaining(location.slugName) });
    expect(await db().privateLocation.count()).toBe(before);
  });

  it("creates and revokes agent keys: a revoked key's hash is gone", async () => {
    const location = (await create()).data.privateLocation;
    const second = (await gql(NEW_KEY, { id: location.id })).body.data.createAgentKey;
    expect(second).toEqual({
      __typename: "CreateAgentKeySuccess",
      data: {
        rawKey: expect.stringMatching(/^pl_/),
        agentKey: {
          id: expect.any(String),
          maskedKey: expect.stringMatching(/^pl_.{4}\*{24}$/),
          lastUsedAt: null,
          createdAt: iso,
        },
      },
    });
    const keys = (await gql(NODE, { id: location.id })).body.data.node.keys;
    expect(keys).toEqual([location.keys[0], second.data.agentKey]);

    const other = (await create()).data.privateLocation;
    const wrongLocation = await gql(DELETE_KEY, { location: other.id, id: second.data.agentKey.id });
    expect(wrongLocation.body.data.deleteAgentKey.__typename).toBe("NotFoundError");
    const revoked = await gql(DELETE_KEY, { location: location.id, id: second.data.agentKey.id });
    expect(revoked.body.data.deleteAgentKey).toEqual({
      __typename: "DeleteAgentKeySuccess",
      data: { deletedId: second.data.agentKey.id },
    });
    expect((await gql(NODE, { id: second.data.agentKey.id })).body.data.node).toBeNull();
    expect(await db().agentKey.count({ where: { keyHash: sha256(second.data.rawKey) } })).toBe(0);
  });

  it("refuses to delete a location that a check names, then deletes it; another account sees and touches nothing", async () => {
    const { privateLocation: location, firstKey } = (await create()).data;
    const check = await restClient(t.url, me.apiKey).post("/v1/checks/api", {
      name: "inside",
      privateLocations: [location.slugName],
      request: { method: "GET", url: "http://intranet" },
    });
    expect(check.status).toBe(201);
    expect((await gql(DELETE, { id: location.id })).body.data.deletePrivateLocation).toEqual({
      __typename: "ConflictError",
      message: expect.stringContaining("used by 1"),
    });

    const stranger = await t.newAccount();
    for (const id of [location.id, firstKey.agentKey.id])
      expect((await gql(NODE, { id }, stranger.apiKey)).body.data).toEqual({ node: null, nodes: [null] });
    expect(
      (await gql(UPDATE, { id: location.id, input: { name: "Mine" } }, stranger.apiKey)).body.data.updatePrivateLocation
        .__typename,
    ).toBe("NotFoundError");
    expect((await gql(DELETE, { id: location.id }, stranger.apiKey)).body.data.deletePrivateLocation.__typename).toBe(
      "NotFoundError",
    );
    expect((await gql(NEW_KEY, { id: location.id }, stranger.apiKey)).body.data.createAgentKey.__typename).toBe(
      "NotFoundError",
    );
    expect(
      (await gql(DELETE_KEY, { location: location.id, id: firstKey.agentKey.id }, stranger.apiKey)).body.data
        .deleteAgentKey.__typename,
    ).toBe("NotFoundError");
    expect(
      (await gql(`{ privateLocations { edges { node { id } } } }`, {}, stranger.apiKey)).body.data.privateLocations
        .edges,
    ).toEqual([]);

    await restClient(t.url, me.apiKey).delete(`/v1/checks/${check.body.id}`);
    expect((await gql(DELETE, { id: location.id })).body.data.deletePrivateLocation).toEqual({
      __typename: "DeletePrivateLocationSuccess",
      data: { deletedId: location.id },
    });
    expect((await gql(NODE, { id: location.id })).body.data.node).toBeNull();
    expect(await db().agentKey.count({ where: { privateLocationId: rawId(location.id) } })).toBe(0);
  });

  it("walks the locations forwards and backwards with no duplicates and no gaps", async () => {
    const own = await t.newAccount();
    const slugsMade: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { privateLocation } = (await create({}, own.apiKey)).data;
      await db().privateLocation.update({
        where: { id: rawId(privateLocation.id) },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) },
      });
      slugsMade.unshift(privateLocation.slugName);
    }
    const PAGE = `query ($first: Int, $after: String, $last: Int, $before: String) { privateLocations(first: $first, after: $after, last: $last, before: $before) {
      edges { node { slugName } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const forward: string[] = [];
    for (let after: string | null = null; ; ) {
      const page: any = (await gql(PAGE, { first: 2, after }, own.apiKey)).body.data.privateLocations;
      forward.push(...page.edges.map((e: any) => e.node.slugName));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    const backward: string[] = [];
    for (let before: string | null = null; ; ) {
      const page: any = (await gql(PAGE, { last: 2, before }, own.apiKey)).body.data.privateLocations;
      backward.unshift(...page.edges.map((e: any) => e.node.slugName));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(forward).toEqual(slugsMade);
    expect(backward).toEqual(slugsMade);
  });
});

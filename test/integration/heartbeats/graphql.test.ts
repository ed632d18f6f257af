import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { globalId as gid } from "../../support/global-id.js";
import { testProvider } from "../../support/database.js";
import { createHeartbeatCheck } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const raw = (globalId: string) => Buffer.from(globalId, "base64").toString().split(":")[1]!;
const HOUR = 3_600_000;

const EVENTS = `query ($id: ID!, $first: Int, $after: String, $last: Int, $before: String, $startTime: DateTime, $endTime: DateTime) {
  node(id: $id) { ... on HeartbeatCheck {
    events(first: $first, after: $after, last: $last, before: $before, startTime: $startTime, endTime: $endTime) {
      edges { cursor node { id state timestamp source userAgent } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  } }
}`;
const AVAILABILITY = `query ($id: ID!, $startTime: DateTime, $endTime: DateTime) { node(id: $id) { ... on HeartbeatCheck {
  availability(startTime: $startTime, endTime: $endTime) { successRatio { previousPeriod currentPeriod } totalEntitiesCurrentPeriod }
  stats { last24Hours { successRatio { previousPeriod currentPeriod } totalEntitiesCurrentPeriod } last7Days { successRatio { previousPeriod currentPeriod } totalEntitiesCurrentPeriod } }
} } }`;

describe(`GraphQL heartbeat events and availability on ${testProvider}`, () => {
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const statements: string[] = [];
  const api = t.api;
  const gql = t.gql;
  const db = () => t.db;
  const heartbeatCheck = async (accountId = t.accountId) => (await createHeartbeatCheck(t, {}, accountId)).id;
  const addEvents = (checkId: string, events: [string, Date][], accountId = t.accountId) =>
    db().heartbeatEvent.createMany({
      data: events.map(([state, timestamp]) => ({ id: randomUUID(), accountId, checkId, state, timestamp })),
    });

  it("records a ping through REST and shows it as a HeartbeatEvent node, on its check's events, as REST reads it", async () => {
    const checkId = await heartbeatCheck();
    const { pingToken } = await db().check.findUniqueOrThrow({ where: { id: checkId } });
    const ping = await restClient(t.url, null).raw("GET", `/ping/${pingToken}`, {
      headers: { origin: "https://ci.example.com", "user-agent": "curl/8.5.0" },
    });
    expect(ping.status).toBe(200);
    const listed = await gql(EVENTS, { id: gid("HeartbeatCheck", checkId) });
    expect(listed.body.errors).toBeUndefined();
    const [edge] = listed.body.data.node.events.edges;
    const rest = (await api.get(`/v1/checks/heartbeats/${checkId}/events/${raw(edge.node.id)}`)).body;
    expect(edge.node).toEqual({
      id: gid("HeartbeatEvent", rest.id),
      state: "RECEIVED",
      timestamp: rest.timestamp,
      source: "https://ci.example.com",
      userAgent: "curl/8.5.0",
    });
    const node = await gql(
      `query ($id: ID!) { node(id: $id) { __typename ... on HeartbeatEvent { id state timestamp source userAgent check { id } } } }`,
      { id: edge.node.id },
    );
    expect(node.body.data.node).toEqual({
      __typename: "HeartbeatEvent",
      ...edge.node,
      check: { id: gid("HeartbeatCheck", checkId) },
    });
  });

  it("walks the events of a window forwards and backwards, newest first, with tied timestamps", async () => {
    const checkId = await heartbeatCheck();
    const start = new Date("2020-03-01T00:00:00.000Z");
    const states = ["RECEIVED", "GRACE", "LATE", "FAILING", "EARLY"];
    // 23 events in the window (in threes sharing a timestamp), one just before it and one at its (exclusive) end.
    await addEvents(checkId, [
      ...Array.from(
        { length: 23 },
        (_, i) => [states[i % 5]!, new Date(start.getTime() + Math.floor(i / 3) * HOUR)] as [string, Date],
      ),
      ["RECEIVED", new Date(start.getTime() - 1)],
      ["RECEIVED", new Date(start.getTime() + 24 * HOUR)],
    ]);
    const expected = (
      await db().heartbeatEvent.findMany({
        where: { checkId, timestamp: { gte: start, lt: new Date(start.getTime() + 24 * HOUR) } },
        orderBy: [{ timestamp: "desc" }, { id: "desc" }],
      })
    ).map((e) => gid("HeartbeatEvent", e.id));
    expect(expected).toHaveLength(23);
    const window = { id: gid("HeartbeatCheck", checkId), startTime: start.toISOString() };
    for (const size of [4, 10, 1]) {
      const forward: string[] = [];
      let after: string | null = null;
      for (let more = true; more; ) {
        const page: any = (await gql(EVENTS, { ...window, first: size, after })).body.data.node.events;
        forward.push(...page.edges.map((e: any) => e.node.id));
        expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
        [more, after] = [page.pageInfo.hasNextPage, page.pageInfo.endCursor];
      }
      expect(forward).toEqual(expected);
      const backward: string[] = [];
      let before: string | null = null;
      for (let more = true; more; ) {
        const page: any = (await gql(EVENTS, { ...window, last: size, before })).body.data.node.events;
        backward.unshift(...page.edges.map((e: any) => e.node.id));
        [more, before] = [page.pageInfo.hasPreviousPage, page.pageInfo.startCursor];
      }
      expect(backward).toEqual(expected);
    }
    // Like REST, the default window is the 24 hours before now: these old events are not in it.
    expect((await gql(EVENTS, { id: window.id })).body.data.node.events.edges).toEqual([]);
    const rest = (await api.get(`/v1/checks/heartbeats/${checkId}/events?startTime=${start.toISOString()}&limit=10`))
      .body[0].events;
    const first = (await gql(EVENTS, { ...window, first: 10 })).body.data.node.events.edges;
    expect(first.map((e: any) => e.node.id)).toEqual(rest.map((e: { id: string }) => gid("HeartbeatEvent", e.id)));
  });

  it("computes availability and the stats with the domain's aggregation, the same numbers as REST", async () => {
    const checkId = await heartbeatCheck();
    const at = (iso: string) => new Date(iso);
    await addEvents(checkId, [
      ["RECEIVED", at("2020-01-09T00:00:00.000Z")],
      ["FAILING", at("2020-01-09T12:00:00.000Z")],
      ["RECEIVED", at("2020-01-10T00:00:00.000Z")],
      ["GRACE", at("2020-01-10T06:00:00.000Z")],
      ["FAILING", at("2020-01-10T12:00:00.000Z")],
      ["LATE", at("2020-01-10T18:00:00.000Z")],
      ["RECEIVED", new Date(Date.now() - 2 * HOUR)],
      ["FAILING", new Date(Date.now() - 3 * 24 * HOUR)],
      ["RECEIVED", new Date(Date.now() - 9 * 24 * HOUR)],
    ]);
    const window = { startTime: "2020-01-10T00:00:00.000Z", endTime: "2020-01-11T00:00:00.000Z" };
    const response = await gql(AVAILABILITY, { id: gid("HeartbeatCheck", checkId), ...window });
    expect(response.body.errors).toBeUndefined();
    const { availability, stats } = response.body.data.node;
    expect(availability).toEqual({
      successRatio: { previousPeriod: 50, currentPeriod: 75 },
      totalEntitiesCurrentPeriod: 4,
    });
    expect(availability).toEqual(
      (
        await api.get(
          `/v1/checks/heartbeats/${checkId}/availability?startTime=${window.startTime}&endTime=${window.endTime}`,
        )
      ).body,
    );
    expect(stats).toEqual({
      last24Hours: { successRatio: { previousPeriod: 0, currentPeriod: 100 }, totalEntitiesCurrentPeriod: 1 },
      last7Days: { successRatio: { previousPeriod: 100, currentPeriod: 50 }, totalEntitiesCurrentPeriod: 2 },
    });
    expect(stats).toEqual((await api.get(`/v1/checks/heartbeats/${checkId}/events`)).body[0].stats);
    // The default window is the 24 hours before now; both windows empty → null.
    const defaults = await gql(AVAILABILITY, { id: gid("HeartbeatCheck", checkId) });
    expect(defaults.body.data.node.availability).toEqual({
      successRatio: { previousPeriod: 0, currentPeriod: 100 },
      totalEntitiesCurrentPeriod: 1,
    });
    const empty = await gql(AVAILABILITY, { id: gid("HeartbeatCheck", await heartbeatCheck()) });
    expect(empty.body.data.node).toEqual({ availability: null, stats: { last24Hours: null, last7Days: null } });
  });

  it("refuses a window that ends before it starts, and a cursor it did not make, naming the argument", async () => {
    const id = gid("HeartbeatCheck", await heartbeatCheck());
    const cases: [string, Record<string, unknown>, string[]][] = [
      [EVENTS, { startTime: "2020-01-02T00:00:00Z", endTime: "2020-01-01T00:00:00Z" }, ["endTime"]],
      [AVAILABILITY, { startTime: "2020-01-02T00:00:00Z", endTime: "2020-01-02T00:00:00Z" }, ["endTime"]],
      [EVENTS, { after: "garbage" }, ["after"]],
      [EVENTS, { last: 2, before: Buffer.from(JSON.stringify([1.5, "x"])).toString("base64url") }, ["before"]],
      [EVENTS, { first: 101 }, ["first"]],
    ];
    for (const [query, variables, fieldPaths] of cases) {
      const response = await gql(query, { id, ...variables });
      expect(response.body.errors?.[0]).toMatchObject({ extensions: { code: "VALIDATION", fieldPaths } });
    }
  });

  it("keeps other accounts' checks and events out of reach: null, not an error", async () => {
    const checkId = await heartbeatCheck();
    await addEvents(checkId, [["RECEIVED", new Date(Date.now() - HOUR)]]);
    const event = await db().heartbeatEvent.findFirstOrThrow({ where: { checkId } });
    const other = await t.newAccount();
    const ids = [gid("HeartbeatEvent", event.id), gid("HeartbeatCheck", checkId)];
    const stranger = await gql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids }, other.apiKey);
    expect(stranger.body).toEqual({ data: { nodes: [null, null] } });
    expect((await gql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids })).body.data.nodes).toEqual(
      ids.map((id) => ({ id })),
    );
    // Their own heartbeat check shows only its own events.
    const theirs = await heartbeatCheck(other.accountId);
    await addEvents(theirs, [["LATE", new Date(Date.now() - HOUR)]], other.accountId);
    const own = await gql(EVENTS, { id: gid("HeartbeatCheck", theirs) }, other.apiKey);
    expect(own.body.data.node.events.edges.map((e: any) => e.node.state)).toEqual(["LATE"]);
  });

  it("reads the events, availability and stats of a list of heartbeat checks in a fixed number of statements", async () => {
    const checks = await Promise.all(Array.from({ length: 6 }, () => heartbeatCheck()));
    for (const [i, checkId] of checks.entries()) {
      await addEvents(
        checkId,
        Array.from(
          { length: i + 1 },
          (_, j) => [j % 2 ? "FAILING" : "RECEIVED", new Date(Date.now() - (j + 1) * HOUR)] as [string, Date],
        ),
      );
    }
    const query = `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on HeartbeatCheck { id
      events(first: 2) { edges { node { state } } pageInfo { hasNextPage } }
      availability { totalEntitiesCurrentPeriod }
      stats { last24Hours { totalEntitiesCurrentPeriod } last7Days { totalEntitiesCurrentPeriod } } } } }`;
    const read = async (ids: string[]) => {
      statements.length = 0;
      const response = await gql(query, { ids: ids.map((id) => gid("HeartbeatCheck", id)) });
      expect(response.body.errors).toBeUndefined();
      const events = statements.filter((sql) => /HeartbeatEvent/.test(sql)).length;
      return { nodes: response.body.data.nodes, events, total: statements.length };
    };
    const two = await read(checks.slice(0, 2));
    const six = await read(checks);
    expect(six.total).toBe(two.total);
    // One page statement; two counts (window and the one before) for availability, four for the stats.
    expect(six.events).toBe(7);
    expect(six.nodes).toEqual(
      checks.map((checkId, i) => ({
        id: gid("HeartbeatCheck", checkId),
        events: {
          edges: ["RECEIVED", "FAILING"].slice(0, Math.min(i + 1, 2)).map((state) => ({ node: { state } })),
          pageInfo: { hasNextPage: i + 1 > 2 },
        },
        availability: { totalEntitiesCurrentPeriod: i + 1 },
        stats: { last24Hours: { totalEntitiesCurrentPeriod: i + 1 }, last7Days: { totalEntitiesCurrentPeriod: i + 1 } },
      })),
    );
  });
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createServiceByGraphql } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const CREATE = `mutation ($input: CreateIncidentInput!) { createIncident(input: $input) { ... on CreateIncidentSuccess { data { id } } } }`;
const ADD = `mutation ($incidentId: ID!, $input: IncidentUpdateInput!) { addIncidentUpdate(incidentId: $incidentId, input: $input) { __typename } }`;

describe(`GraphQL incident connections on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;
  const service = (name: string, key: string) => createServiceByGraphql(gql, name, key);
  const create = async (input: Record<string, unknown>, key: string) =>
    (await gql(CREATE, { input }, key)).body.data.createIncident.data;

  it("walks incidents, a page's incidents and an incident's updates forwards and backwards", async () => {
    const other = await t.newAccount();
    const key = other.apiKey;
    const [shown, hidden] = [await service("Shown", key), await service("Hidden", key)];
    const page = (
      await gql(
        `mutation ($s: ID!) { createStatusPage(input: { name: "P", url: "walks", cards: [{ name: "c", services: [{ id: $s }] }] }) { ... on CreateStatusPageSuccess { data { id } } } }`,
        { s: shown.id },
        key,
      )
    ).body.data.createStatusPage.data;
    const all: string[] = [];
    for (let i = 0; i < 8; i++) {
      await create(
        {
          name: `i${i}`,
          severity: "MINOR",
          services: [{ id: i % 3 === 2 ? hidden.id : shown.id }],
          incidentUpdates: [{ description: "d" }],
        },
        key,
      );
      all.unshift(`i${i}`);
    }
    // Updates with tied dates: created_at orders them, newest first.
    const timeline = await create(
      {
        name: "timeline",
        severity: "MINOR",
        services: [{ id: hidden.id }],
        incidentUpdates: [{ description: "u0", publicIncidentUpdateDate: "2026-01-01" }],
      },
      key,
    );
    for (let i = 1; i < 9; i++) {
      await gql(
        ADD,
        {
          incidentId: timeline.id,
          input: { description: `u${i}`, publicIncidentUpdateDate: i % 2 ? "2026-01-02" : "2026-01-03" },
        },
        key,
      );
    }
    const timelineOrder = ["u8", "u6", "u4", "u2", "u7", "u5", "u3", "u1", "u0"];
    const pageInfo = "pageInfo { hasNextPage hasPreviousPage startCursor endCursor }";
    const lists = [
      {
        expected: ["timeline", ...all],
        query: `query ($first: Int, $after: String, $last: Int, $before: String) { list: incidents(first: $first, after: $after, last: $last, before: $before) { edges { node { name } } ${pageInfo} } }`,
        pick: (d: any) => d.list,
        vars: {},
      },
      {
        expected: all.filter((name) => Number(name.slice(1)) % 3 !== 2),
        query: `query ($id: ID!, $first: Int, $after: String, $last: Int, $before: String) { node(id: $id) { ... on StatusPage { list: incidents(first: $first, after: $after, last: $last, before: $before) { edges { node { name } } ${pageInfo} } } } }`,
        pick: (d: any) => d.node.list,
        vars: { id: page.id },
      },
      {
        expected: timelineOrder,
        query: `query ($id: ID!, $first: Int, $after: String, $last: Int, $before: String) { node(id: $id) { ... on Incident { list: updates(first: $first, after: $after, last: $last, before: $before) { edges { node { name: description } } ${pageInfo} } } } }`,
        pick: (d: any) => d.node.list,
        vars: { id: timeline.id },
      },
    ];
    for (const { expected, query, pick, vars } of lists) {
      const forward: string[] = [];
      for (let after: string | null = null; ; ) {
        const list: any = pick((await gql(query, { ...vars, first: 2, after }, key)).body.data);
        forward.push(...list.edges.map((e: any) => e.node.name));
        if (!list.pageInfo.hasNextPage) break;
        after = list.pageInfo.endCursor;
      }
      expect(forward).toEqual(expected);
      const backward: string[] = [];
      for (let before: string | null = null; ; ) {
        const list: any = pick((await gql(query, { ...vars, last: 2, before }, key)).body.data);
        backward.unshift(...list.edges.map((e: any) => e.node.name));
        if (!list.pageInfo.hasPreviousPage) break;
        before = list.pageInfo.startCursor;
      }
      expect(backward).toEqual(expected);
    }

    const firstTwo = (await gql(lists[0]!.query, { first: 2 }, key)).body.data.list;
    expect((await restClient(t.url, key).get("/v1/status-pages/incidents?limit=2")).body.nextId).toBe(
      firstTwo.pageInfo.endCursor,
    );
    const tooMany = await gql(lists[1]!.query, { id: page.id, first: 101 }, key);
    expect(tooMany.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining("first"),
      extensions: { code: "VALIDATION" },
    });
  });
});

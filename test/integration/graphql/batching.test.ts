import { beforeAll, describe, expect, it } from "vitest";
import { ISSUE_DATASET, NESTED_STATUS_PAGES_QUERY, seedStatusPages, type SeededPage } from "../../support/index.js";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

/** The goal of issue 4: a nested status-page query costs a small, fixed number of SQL statements. */
const MAX_STATEMENTS = 8;

describe(`GraphQL batching on ${testProvider}`, () => {
  const t = useTestApp({}, { onQuery: (sql) => recording?.push(sql) });
  let seeded: SeededPage[];
  let recording: string[] | null = null;

  beforeAll(async () => {
    seeded = await seedStatusPages(t.db, t.accountId, ISSUE_DATASET);
  });

  /** Runs the query and returns its answer with the SQL statements of that request alone. */
  async function recorded(query: string, variables: Record<string, unknown>, headers = bearer(t.apiKey)) {
    await graphql(t.url, "{ __typename }", headers); // a key lookup (cached afterwards) is not the query's
    recording = [];
    try {
      const { body } = await graphql(t.url, query, headers, variables);
      return { body, statements: recording };
    } finally {
      recording = null;
    }
  }

  /** What the answer must hold for `count` pages: every card, service, incident and update seeded. */
  function expected(count: number) {
    return seeded.slice(0, count).map((page) => ({
      name: page.name,
      cards: page.cards.map((card) => ({ name: card.name, services: card.services })),
      incidents: page.incidents.map((incident) => ({
        name: incident.name,
        lastUpdateStatus: "RESOLVED",
        updates: incident.updates,
      })),
    }));
  }
  function shown(body: any) {
    return body.data.statusPages.edges.map(({ node }: any) => ({
      name: node.name,
      cards: node.cards.map((card: any) => ({ name: card.name, services: card.services.map((s: any) => s.name) })),
      incidents: node.incidents.edges.map(({ node: i }: any) => ({
        name: i.name,
        lastUpdateStatus: i.lastUpdateStatus,
        updates: i.updates.edges.map((e: any) => e.node.description),
      })),
    }));
  }

  it("loads 20 pages with cards { services } and incidents { updates } in a fixed, small number of statements", async () => {
    const twenty = await recorded(NESTED_STATUS_PAGES_QUERY, { first: 20 });
    expect(twenty.body.errors).toBeUndefined();
    expect(shown(twenty.body)).toEqual(expected(20));
    const five = await recorded(NESTED_STATUS_PAGES_QUERY, { first: 5 });
    expect(shown(five.body)).toEqual(expected(5));
    const one = await recorded(NESTED_STATUS_PAGES_QUERY, { first: 1 });
    expect(shown(one.body)).toEqual(expected(1));

    expect(twenty.statements.length, twenty.statements.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(five.statements.length).toBe(twenty.statements.length);
    expect(one.statements.length).toBe(twenty.statements.length);
  });

  it("batches node(id:) lists and a public page the same way", async () => {
    const ids = (
      await graphql(t.url, `{ statusPages(first: 20) { edges { node { id } } } }`, bearer(t.apiKey))
    ).body.data.statusPages.edges.map((e: any) => e.node.id);
    const nodes = `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on StatusPage { name cards { name services { name } } incidents { edges { node { name updates { edges { node { description incident { name } } } } } } } } } }`;
    const many = await recorded(nodes, { ids });
    const few = await recorded(nodes, { ids: ids.slice(0, 3) });
    expect(many.body.data.nodes.map((n: any) => n.name)).toEqual(seeded.map((page) => page.name));
    expect(many.body.data.nodes[0].incidents.edges[0].node.updates.edges[0].node.incident.name).toBe(
      seeded[0]!.incidents[0]!.name,
    );
    expect(many.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(few.statements.length).toBe(many.statements.length);

    const visitor = `query ($url: String!) { publicStatusPage(url: $url) { cards { services { name } } incidents { edges { node { services { name } updates { edges { node { description } } } } } } } }`;
    const publicPage = await recorded(visitor, { url: "bench-page-0" }, {});
    expect(publicPage.body.data.publicStatusPage.incidents.edges).toHaveLength(ISSUE_DATASET.incidentsPerPage);
    expect(publicPage.statements.length).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});

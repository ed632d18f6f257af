// Issue 28: the nested status-page query sent with a key is answered from the account's answer
// cache (src/graphql/answer-cache.ts) when repeated, and every write that changes what it shows
// drops that answer at once; queries that read anything else are always computed.
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../../../src/domain/api-keys/create.js";
import { testProvider } from "../../support/database.js";
import { useTestApp } from "../../support/app.js";
import { addUpdate, pageWithIncident, createStatusPage } from "../../support/index.js";
import { wsClient } from "../../support/subscriptions.js";

const PAGES = `query ($first: Int!) { statusPages(first: $first) { edges { node {
  name cards { name services { name } }
  incidents(first: 10) { edges { node { name lastUpdateStatus updates(first: 10) { edges { node { description } } } } } }
} } } }`;

describe(`GraphQL answers cached per account on ${testProvider}`, () => {
  let queries: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => queries.push(sql) });
  let seeded: Awaited<ReturnType<typeof pageWithIncident>>;
  const pages = async (key?: string) => {
    const { body } = await t.gql(PAGES, { first: 10 }, key);
    expect(body.errors).toBeUndefined();
    return body.data.statusPages.edges.map((e: any) => e.node);
  };
  /** The statements a request sends (its key looked up first, so that lookup is not counted). */
  const statementsOf = async (request: () => Promise<unknown>) => {
    await t.gql("{ __typename }");
    queries = [];
    await request();
    return queries.length;
  };

  beforeAll(async () => {
    seeded = await pageWithIncident(t.api, "Ops");
  });

  it("answers a repeated query without a statement, for any key of the account, and never another account's", async () => {
    const first = await pages();
    expect(first.map((p: any) => p.name)).toEqual(["Ops status"]);
    expect(await statementsOf(() => pages())).toBe(0);
    const { apiKey } = await createApiKey({ db: t.db, input: { accountId: t.accountId } });
    expect(await pages(apiKey)).toEqual(first);
    const other = await t.newAccount("Other");
    expect(await pages(other.apiKey)).toEqual([]);
  });

  it("answers a remembered query over WebSocket with the answer HTTP gets", async () => {
    const http = await pages();
    const client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    try {
      const overWs = async () => {
        const result = await client.iterate({ query: PAGES, variables: { first: 10 } }).next();
        return (result.value as { data: any }).data.statusPages.edges.map((e: any) => e.node);
      };
      expect(await overWs()).toEqual(http);
      // Remembered: the cache holds the answer's JSON alone, and gives its data back parsed.
      expect(await statementsOf(overWs)).toBe(0);
      expect(await overWs()).toEqual(http);
    } finally {
      await client.dispose();
    }
  });

  it("shows an update, a renamed page and service, a new page and a deleted incident as soon as they are written", async () => {
    await pages();
    // Not ASCII: the answer's bytes are UTF-8 whichever way they are made (answer-cache.ts).
    await addUpdate(t.api, seeded.incidentId, "fixed — café ✓ 🚀", "RESOLVED");
    const [shown] = await pages();
    expect(shown.incidents.edges[0].node.updates.edges.map((e: any) => e.node.description)).toEqual([
      "fixed — café ✓ 🚀",
      "Investigating",
    ]);
    expect(shown.incidents.edges[0].node.lastUpdateStatus).toBe("RESOLVED");

    const renamed = await t.api.put(`/v1/status-pages/${seeded.pageId}`, { name: "Renamed", url: seeded.slug });
    expect(renamed.status).toBe(200);
    expect((await pages())[0].name).toBe("Renamed");
    expect((await t.api.put(`/v1/status-pages/services/${seeded.serviceId}`, { name: "Website" })).status).toBe(200);
    expect((await pages())[0].cards[0].services).toEqual([{ name: "Website" }]);

    await createStatusPage(t.api, [seeded.serviceId], { name: "Second", url: `${seeded.slug}-2` });
    expect((await pages()).map((p: any) => p.name)).toEqual(["Second", "Renamed"]);
    expect((await t.api.delete(`/v1/status-pages/incidents/${seeded.incidentId}`)).status).toBe(204);
    expect((await pages()).map((p: any) => p.incidents.edges.length)).toEqual([0, 0]);
  });

  it("computes every answer of a query that reads what no page event announces", async () => {
    const subscribers = `{ statusPages(first: 10) { edges { node { name subscriptions { id } } } } }`;
    const incidentServices = `{ incidents(first: 10) { edges { node { name services { name } } } } }`;
    const checks = `{ statusPages(first: 1) { edges { node { name } } } checks(first: 1) { edges { node { name } } } }`;
    for (const query of [subscribers, incidentServices, checks]) {
      expect((await t.gql(query)).body.errors).toBeUndefined();
      expect(await statementsOf(() => t.gql(query))).toBeGreaterThan(0);
    }
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, type Service, createStatusPage } from "../../support/index.js";

const PUBLIC = `query ($url: String!) { publicStatusPage(url: $url) {
  name cards { name services { name } }
  incidents(first: 10) { edges { node { name updates(first: 10) { edges { node { description } } } } } }
} }`;

describe(`GraphQL publicStatusPage from the cache on ${testProvider}`, () => {
  let queries: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => queries.push(sql) });
  let service: Service;
  let page: { id: string };
  let incidentId: string;
  const visitor = (url: string) => graphql(t.url, PUBLIC, {}, { url });
  const descriptions = (body: any) =>
    body.data.publicStatusPage.incidents.edges.flatMap((e: any) =>
      e.node.updates.edges.map((u: any) => u.node.description),
    );

  beforeAll(async () => {
    service = await createService(t.api, "Web");
    page = await createStatusPage(t.api, [service.id], { name: "Cached", url: "gql-cached" });
    const created = await t.api.post("/v1/status-pages/incidents", {
      name: "Down",
      severity: "MAJOR",
      services: [{ id: service.id }],
      incidentUpdates: [{ description: "first" }],
    });
    incidentId = created.body.id;
  });

  it("answers a repeated key-less query without a statement, and a keyed one alike", async () => {
    const first = await visitor("gql-cached");
    expect(first.body.errors).toBeUndefined();
    expect(descriptions(first.body)).toEqual(["first"]);
    queries = [];
    const again = await visitor("gql-cached");
    expect(again.body).toEqual(first.body);
    expect(queries).toEqual([]);
    // With a key the answer is computed (only key-less answers are kept whole), from the page's read cache.
    expect((await t.gql(PUBLIC, { url: "gql-cached" })).body).toEqual(first.body);
  });

  it("shows an update, a renamed page and a renamed service as soon as they are written", async () => {
    await visitor("gql-cached");
    expect(
      (await t.api.post(`/v1/status-pages/incidents/${incidentId}/incident-updates`, { description: "second" })).status,
    ).toBe(201);
    expect(descriptions((await visitor("gql-cached")).body)).toEqual(["second", "first"]);
    expect((await t.api.put(`/v1/status-pages/${page.id}`, { name: "Renamed", url: "gql-cached" })).status).toBe(200);
    expect((await visitor("gql-cached")).body.data.publicStatusPage.name).toBe("Renamed");
    expect((await t.api.put(`/v1/status-pages/services/${service.id}`, { name: "Website" })).status).toBe(200);
    expect((await visitor("gql-cached")).body.data.publicStatusPage.cards[0].services).toEqual([{ name: "Website" }]);
  });

  it("answers null for an unknown url until a page takes it", async () => {
    expect((await visitor("gql-later")).body.data.publicStatusPage).toBeNull();
    await createStatusPage(t.api, [service.id], { name: "Later", url: "gql-later" });
    expect((await visitor("gql-later")).body.data.publicStatusPage.name).toBe("Later");
  });

  it("stops answering a page once it is private", async () => {
    await createStatusPage(t.api, [service.id], { name: "Soon private", url: "gql-private" });
    expect((await visitor("gql-private")).body.data.publicStatusPage.name).toBe("Soon private");
    const row = await t.db.statusPage.findFirstOrThrow({ where: { url: "gql-private" } });
    await t.db.statusPage.update({ where: { id: row.id }, data: { isPrivate: true } });
    // The page write that makes it private announces it (statusPageChanged).
    t.app.context.events.publish({ type: "statusPageChanged", accountId: t.accountId, statusPageIds: [row.id] });
    expect((await visitor("gql-private")).body.data.publicStatusPage).toBeNull();
  });
});

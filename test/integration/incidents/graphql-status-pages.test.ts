// Incident.statusPages: the operator app links an incident to how each status page shows it.
// Only the account's own pages, batched for a list, and never the account's pages to a visitor.
import { describe, expect, it } from "vitest";
import { graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { addIncident, createService, createStatusPage } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const LIST = `query ($first: Int) { incidents(first: $first) { edges { node { name statusPages { name url } } } } }`;

describe(`Incident.statusPages on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });

  it("names the account's pages showing each incident, in a fixed number of statements", async () => {
    const account = await t.newAccount("Pages");
    const api = restClient(t.url, account.apiKey);
    const [web, db, lone] = [
      await createService(api, "web"),
      await createService(api, "db"),
      await createService(api, "lone"),
    ];
    await createStatusPage(api, [web.id], { name: "Beta", url: `beta-${account.accountId.slice(0, 8)}` });
    await createStatusPage(api, [web.id, db.id], { name: "Alpha", url: `alpha-${account.accountId.slice(0, 8)}` });
    await addIncident(api, lone.id, "on no page");
    await addIncident(api, web.id, "web down");
    await addIncident(api, db.id, "db down");
    // Another account's page showing its own service of the same name changes nothing here.
    const theirs = restClient(t.url, (await t.newAccount()).apiKey);
    await createStatusPage(theirs, [(await createService(theirs, "web")).id], { name: "Theirs" });

    const run = async (first: number) => {
      await t.gql("{ __typename }", {}, account.apiKey);
      statements.length = 0;
      const { body } = await t.gql(LIST, { first }, account.apiKey);
      expect(body.errors).toBeUndefined();
      const count = statements.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(sql.trim())).length;
      const pages = Object.fromEntries(
        body.data.incidents.edges.map((e: any) => [e.node.name, e.node.statusPages.map((p: any) => p.name)]),
      );
      return { count, pages };
    };
    const one = await run(1);
    const all = await run(3);
    expect(all.pages).toEqual({ "web down": ["Alpha", "Beta"], "db down": ["Alpha"], "on no page": [] });
    expect(all.count).toBe(one.count);
  });

  it("is null with UNAUTHENTICATED for a public page's visitor, the rest of the page answered", async () => {
    const api = restClient(t.url, t.apiKey);
    const service = await createService(api, "api");
    const page = await createStatusPage(api, [service.id]);
    await createStatusPage(api, [service.id], { name: "Internal", isPrivate: true });
    await addIncident(api, service.id, "api down");
    const query = `query ($url: String!) { publicStatusPage(url: $url) { name incidents(first: 5) { edges { node { name statusPages { name } } } } } }`;
    const { body } = await graphql(t.url, query, {}, { url: page.url });
    const node = body.data.publicStatusPage.incidents.edges[0].node;
    expect(node).toEqual({ name: "api down", statusPages: null });
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
  });
});

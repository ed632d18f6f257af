import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createServiceByGraphql } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const CREATE_PAGE = `mutation ($input: StatusPageInput!) { createStatusPage(input: $input) { ... on CreateStatusPageSuccess { data { id } } } }`;

describe(`GraphQL services and status page lists on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;
  const service = (name: string, key?: string) => createServiceByGraphql(gql, name, key);

  it("updates and deletes services, with typed validation errors", async () => {
    const svc = await service("Old name");
    const renamed = await gql(
      `mutation ($id: ID!) { updateService(id: $id, input: { name: "New name" }) { ... on UpdateServiceSuccess { data { id name } } } }`,
      { id: svc.id },
    );
    expect(renamed.body.data.updateService.data).toEqual({ id: svc.id, name: "New name" });
    const invalid = await gql(
      `mutation { createService(input: { name: "  " }) { __typename ... on ValidationError { fieldPaths } } }`,
    );
    expect(invalid.body.data.createService).toEqual({ __typename: "ValidationError", fieldPaths: ["name"] });
    const deleted = await gql(
      `mutation ($id: ID!) { deleteService(id: $id) { ... on DeleteServiceSuccess { data { deletedId } } } }`,
      { id: svc.id },
    );
    expect(deleted.body.data.deleteService.data.deletedId).toBe(svc.id);
    expect((await gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: svc.id })).body.data.node).toBeNull();
  });

  it("walks status pages and services forwards and backwards, with the cursors of REST's nextId", async () => {
    const other = await t.newAccount();
    const names: string[] = [];
    for (let i = 0; i < 7; i++) {
      await gql(CREATE_PAGE, { input: { name: `w${i}`, url: `walk-${i}` } }, other.apiKey);
      await service(`s${i}`, other.apiKey);
      names.unshift(`w${i}`);
    }
    for (const [list, prefix] of [
      ["statusPages", "w"],
      ["services", "s"],
    ] as const) {
      const query = `query ($first: Int, $after: String, $last: Int, $before: String) {
        ${list}(first: $first, after: $after, last: $last, before: $before) { edges { cursor node { name } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
      }`;
      const forward: string[] = [];
      for (let after: string | null = null; ; ) {
        const page: any = (await gql(query, { first: 3, after }, other.apiKey)).body.data[list];
        forward.push(...page.edges.map((e: any) => e.node.name));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(forward).toEqual(names.map((name) => name.replace("w", prefix)));
      const backward: string[] = [];
      for (let before: string | null = null; ; ) {
        const page: any = (await gql(query, { last: 3, before }, other.apiKey)).body.data[list];
        backward.unshift(...page.edges.map((e: any) => e.node.name));
        if (!page.pageInfo.hasPreviousPage) break;
        before = page.pageInfo.startCursor;
      }
      expect(backward).toEqual(forward);
    }

    const rest = restClient(t.url, other.apiKey);
    const firstThree: any = (await gql(`{ statusPages(first: 3) { pageInfo { endCursor } } }`, {}, other.apiKey)).body
      .data.statusPages;
    const restPage = await rest.get("/v1/status-pages?limit=3");
    expect(restPage.body.nextId).toBe(firstThree.pageInfo.endCursor);
    const next = await rest.get(`/v1/status-pages?limit=3&nextId=${firstThree.pageInfo.endCursor}`);
    expect(next.body.entries.map((page: { name: string }) => page.name)).toEqual(names.slice(3, 6));
  });
});

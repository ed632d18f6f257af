import { beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const CHECKS = `query ($first: Int) {
  checks(first: $first) { edges { node { name group { id name checks(first: 3) { edges { node { name group { name } } } pageInfo { hasNextPage } } } } } }
}`;
const GROUPS = `query ($first: Int) {
  checkGroups(first: $first) { edges { node { name checks(first: 2) { edges { node { name ... on ApiCheck { request { url } } } } pageInfo { hasNextPage endCursor } } } } }
}`;

/** Check.group and CheckGroup.checks load through per-request loaders: the statement count does not grow with the list. */
describe(`GraphQL check batching on ${testProvider}`, () => {
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  let key: string;
  const statements: string[] = [];
  /** Five groups, each with three API checks, created group by group, a second apart. */
  const groups = ["alpha", "beta", "gamma", "delta", "epsilon"];

  async function count(query: string, variables: Record<string, unknown>) {
    statements.length = 0;
    const { body } = await graphql(t.url, query, bearer(key), variables);
    expect(body.errors).toBeUndefined();
    // The key lookup (cached for a few seconds by the authenticator) is not the query's own work.
    const own = statements.filter(
      (sql) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(sql.trim()) && !/["`]ApiKey["`]/.test(sql),
    );
    return { body, statements: own.length };
  }

  beforeAll(async () => {
    const account = await t.newAccount("Batching");
    key = account.apiKey;
    const rest = restClient(t.url, key);
    const db = t.db;
    let second = 0;
    for (const name of groups) {
      const group = await rest.post("/v1/check-groups", { name });
      await db.checkGroup.update({
        where: { id: group.body.id },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second++)) },
      });
      for (let i = 0; i < 3; i++) {
        const check = await rest.post("/v1/checks/api", {
          name: `${name}-${i}`,
          groupId: group.body.id,
          request: { method: "GET", url: `https://${name}.example.com/${i}` },
        });
        await db.check.update({
          where: { id: check.body.id },
          data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second++)) },
        });
      }
    }
  });

  it("loads the groups of 2 or 15 checks, and each group's first checks, in the same number of statements", async () => {
    const few = await count(CHECKS, { first: 2 });
    const many = await count(CHECKS, { first: 15 });
    expect(many.statements).toBe(few.statements);
    // checks, groups, the groups' checks: one query each, plus one for the subscriptions of each row set.
    expect(many.statements).toBe(6);

    const edges = many.body.data.checks.edges.map((e: any) => e.node);
    expect(edges.map((n: any) => n.name)).toEqual(groups.flatMap((g) => [0, 1, 2].map((i) => `${g}-${i}`)).reverse());
    for (const node of edges) {
      const group = node.name.split("-")[0];
      expect(node.group.name).toBe(group);
      expect(node.group.checks.edges.map((e: any) => e.node)).toEqual(
        [2, 1, 0].map((i) => ({ name: `${group}-${i}`, group: { name: group } })),
      );
      expect(node.group.checks.pageInfo.hasNextPage).toBe(false);
    }
  });

  it("pages the checks of 1 or 5 groups in the same number of statements, and each group's next page continues where it stopped", async () => {
    const one = await count(GROUPS, { first: 1 });
    const five = await count(GROUPS, { first: 5 });
    expect(five.statements).toBe(one.statements);
    expect(five.statements).toBe(4);

    const nodes = five.body.data.checkGroups.edges.map((e: any) => e.node);
    expect(nodes.map((n: any) => n.name)).toEqual([...groups].reverse());
    for (const group of nodes) {
      expect(group.checks.edges.map((e: any) => e.node)).toEqual(
        [2, 1].map((i) => ({ name: `${group.name}-${i}`, request: { url: `https://${group.name}.example.com/${i}` } })),
      );
      expect(group.checks.pageInfo.hasNextPage).toBe(true);
    }
    // The next page of one group, by its cursor: the check left, with no page after it.
    const rest = await graphql(
      t.url,
      `query ($after: String) { checkGroups(first: 1) { edges { node { name checks(first: 2, after: $after) { edges { node { name } } pageInfo { hasNextPage hasPreviousPage } } } } } }`,
      bearer(key),
      { after: nodes[0].checks.pageInfo.endCursor },
    );
    expect(rest.body.data.checkGroups.edges[0].node.checks).toEqual({
      edges: [{ node: { name: "epsilon-0" } }],
      pageInfo: { hasNextPage: false, hasPreviousPage: true },
    });
  });
});

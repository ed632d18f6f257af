import { beforeAll, describe, expect, it } from "vitest";
import { bearer, graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const CHECKS = `query ($first: Int) {
  checks(first: $first) { edges { node { name alertChannelSubscriptions { activated alertChannel { databaseId type subscriptions { checkId } } } } } }
}`;
const GROUPS = `query ($first: Int) {
  checkGroups(first: $first) { edges { node { name alertChannelSubscriptions { alertChannel { databaseId } } } } }
}`;
const CHANNELS = `query ($first: Int) {
  alertChannels(first: $first) { edges { node { databaseId config { __typename } subscriptions { check { name } group { name } } } } }
}`;

/** Subscriptions link to their channel, and channels to their checks and groups, through per-request loaders. */
describe(`GraphQL alert channel batching on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  let key: string;

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
    const account = await t.newAccount("Channel batching");
    key = account.apiKey;
    const rest = restClient(t.url, key);
    for (let i = 0; i < 4; i++)
      await rest.post("/v1/alert-channels", { type: "EMAIL", config: { address: `${i}@example.com` } });
    // Every check and group is subscribed to the four channels (autoAssignAlerts).
    for (let i = 0; i < 6; i++) {
      const group = await rest.post("/v1/check-groups", { name: `g${i}` });
      await rest.post("/v1/checks/api", {
        name: `c${i}`,
        groupId: group.body.id,
        request: { method: "GET", url: `https://example.com/${i}` },
      });
    }
  });

  it("loads the channels of 1 or 6 checks' subscriptions in the same number of statements", async () => {
    const few = await count(CHECKS, { first: 1 });
    const many = await count(CHECKS, { first: 6 });
    expect(many.statements).toBe(few.statements);
    // checks, their subscriptions, the channels, the channels' subscriptions.
    expect(many.statements).toBe(4);
    for (const edge of many.body.data.checks.edges)
      expect(edge.node.alertChannelSubscriptions.map((s: any) => s.alertChannel.type)).toEqual([
        "EMAIL",
        "EMAIL",
        "EMAIL",
        "EMAIL",
      ]);
  });

  it("loads the channels of 1 or 6 groups' subscriptions in the same number of statements", async () => {
    const few = await count(GROUPS, { first: 1 });
    const many = await count(GROUPS, { first: 6 });
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBe(4);
  });

  it("loads the checks and groups of 1 or 4 channels' subscriptions in the same number of statements", async () => {
    const few = await count(CHANNELS, { first: 1 });
    const many = await count(CHANNELS, { first: 4 });
    expect(many.statements).toBe(few.statements);
    for (const edge of many.body.data.alertChannels.edges) expect(edge.node.subscriptions).toHaveLength(12);
  });
});

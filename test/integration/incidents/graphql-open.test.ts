import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createServiceByGraphql } from "../../support/index.js";

const CREATE = `mutation ($input: CreateIncidentInput!) { createIncident(input: $input) { ... on CreateIncidentSuccess { data { id } } } }`;
const LIST = `query ($open: Boolean, $first: Int) { incidents(first: $first, open: $open) { edges { node { name lastUpdateStatus } } pageInfo { hasNextPage } } }`;

describe(`Query.incidents(open:) on ${testProvider}`, () => {
  const t = useTestApp();
  const gql = t.gql;

  it("finds an open incident behind 25 newer resolved ones, and never another account's", async () => {
    const [mine, theirs] = [await t.newAccount(), await t.newAccount()];
    const create = async (key: string, name: string, incidentUpdates: Record<string, unknown>[]) => {
      const service = await createServiceByGraphql(gql, `s-${name}`, key);
      const res = await gql(
        CREATE,
        { input: { name, severity: "MINOR", services: [{ id: service.id }], incidentUpdates } },
        key,
      );
      expect(res.body.data.createIncident.data.id).toBeTruthy();
    };
    await create(mine.apiKey, "open-old", [{ description: "looking" }]);
    // Resolved, then re-opened by a later update: its latest update decides.
    await create(mine.apiKey, "reopened", [
      { description: "done", status: "RESOLVED", publicIncidentUpdateDate: "2026-01-01T00:00:00Z" },
      { description: "again", status: "INVESTIGATING", publicIncidentUpdateDate: "2026-01-02T00:00:00Z" },
    ]);
    for (let i = 0; i < 25; i++) await create(mine.apiKey, `resolved-${i}`, [{ description: "d", status: "RESOLVED" }]);
    await create(theirs.apiKey, "foreign-open", [{ description: "theirs" }]);

    const names = async (key: string, open: boolean | null, first = 20) => {
      const res = await gql(LIST, { open, first }, key);
      expect(res.body.errors).toBeUndefined();
      return res.body.data.incidents.edges.map((edge: { node: { name: string } }) => edge.node.name);
    };
    // Unfiltered, the first 20 are all resolved: a client filtering them would miss both open ones.
    expect((await names(mine.apiKey, null)).filter((name: string) => !name.startsWith("resolved-"))).toEqual([]);
    expect(await names(mine.apiKey, true)).toEqual(["reopened", "open-old"]);
    const resolved = await names(mine.apiKey, false, 100);
    expect(resolved).toHaveLength(25);
    expect(resolved[0]).toBe("resolved-24");
    expect(await names(theirs.apiKey, true)).toEqual(["foreign-open"]);
    expect(await names(theirs.apiKey, false)).toEqual([]);
  });
});

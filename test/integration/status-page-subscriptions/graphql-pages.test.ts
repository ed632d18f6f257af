// StatusPage.subscriptionConnection (issue 30: every list of the app paginated on the server):
// newest first, a page at a time, for the page's owner alone.
import { describe, expect, it } from "vitest";
import { graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService, createStatusPage } from "../../support/index.js";

const BULK = `mutation($statusPageId: ID!, $subscriptions: [StatusPageSubscriptionInput!]!) {
  bulkCreateStatusPageSubscriptions(statusPageId: $statusPageId, subscriptions: $subscriptions, autoVerify: true) {
    __typename
  }
}`;
const PAGE = `query($url: String!, $after: String) { publicStatusPage(url: $url) {
  subscriptionConnection(first: 2, after: $after) { edges { node { address status } } pageInfo { hasNextPage endCursor } }
} }`;

describe(`GraphQL StatusPage.subscriptionConnection on ${testProvider}`, () => {
  const t = useTestApp();

  it("pages through the owner's subscribers newest first; anyone else reads null", async () => {
    const service = await createService(t.api, "Subscribed");
    const page = await createStatusPage(t.api, [service.id]);
    for (const address of ["a@example.com", "b@example.com", "c@example.com"]) {
      const made = await t.gql(BULK, { statusPageId: page.id, subscriptions: [{ type: "EMAIL", config: address }] });
      expect(made.body.data.bulkCreateStatusPageSubscriptions.__typename).toBe(
        "BulkCreateStatusPageSubscriptionsSuccess",
      );
    }
    const first = await t.gql(PAGE, { url: page.url });
    expect(first.body.errors).toBeUndefined();
    const connection = first.body.data.publicStatusPage.subscriptionConnection;
    expect(connection.edges.map((e: { node: { address: string } }) => e.node.address)).toEqual([
      "c@example.com",
      "b@example.com",
    ]);
    expect(connection.pageInfo.hasNextPage).toBe(true);
    const second = await t.gql(PAGE, { url: page.url, after: connection.pageInfo.endCursor });
    expect(second.body.data.publicStatusPage.subscriptionConnection).toEqual({
      edges: [{ node: { address: "a@example.com", status: "VERIFIED" } }],
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
    });

    // A visitor: the page, with this field null and UNAUTHENTICATED; another account's key: null.
    const visitor = await graphql(t.url, PAGE, {}, { url: page.url });
    expect(visitor.body.data.publicStatusPage).toEqual({ subscriptionConnection: null });
    expect(visitor.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const stranger = await t.gql(PAGE, { url: page.url }, (await t.newAccount()).apiKey);
    expect(stranger.body.data.publicStatusPage).toEqual({ subscriptionConnection: null });
  });
});

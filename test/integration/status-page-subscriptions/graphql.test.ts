// Subscribers through GraphQL: StatusPage.subscriptions, the bulk and delete mutations, tenant
// isolation, visitors refused, and addIncidentUpdate with notifySubscribers queueing one
// notification per VERIFIED subscriber in the outbox (the same domain path as REST).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createService } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";

const slug = () => `gqls-${randomBytes(4).toString("hex")}`;

const BULK = `mutation($statusPageId: ID!, $subscriptions: [StatusPageSubscriptionInput!]!, $autoVerify: Boolean) {
  bulkCreateStatusPageSubscriptions(statusPageId: $statusPageId, subscriptions: $subscriptions, autoVerify: $autoVerify) {
    __typename
    ... on BulkCreateStatusPageSubscriptionsSuccess { data { created skipped status } }
    ... on ValidationError { message fieldPaths }
    ... on NotFoundError { message }
  }
}`;
const SUBSCRIPTIONS = `query($id: ID!) { node(id: $id) { ... on StatusPage { subscriptions { id type address status } } } }`;

describe(`GraphQL status page subscriptions on ${testProvider}`, () => {
  const t = useTestApp();

  it("creates, lists, deletes; isolates accounts; refuses visitors; queues notifications for verified subscribers", async () => {
    const service = await createService(t.api, `svc-${slug()}`);
    const page = (
      await t.api.post("/v1/status-pages", {
        name: "G",
        url: slug(),
        cards: [{ name: "c", services: [{ id: service.id }] }],
      })
    ).body as { id: string; url: string };
    const pageGid = globalId("StatusPage", page.id);
    const created = await t.gql(BULK, {
      statusPageId: pageGid,
      subscriptions: [
        { type: "EMAIL", config: "a@example.com" },
        { type: "WEBHOOK", config: "https://hooks.example.com/g" },
      ],
      autoVerify: true,
    });
    expect(created.body.data.bulkCreateStatusPageSubscriptions).toEqual({
      __typename: "BulkCreateStatusPageSubscriptionsSuccess",
      data: { created: 2, skipped: 0, status: "VERIFIED" },
    });
    await t.gql(BULK, { statusPageId: page.id, subscriptions: [{ type: "EMAIL", config: "pending@example.com" }] });
    const bad = await t.gql(BULK, { statusPageId: pageGid, subscriptions: [{ type: "EMAIL", config: "nope" }] });
    expect(bad.body.data.bulkCreateStatusPageSubscriptions).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: ["subscriptions.0.config"],
    });

    const listed = await t.gql(SUBSCRIPTIONS, { id: pageGid });
    const subscriptions = listed.body.data.node.subscriptions as { id: string; address: string; status: string }[];
    expect(subscriptions.map((s) => [s.address, s.status])).toEqual([
      ["a@example.com", "VERIFIED"],
      ["https://hooks.example.com/g", "VERIFIED"],
      ["pending@example.com", "PENDING"],
    ]);

    // Another account: not found on writes, nothing to read.
    const other = await t.newAccount();
    const foreign = await t.gql(
      BULK,
      { statusPageId: pageGid, subscriptions: [{ type: "EMAIL", config: "x@example.com" }] },
      other.apiKey,
    );
    expect(foreign.body.data.bulkCreateStatusPageSubscriptions.__typename).toBe("NotFoundError");
    const foreignDelete = await t.gql(
      `mutation($p: ID!, $id: ID!) { deleteStatusPageSubscription(statusPageId: $p, id: $id) { __typename } }`,
      { p: pageGid, id: subscriptions[0]!.id },
      other.apiKey,
    );
    expect(foreignDelete.body.data.deleteStatusPageSubscription.__typename).toBe("NotFoundError");
    // A visitor (no key) reading a public page never sees its subscribers.
    const anonymous = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ publicStatusPage(url: "${page.url}") { name subscriptions { address } } }` }),
    });
    const anonymousBody = await anonymous.json();
    expect(JSON.stringify(anonymousBody)).not.toContain("example.com");
    expect(anonymousBody.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    // addIncidentUpdate with notifySubscribers: one outbox row per VERIFIED subscriber.
    const incident = (
      await t.api.post("/v1/status-pages/incidents", {
        name: "Down",
        severity: "MINOR",
        services: [{ id: service.id }],
        incidentUpdates: [{ description: "start" }],
      })
    ).body as { id: string };
    const outbox = () => t.db.alertNotification.findMany({ where: { statusPageId: page.id } });
    const before = (await outbox()).length;
    const added = await t.gql(
      `mutation($id: ID!, $input: IncidentUpdateInput!) { addIncidentUpdate(incidentId: $id, input: $input) { __typename } }`,
      { id: incident.id, input: { description: "Quiet" } },
    );
    expect(added.body.data.addIncidentUpdate.__typename).toBe("AddIncidentUpdateSuccess");
    expect(await outbox()).toHaveLength(before);
    await t.gql(
      `mutation($id: ID!, $input: IncidentUpdateInput!) { addIncidentUpdate(incidentId: $id, input: $input) { __typename } }`,
      { id: incident.id, input: { description: "Loud", notifySubscribers: true } },
    );
    const rows = (await outbox()).slice(before);
    expect(
      rows.map((row) => [row.type, (row.request as { subscriber: { address: string } }).subscriber.address]).sort(),
    ).toEqual([
      ["SUBSCRIBER_EMAIL", "a@example.com"],
      ["SUBSCRIBER_WEBHOOK", "https://hooks.example.com/g"],
    ]);
    // The alert notification lists do not show subscribers' notifications.
    const listedAlerts = (await t.api.get("/v1/alert-notifications?limit=100")).body as { id: string }[];
    expect(listedAlerts.filter((n) => rows.some((row) => row.id === n.id))).toEqual([]);

    const deleted = await t.gql(
      `mutation($p: ID!, $id: ID!) { deleteStatusPageSubscription(statusPageId: $p, id: $id) { __typename ... on DeleteStatusPageSubscriptionSuccess { data } } }`,
      { p: pageGid, id: subscriptions[0]!.id },
    );
    expect(deleted.body.data.deleteStatusPageSubscription).toEqual({
      __typename: "DeleteStatusPageSubscriptionSuccess",
      data: true,
    });
    expect((await t.gql(SUBSCRIPTIONS, { id: pageGid })).body.data.node.subscriptions).toHaveLength(2);
  });
});

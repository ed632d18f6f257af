import { randomUUID } from "node:crypto";
import type { Client } from "graphql-ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { countListeners, subscribeSse, subscribeWs, until, wsClient, type Feed } from "../../support/subscriptions.js";
import { addUpdate, pageWithIncident, renameIncident, createHeartbeatCheck, createCheck } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { bearer, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient, type RestClient } from "../../support/rest.js";

const UPDATES = `subscription ($incidentId: ID, $statusPageId: ID) {
  incidentUpdateAdded(incidentId: $incidentId, statusPageId: $statusPageId) { id description }
}`;
const CHANGES = `subscription ($statusPageId: ID) { incidentChanged(statusPageId: $statusPageId) { id name } }`;
const RESULTS = `subscription ($checkId: ID) { checkResultRecorded(checkId: $checkId) { id name } }`;
const HEARTBEATS = `subscription ($checkId: ID!) { heartbeatEventRecorded(checkId: $checkId) { id state } }`;
const VISITOR_UPDATES = `subscription ($statusPageId: ID) {
  incidentUpdateAdded(statusPageId: $statusPageId) { id description incident { id name services { name } } }
}`;
const VISITOR_CHANGES = `subscription ($statusPageId: ID) { incidentChanged(statusPageId: $statusPageId) { id name services { name } } }`;
const code = (result: { errors?: { extensions?: { code?: string } }[] }) =>
  result.errors?.map((error) => error.extensions?.code);

type Tenant = {
  key: string;
  accountId: string;
  api: RestClient;
  client: Client;
  page: Awaited<ReturnType<typeof pageWithIncident>>;
};

describe(`GraphQL subscriptions: accounts and public status pages on ${testProvider}`, () => {
  const t = useTestApp();
  let a: Tenant;
  let b: Tenant;
  let visitor: Client;
  let listeners: () => number;
  const feeds: Feed[] = [];
  const keep = <F extends Feed>(feed: F) => (feeds.push(feed), feed);
  const live = async <F extends Feed>(subscribe: () => F | Promise<F>) => {
    const before = listeners();
    const feed = keep(await subscribe());
    await until(() => listeners() > before, 5_000, "the subscription");
    return feed;
  };
  const tenant = async (key: string, accountId: string, name: string): Promise<Tenant> => {
    const api = restClient(t.url, key);
    return {
      key,
      accountId,
      api,
      client: wsClient(t.url, { connectionParams: { authorization: `Bearer ${key}` } }),
      page: await pageWithIncident(api, name),
    };
  };
  /** Every kind of write of a tenant: an update, an incident change, a check result, a heartbeat ping. */
  const writeAll = async (who: Tenant, label: string) => {
    const check = await createHeartbeatCheck(t, { name: label }, who.accountId);
    await addUpdate(who.api, who.page.incidentId, label);
    await renameIncident(who.api, who.page.incidentId, [who.page.serviceId], label);
    await recordCheckResult({
      ctx: domainContext(t.app.context, who.accountId),
      input: { checkId: check.id, runLocation: "eu-west-1" },
    });
    expect((await fetch(`${t.url}/ping/${check.pingToken}`)).status).toBe(200);
    return check.id;
  };

  beforeAll(async () => {
    listeners = countListeners(t.app.context.events);
    a = await tenant(t.apiKey, t.accountId, "A");
    const other = await t.newAccount("B");
    b = await tenant(other.apiKey, other.accountId, "B");
    visitor = wsClient(t.url);
  });
  afterEach(async () => {
    for (const feed of feeds.splice(0)) feed.close();
    await until(() => listeners() === 0, 5_000, "every listener given back");
  });
  afterAll(async () => {
    await Promise.all([a.client.dispose(), b.client.dispose(), visitor.dispose()]);
  });

  it("never delivers another account's events, over graphql-ws and SSE", async () => {
    const sse = (query: string) => live(() => subscribeSse(t.url, query, undefined, bearer(a.key)));
    const feeds = [
      await live(() => subscribeWs(a.client, UPDATES)),
      await sse(UPDATES),
      await live(() => subscribeWs(a.client, CHANGES)),
      await sse(CHANGES),
    ];
    const results = [await live(() => subscribeWs(a.client, RESULTS)), await sse(RESULTS)];
    await writeAll(b, "B's write");
    await writeAll(a, "A's write");
    const heard = async (feed: Feed) =>
      Object.values((await feed.next()).data)[0] as { name?: string; description?: string };
    for (const feed of feeds) expect(Object.values(await heard(feed))).toContain("A's write");
    for (const feed of results) expect((await heard(feed)).name).toBe("A's write");
    // A's writes came after B's: had B's reached A, they would have arrived first.
    expect([...feeds, ...results].map((feed) => feed.received.length)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("answers NOT_FOUND for a filter naming another account's object", async () => {
    const check = await createCheck(t, { checkType: "HEARTBEAT", name: "theirs", locations: [] }, b.accountId);
    const attempts = [
      [UPDATES, { incidentId: globalId("Incident", b.page.incidentId) }],
      [UPDATES, { statusPageId: globalId("StatusPage", b.page.pageId) }],
      [CHANGES, { statusPageId: globalId("StatusPage", b.page.pageId) }],
      [HEARTBEATS, { checkId: globalId("HeartbeatCheck", check.id) }],
      [RESULTS, { checkId: globalId("HeartbeatCheck", check.id) }],
    ] as const;
    for (const [query, variables] of attempts) {
      const overWs = keep(subscribeWs(a.client, query, variables));
      expect(code(await overWs.next())).toEqual(["NOT_FOUND"]);
      expect(await overWs.ended).toEqual({});
      const overSse = keep(await subscribeSse(t.url, query, variables, bearer(a.key)));
      expect(code(await overSse.next())).toEqual(["NOT_FOUND"]);
      expect(await overSse.ended).toEqual({});
    }
  });

  it("lets a visitor without a key follow a public page's incidents, as the page shows them, and nothing else", async () => {
    const sibling = await pageWithIncident(a.api, "Sibling");
    const variables = { statusPageId: globalId("StatusPage", a.page.pageId) };
    const updates = [
      await live(() => subscribeWs(visitor, VISITOR_UPDATES, variables)),
      await live(() => subscribeSse(t.url, VISITOR_UPDATES, variables)),
    ];
    const changes = await live(() => subscribeSse(t.url, VISITOR_CHANGES, variables));
    await addUpdate(a.api, sibling.incidentId, "on another page");
    await addUpdate(b.api, b.page.incidentId, "of another account");
    await renameIncident(a.api, sibling.incidentId, [sibling.serviceId], "another page's incident");
    // The incident also names the sibling page's service: the visitor sees only the service of its page.
    await renameIncident(a.api, a.page.incidentId, [a.page.serviceId, sibling.serviceId], "the visitor's incident");
    const update = await addUpdate(a.api, a.page.incidentId, "on the visitor's page");
    const incident = {
      id: globalId("Incident", a.page.incidentId),
      name: "the visitor's incident",
      services: [{ name: "A service" }],
    };
    expect(await changes.next()).toEqual({ data: { incidentChanged: incident } });
    for (const feed of updates) {
      expect(await feed.next()).toEqual({
        data: {
          incidentUpdateAdded: {
            id: globalId("IncidentUpdate", update.id),
            description: "on the visitor's page",
            incident,
          },
        },
      });
    }
    expect([...updates, changes].map((feed) => feed.received.length)).toEqual([1, 1, 1]);
  });

  it("refuses a visitor without a key (UNAUTHENTICATED) anything but a public page's incident events", async () => {
    const secret = await pageWithIncident(a.api, "Secret");
    await t.db.statusPage.update({ where: { id: secret.pageId }, data: { isPrivate: true } });
    const refused = [
      [UPDATES, { statusPageId: globalId("StatusPage", secret.pageId) }],
      [CHANGES, { statusPageId: globalId("StatusPage", secret.pageId) }],
      [UPDATES, { statusPageId: globalId("StatusPage", randomUUID()) }],
      [UPDATES, { incidentId: globalId("Incident", a.page.incidentId) }],
      [CHANGES, {}],
      [RESULTS, {}],
      [HEARTBEATS, { checkId: globalId("HeartbeatCheck", randomUUID()) }],
    ] as const;
    for (const [query, variables] of refused) {
      expect(code(await keep(subscribeWs(visitor, query, variables)).next())).toEqual(["UNAUTHENTICATED"]);
      expect(code(await keep(await subscribeSse(t.url, query, variables)).next())).toEqual(["UNAUTHENTICATED"]);
    }
  });

  it("ends a visitor's stream when the page turns private, without delivering the event", async () => {
    const page = await pageWithIncident(a.api, "Turning");
    const feed = await live(() => subscribeSse(t.url, UPDATES, { statusPageId: globalId("StatusPage", page.pageId) }));
    await t.db.statusPage.update({ where: { id: page.pageId }, data: { isPrivate: true } });
    await addUpdate(a.api, page.incidentId, "no longer public");
    expect(await feed.ended).toEqual({});
    expect(feed.received).toEqual([]);
  });
});

import type { Client } from "graphql-ws";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { countListeners, subscribeSse, subscribeWs, until, wsClient, type Feed } from "../../support/subscriptions.js";
import {
  addIncident,
  addUpdate,
  pageWithIncident,
  renameIncident,
  createCheck,
  createHeartbeatCheck,
} from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { bearer, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const UPDATES = `subscription ($incidentId: ID, $statusPageId: ID) {
  incidentUpdateAdded(incidentId: $incidentId, statusPageId: $statusPageId) { id description status }
}`;
const CHANGES = `subscription ($statusPageId: ID) { incidentChanged(statusPageId: $statusPageId) { id name } }`;
const RESULTS = `subscription ($checkId: ID, $hasFailures: Boolean) { checkResultRecorded(checkId: $checkId, hasFailures: $hasFailures) { id name hasFailures } }`;
const HEARTBEATS = `subscription ($checkId: ID!) { heartbeatEventRecorded(checkId: $checkId) { id state } }`;

describe(`GraphQL subscriptions over graphql-ws and SSE on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let client: Client;
  let fixture: Awaited<ReturnType<typeof pageWithIncident>>;
  const feeds: Feed[] = [];
  let listeners: () => number;
  /** Resolves once the server holds the subscription's bus listener: a write before that would be missed. */
  const live = async <F extends Feed>(subscribe: () => F | Promise<F>) => {
    const before = listeners();
    const feed = await subscribe();
    feeds.push(feed);
    await until(() => listeners() > before, 5_000, "the subscription");
    return feed;
  };
  const ws = (query: string, variables?: Record<string, unknown>, c = client) =>
    live(() => subscribeWs(c, query, variables));
  const sse = (query: string, variables?: Record<string, unknown>, key = t.apiKey) =>
    live(() => subscribeSse(t.url, query, variables, bearer(key)));

  beforeAll(async () => {
    listeners = countListeners(t.app.context.events);
    client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    fixture = await pageWithIncident(api);
  });
  afterEach(async () => {
    for (const feed of feeds.splice(0)) feed.close();
    await until(() => listeners() === 0, 5_000, "every listener given back");
  });
  afterAll(async () => {
    await client.dispose();
  });

  it("delivers an incident update added through REST to a graphql-ws subscriber, with the payload's exact shape", async () => {
    const feed = await ws(UPDATES, { incidentId: globalId("Incident", fixture.incidentId) });
    const update = await addUpdate(api, fixture.incidentId, "Fix deployed", "MONITORING");
    expect(await feed.next()).toEqual({
      data: {
        incidentUpdateAdded: {
          id: globalId("IncidentUpdate", update.id),
          description: "Fix deployed",
          status: "MONITORING",
        },
      },
    });
  });

  it("delivers the same over SSE (accept: text/event-stream)", async () => {
    const feed = await sse(UPDATES, { statusPageId: globalId("StatusPage", fixture.pageId) });
    expect(feed.status).toBe(200);
    expect(feed.contentType).toContain("text/event-stream");
    const update = await addUpdate(api, fixture.incidentId, "Resolved", "RESOLVED");
    expect(await feed.next()).toEqual({
      data: {
        incidentUpdateAdded: { id: globalId("IncidentUpdate", update.id), description: "Resolved", status: "RESOLVED" },
      },
    });
  });

  it("filters incident updates by incident and by status page", async () => {
    const other = await pageWithIncident(api, "Billing");
    const byIncident = await ws(UPDATES, { incidentId: globalId("Incident", fixture.incidentId) });
    const byPage = await ws(UPDATES, { statusPageId: globalId("StatusPage", other.pageId) });
    const everything = await ws(UPDATES);
    const theirs = await addUpdate(api, other.incidentId, "Billing degraded");
    const ours = await addUpdate(api, fixture.incidentId, "Still watching");
    const description = (result: { data?: any }) => result.data.incidentUpdateAdded.description;
    expect(description(await byIncident.next())).toBe(ours.description);
    expect(description(await byPage.next())).toBe(theirs.description);
    expect([description(await everything.next()), description(await everything.next())]).toEqual([
      theirs.description,
      ours.description,
    ]);
    // Each filtered feed heard exactly one of the two writes.
    expect([byIncident.received.length, byPage.received.length]).toEqual([1, 1]);
  });

  it("sends incidentChanged for the incidents of the page filtered on, as they are after the change", async () => {
    const other = await pageWithIncident(api, "Search");
    const feed = await ws(CHANGES, { statusPageId: globalId("StatusPage", fixture.pageId) });
    await renameIncident(api, other.incidentId, [other.serviceId], "Search is slow");
    const second = await addIncident(api, fixture.serviceId, "API errors");
    await renameIncident(api, second.id, [fixture.serviceId], "API errors (EU)");
    // The payload is the incident as loaded when the event is delivered (once per event), so the
    // create's event may already show the rename that committed meanwhile; the last shows it.
    const [created, renamed] = [await feed.next(), await feed.next()];
    expect(created.data.incidentChanged.id).toBe(globalId("Incident", second.id));
    expect(["API errors", "API errors (EU)"]).toContain(created.data.incidentChanged.name);
    expect(renamed).toEqual({
      data: { incidentChanged: { id: globalId("Incident", second.id), name: "API errors (EU)" } },
    });
    expect(feed.received).toHaveLength(2);
  });

  it("sends heartbeat events of the check caused by a REST ping", async () => {
    const make = (name: string) => createHeartbeatCheck(t, { name });
    const [watched, other] = [await make("nightly backup"), await make("hourly sync")];
    const feed = await ws(HEARTBEATS, { checkId: globalId("HeartbeatCheck", watched.id) });
    expect((await fetch(`${t.url}/ping/${other.pingToken}`)).status).toBe(200);
    expect((await fetch(`${t.url}/ping/${watched.pingToken}`)).status).toBe(200);
    const [event] = await t.db.heartbeatEvent.findMany({ where: { checkId: watched.id } });
    expect(await feed.next()).toEqual({
      data: { heartbeatEventRecorded: { id: globalId("HeartbeatEvent", event!.id), state: "RECEIVED" } },
    });
    expect(feed.received).toHaveLength(1);
  });

  it("filters check results by check and by hasFailures, over both transports", async () => {
    const make = (name: string) => createCheck(t, { name });
    const [a, b] = [await make("login"), await make("search")];
    const record = (checkId: string, hasFailures: boolean) =>
      recordCheckResult({
        ctx: domainContext(t.app.context, t.accountId),
        input: { checkId, runLocation: "eu-west-1", hasFailures },
      });
    const failuresOfA = await ws(RESULTS, { checkId: globalId("ApiCheck", a.id), hasFailures: true });
    const passesOverSse = await sse(RESULTS, { hasFailures: false });
    const allOfB = await ws(RESULTS, { checkId: globalId("ApiCheck", b.id) });
    const results = [
      await record(a.id, false),
      await record(b.id, true),
      await record(a.id, true),
      await record(b.id, false),
    ];
    const ids = (feed: Feed) => feed.received.map((r) => r.data.checkResultRecorded.id);
    await Promise.all([failuresOfA.next(), passesOverSse.next(), passesOverSse.next(), allOfB.next(), allOfB.next()]);
    expect(failuresOfA.received[0]).toEqual({
      data: { checkResultRecorded: { id: globalId("CheckResult", results[2]!.id), name: "login", hasFailures: true } },
    });
    expect(ids(passesOverSse)).toEqual([results[0]!.id, results[3]!.id].map((id) => globalId("CheckResult", id)));
    expect(ids(allOfB)).toEqual([results[1]!.id, results[3]!.id].map((id) => globalId("CheckResult", id)));
    expect(failuresOfA.received).toHaveLength(1);
  });

  it("authenticates a WebSocket by the upgrade request's header, and closes it with 4403 for a wrong key", async () => {
    const byHeader = wsClient(t.url, { headers: bearer(t.apiKey) });
    const feed = await ws(UPDATES, { incidentId: globalId("Incident", fixture.incidentId) }, byHeader);
    const update = await addUpdate(api, fixture.incidentId, "Header auth works");
    expect((await feed.next()).data.incidentUpdateAdded.id).toBe(globalId("IncidentUpdate", update.id));
    await byHeader.dispose();

    for (const wrong of [
      { connectionParams: { authorization: "Bearer vg_not_a_key_0123456789" } },
      { headers: bearer("vg_not_a_key_0123456789") },
    ]) {
      const refused = wsClient(t.url, wrong);
      const { error } = await subscribeWs(refused, UPDATES).ended;
      expect((error as { code?: number }).code).toBe(4403);
      await refused.dispose();
    }
  });
});

import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countListeners, subscribeSse, subscribeWs, until, wsClient, type Feed } from "../../support/subscriptions.js";
import { rawSubscriber } from "../../support/raw-subscriber.js";
import { addIncident, addUpdate, pageWithIncident, renameIncident } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { createInProcessBus, type VigilEvent } from "../../../src/events/bus.js";
import { eventStream } from "../../../src/events/event-stream.js";
import { bearer, startTestApp, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const UPDATES = `subscription ($incidentId: ID) { incidentUpdateAdded(incidentId: $incidentId) { id description } }`;
const CHANGES = `subscription { incidentChanged { id name } }`;

describe(`GraphQL subscriptions: teardown and shared loads on ${testProvider}`, () => {
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const api = t.api;
  let client: Client;
  let listeners: () => number;
  let fixture: Awaited<ReturnType<typeof pageWithIncident>>;
  const statements: string[] = [];
  const variables = () => ({ incidentId: globalId("Incident", fixture.incidentId) });
  const live = async <F>(subscribe: () => F | Promise<F>, count = 1) => {
    const before = listeners();
    const feed = await subscribe();
    await until(() => listeners() >= before + count, 5_000, "the subscription");
    return feed;
  };

  beforeAll(async () => {
    listeners = countListeners(t.app.context.events);
    client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    fixture = await pageWithIncident(api);
  });
  afterAll(async () => {
    await client.dispose();
  });

  it("gives the bus listener back on unsubscribe, on a socket closed or killed, and on an SSE client gone", async () => {
    const baseline = listeners();
    const back = () => until(() => listeners() === baseline, 5_000, "the listener count back to its value before");

    const unsubscribed = await live(() => subscribeWs(client, UPDATES, variables()));
    unsubscribed.close(); // graphql-ws `complete` from the client, the socket stays open
    await back();

    const other = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    await live(() => Promise.all(Array.from({ length: 5 }, () => subscribeWs(other, UPDATES, variables()))), 5);
    await other.dispose(); // a clean close with five subscriptions on the socket
    await back();

    const sockets = await live(
      () =>
        Promise.all(
          Array.from({ length: 5 }, () =>
            rawSubscriber(t.url, {
              authorization: `Bearer ${t.apiKey}`,
              query: UPDATES,
              variables: variables(),
              onMessage: () => {},
            }),
          ),
        ),
      5,
    );
    for (const socket of sockets) socket.terminate(); // no close frame: the TCP connection just ends
    await back();

    const streams = await live(
      () => Promise.all(Array.from({ length: 5 }, () => subscribeSse(t.url, UPDATES, variables(), bearer(t.apiKey)))),
      5,
    );
    for (const stream of streams) stream.close();
    await back();
  });

  it("loads an event's payload once, whatever the number of subscribers", async () => {
    const deliveredTo = async (count: number) => {
      const feeds = await live(
        () => Promise.all(Array.from({ length: count }, () => subscribeWs(client, UPDATES, variables()))),
        count,
      );
      statements.length = 0;
      await addUpdate(api, fixture.incidentId, `to ${count}`);
      for (const feed of feeds) expect((await feed.next()).data.incidentUpdateAdded.description).toBe(`to ${count}`);
      const spent = statements.length;
      for (const feed of feeds) feed.close();
      await until(() => listeners() === 0);
      return spent;
    };
    const one = await deliveredTo(1);
    expect(await deliveredTo(40)).toBe(one);
  });

  it("loads an update's incident only for selections that ask for it, once per event for them all", async () => {
    const incidentOf = (selection: string) =>
      `subscription ($incidentId: ID) { incidentUpdateAdded(incidentId: $incidentId) { id ${selection} } }`;
    const spentOn = async (selections: string[]) => {
      const feeds = await live(() => Promise.all(selections.map((s) => subscribeWs(client, s, variables()))), 1);
      await until(() => listeners() === selections.length);
      statements.length = 0;
      await addUpdate(api, fixture.incidentId, `to ${selections.length}`);
      const payloads = await Promise.all(feeds.map((feed) => feed.next()));
      const spent = statements.length;
      for (const feed of feeds) feed.close();
      await until(() => listeners() === 0);
      return { spent, payloads: payloads.map((payload) => payload.data.incidentUpdateAdded) };
    };
    const without = await spentOn([incidentOf("description")]);
    const one = await spentOn([incidentOf("incident { name }")]);
    const three = await spentOn([
      incidentOf("incident { name }"),
      incidentOf("incident { id severity }"),
      incidentOf("description incident { name services { name } }"),
    ]);
    expect(without.payloads[0].description).toBe("to 1");
    expect(one.payloads[0].incident.name).toBe(three.payloads[0].incident.name);
    expect(three.payloads[1].incident).toEqual({ id: globalId("Incident", fixture.incidentId), severity: "MAJOR" });
    expect(three.payloads[2].incident.services).toEqual([{ name: "API service" }]);
    // The incident costs statements of its own, and the same ones for three groups as for one.
    expect(without.spent).toBeLessThan(one.spent);
    expect(three.spent).toBe(one.spent);
  });

  it("skips incidentChanged of a deleted incident (nothing to load), and keeps the stream", async () => {
    const doomed = await addIncident(api, fixture.serviceId, "doomed");
    const feed: Feed = await live(() => subscribeWs(client, CHANGES));
    expect((await api.delete(`/v1/status-pages/incidents/${doomed.id}`)).status).toBe(204);
    await renameIncident(api, fixture.incidentId, [fixture.serviceId], "after the deletion");
    expect(await feed.next()).toEqual({
      data: { incidentChanged: { id: globalId("Incident", fixture.incidentId), name: "after the deletion" } },
    });
    expect(feed.received).toHaveLength(1);
    feed.close();
  });
});

describe(`GraphQL subscriptions at a graceful stop on ${testProvider}`, () => {
  it("ends SSE streams at once with SHUTTING_DOWN, so they do not hold the drain, and closes WebSockets with 1001", async () => {
    const t = await startTestApp({ SHUTDOWN_TIMEOUT_MS: "20000" });
    const listeners = countListeners(t.app.context.events);
    const { incidentId } = await pageWithIncident(restClient(t.url, t.apiKey));
    const client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    const overWs = subscribeWs(client, UPDATES, { incidentId: globalId("Incident", incidentId) });
    const overSse = await subscribeSse(
      t.url,
      UPDATES,
      { incidentId: globalId("Incident", incidentId) },
      bearer(t.apiKey),
    );
    await until(() => listeners() === 2);

    const started = Date.now();
    await t.stop();
    expect(Date.now() - started).toBeLessThan(5_000); // far below the 20 s drain: the SSE request ended
    expect(await overSse.next()).toEqual({
      data: { incidentUpdateAdded: null },
      errors: [
        expect.objectContaining({
          message: expect.stringContaining("shutting down"),
          extensions: { code: "SHUTTING_DOWN" },
        }),
      ],
    });
    expect(await overSse.ended).toEqual({});
    // The WebSocket is closed (1001, going away) rather than its subscription completed, so that a
    // graphql-ws client re-subscribes on its next server.
    expect(((await overWs.ended).error as { code?: number }).code).toBe(1001);
    expect(overWs.received).toEqual([]);
    expect(listeners()).toBe(0);
    await client.dispose();
  });
});

describe("the event stream under a subscriber that does not read", () => {
  it("stops listening past maxPending, delivers what it queued, then its notice, then ends", async () => {
    const bus = createInProcessBus();
    const listeners = countListeners(bus);
    const stream = eventStream<string>(bus, {
      match: (event) => event.type === "checkResultRecorded",
      load: async (event) => (event as Extract<VigilEvent, { type: "checkResultRecorded" }>).checkResultId,
      maxPending: 3,
      notice: (reason) => `notice: ${reason}`,
    });
    for (let i = 1; i <= 5; i++)
      bus.publish({
        type: "checkResultRecorded",
        accountId: "a",
        checkId: "c",
        checkResultId: `r${i}`,
        hasFailures: false,
      });
    expect(listeners()).toBe(0); // the fourth event found the queue full: the stream left the bus
    const values: string[] = [];
    for await (const value of stream) values.push(value);
    expect(values).toEqual(["r1", "r2", "r3", "notice: overflow"]);
  });
});

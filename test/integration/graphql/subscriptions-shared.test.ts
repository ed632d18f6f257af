import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { subscriptionGroups } from "../../../src/graphql/subscriptions/sharing.js";
import { bearer, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { addUpdate, pageWithIncident } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { restClient } from "../../support/rest.js";
import { countListeners, subscribeSse, until } from "../../support/subscriptions.js";

const UPDATES = "subscription ($incidentId: ID) { incidentUpdateAdded(incidentId: $incidentId) { id description } }";
const WITH_STATUS =
  "subscription ($incidentId: ID) { incidentUpdateAdded(incidentId: $incidentId) { id description status } }";

type Frame = { id: string; type: string; payload?: unknown };

/**
 * One graphql-ws socket (no client library) carrying many subscriptions, each with its own id:
 * keeps every frame as sent, so a test can compare payloads byte for byte.
 */
async function socketWith(base: string, apiKey: string) {
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
  const frames: { text: string; frame: Frame }[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () =>
      socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${apiKey}` } })),
    );
    socket.on("message", (data) => {
      const text = data.toString();
      const frame = JSON.parse(text) as Frame;
      if (frame.type === "connection_ack") resolve();
      else frames.push({ text, frame });
    });
  });
  return {
    frames,
    subscribe: (id: string, query: string, variables?: Record<string, unknown>) =>
      socket.send(JSON.stringify({ id, type: "subscribe", payload: { query, variables } })),
    complete: (id: string) => socket.send(JSON.stringify({ id, type: "complete" })),
    /** The `next` payloads of subscription `id`, as the text the server wrote. */
    payloadsOf: (id: string) =>
      frames.filter(({ frame }) => frame.id === id && frame.type === "next").map(({ text }) => payloadText(text)),
    /** Stops reading (the server's writes pile up), or reads again. */
    pause: () => (socket as unknown as { _socket: { pause(): void } })._socket.pause(),
    resume: () => (socket as unknown as { _socket: { resume(): void } })._socket.resume(),
    close: () => socket.close(),
  };
}

/** The payload's own text inside a frame (graphql-ws puts it last). */
const payloadText = (text: string) => text.slice(text.indexOf('"payload":') + '"payload":'.length, -1);

describe(`GraphQL subscriptions: shared execution on ${testProvider}`, () => {
  const t = useTestApp();
  let listeners: () => number;
  let fixture: Awaited<ReturnType<typeof pageWithIncident>>;
  const groups = () => subscriptionGroups(t.app.context);
  const members = () => [...groups().values()].reduce((sum, group) => sum + group.members, 0);
  const variables = () => ({ incidentId: globalId("Incident", fixture.incidentId) });

  beforeAll(async () => {
    listeners = countListeners(t.app.context.events);
    fixture = await pageWithIncident(t.api);
  });
  afterAll(async () => {
    await until(() => listeners() === 0, 5_000, "every listener given back");
  });

  it("executes an event once for 50 subscribers of one document, and sends each the same payload under its own id", async () => {
    const sockets = await Promise.all(Array.from({ length: 5 }, () => socketWith(t.url, t.apiKey)));
    const ids = sockets.map((_, s) => Array.from({ length: 10 }, (_, i) => `sub-${s}-${i}`));
    sockets.forEach((socket, s) => {
      for (const id of ids[s]!) socket.subscribe(id, UPDATES, variables());
    });
    await until(() => members() === 50, 5_000, "50 members");
    expect(groups().size).toBe(1);
    const [group] = [...groups().values()];

    for (const text of ["first", "second", "third"]) await addUpdate(t.api, fixture.incidentId, text);
    const all = () => sockets.every((socket, s) => ids[s]!.every((id) => socket.payloadsOf(id).length === 3));
    await until(all, 5_000, "three payloads for every subscriber");

    expect(group!.executions).toBe(3);
    const first = sockets[0]!.payloadsOf("sub-0-0");
    expect(first.map((text) => JSON.parse(text).data.incidentUpdateAdded.description)).toEqual([
      "first",
      "second",
      "third",
    ]);
    sockets.forEach((socket, s) => {
      for (const id of ids[s]!) expect(socket.payloadsOf(id)).toEqual(first);
      // Every frame names one of this socket's subscriptions, each of them three times.
      const named = socket.frames.map(({ frame }) => frame.id).sort();
      expect(named).toEqual(ids[s]!.flatMap((id) => [id, id, id]).sort());
    });

    for (const socket of sockets) socket.close();
    await until(() => groups().size === 0 && listeners() === 0, 5_000, "the group gone with its members");
  });

  it("never shares between accounts: each account's subscribers see only their own incidents", async () => {
    const other = await t.newAccount("Sharing's other account");
    const otherFixture = await pageWithIncident(restClient(t.url, other.apiKey), "Theirs");
    const mine = await socketWith(t.url, t.apiKey);
    const theirs = await socketWith(t.url, other.apiKey);
    // The same document and no variables: only the account tells the two apart.
    const ALL = "subscription { incidentUpdateAdded { description } }";
    // The incident is loaded once per event, when a selection asks for it: in the event's account.
    const WITH_INCIDENT = "subscription { incidentUpdateAdded { incident { name } } }";
    for (const socket of [mine, theirs]) {
      socket.subscribe("a", ALL);
      socket.subscribe("b", WITH_INCIDENT);
    }
    await until(() => members() === 4, 5_000, "every member");
    expect(groups().size).toBe(4);

    await addUpdate(t.api, fixture.incidentId, "mine");
    await addUpdate(restClient(t.url, other.apiKey), otherFixture.incidentId, "theirs");
    await until(() => mine.payloadsOf("a").length === 1 && theirs.payloadsOf("a").length === 1, 5_000, "both");
    await addUpdate(t.api, fixture.incidentId, "mine again");
    const arrived = () => [mine.payloadsOf("a"), mine.payloadsOf("b"), theirs.payloadsOf("b")].map((p) => p.length);
    await until(() => arrived().join() === "2,2,1", 5_000, "the second, and theirs with its incident");

    const descriptions = (texts: string[]) =>
      texts.map((text) => JSON.parse(text).data.incidentUpdateAdded.description);
    expect(descriptions(mine.payloadsOf("a"))).toEqual(["mine", "mine again"]);
    expect(descriptions(theirs.payloadsOf("a"))).toEqual(["theirs"]);
    const incidents = (texts: string[]) => texts.map((text) => JSON.parse(text).data.incidentUpdateAdded.incident.name);
    expect(incidents(mine.payloadsOf("b"))).toEqual(["API is down", "API is down"]);
    expect(incidents(theirs.payloadsOf("b"))).toEqual(["Theirs is down"]);
    mine.close();
    theirs.close();
    await until(() => groups().size === 0, 5_000, "both groups gone");
  });

  it("puts different variables or selections in groups of their own", async () => {
    const socket = await socketWith(t.url, t.apiKey);
    const other = await pageWithIncident(t.api);
    socket.subscribe("same-1", UPDATES, variables());
    socket.subscribe("same-2", UPDATES, { ...variables() });
    socket.subscribe("other-incident", UPDATES, { incidentId: globalId("Incident", other.incidentId) });
    socket.subscribe("more-fields", WITH_STATUS, variables());
    await until(() => members() === 4, 5_000, "four members");
    expect([...groups().values()].map((group) => group.members).sort()).toEqual([1, 1, 2]);

    await addUpdate(t.api, fixture.incidentId, "one event");
    await until(() => socket.payloadsOf("more-fields").length === 1 && socket.payloadsOf("same-2").length === 1);
    expect(socket.payloadsOf("same-1")).toEqual(socket.payloadsOf("same-2"));
    expect(JSON.parse(socket.payloadsOf("more-fields")[0]!).data.incidentUpdateAdded).toMatchObject({
      description: "one event",
      status: expect.any(String),
    });
    expect(socket.payloadsOf("other-incident")).toEqual([]);
    socket.close();
    await until(() => groups().size === 0, 5_000, "every group gone");
  });

  it("lets a subscriber leave mid-stream: the others go on, and the group goes with the last", async () => {
    const socket = await socketWith(t.url, t.apiKey);
    for (const id of ["stays", "leaves"]) socket.subscribe(id, UPDATES, variables());
    await until(() => members() === 2 && listeners() === 2, 5_000, "two members");
    await addUpdate(t.api, fixture.incidentId, "before");
    await until(() => socket.payloadsOf("leaves").length === 1 && socket.payloadsOf("stays").length === 1);

    socket.complete("leaves");
    await until(() => members() === 1 && listeners() === 1, 5_000, "one member left");
    await addUpdate(t.api, fixture.incidentId, "after");
    await until(() => socket.payloadsOf("stays").length === 2, 5_000, "the second event");
    expect(socket.payloadsOf("leaves")).toHaveLength(1);
    expect([...groups().values()][0]!.executions).toBe(2);

    socket.complete("stays");
    await until(() => groups().size === 0 && listeners() === 0, 5_000, "the group gone");
    socket.close();
  });

  it("ends a subscriber whose socket does not drain with SLOW_CONSUMER, without holding the group back", async () => {
    const fast = await socketWith(t.url, t.apiKey);
    const slow = await socketWith(t.url, t.apiKey);
    fast.subscribe("fast", UPDATES, variables());
    // Many subscriptions on the socket that stops reading: each event writes ~1 MB to it.
    const slowIds = Array.from({ length: 100 }, (_, i) => `slow-${i}`);
    for (const id of slowIds) slow.subscribe(id, UPDATES, variables());
    await until(() => members() === 101, 5_000, "every member");
    slow.pause();
    const events = 30;
    for (let i = 0; i < events; i++) await addUpdate(t.api, fixture.incidentId, `${i} ${"x".repeat(9_000)}`);
    await until(() => fast.payloadsOf("fast").length === events, 10_000, "every event for the fast subscriber");
    await until(() => members() === 1, 10_000, "the slow subscribers ended");
    expect(listeners()).toBe(1);

    slow.resume();
    const ended = () =>
      slowIds.every((id) => slow.frames.some(({ frame }) => frame.id === id && frame.type === "complete"));
    await until(ended, 10_000, "a complete for every slow subscription");
    for (const id of slowIds) {
      const payloads = slow.payloadsOf(id).map((text) => JSON.parse(text));
      expect(payloads.length).toBeLessThan(events + 1);
      expect(payloads.at(-1)).toMatchObject({
        data: { incidentUpdateAdded: null },
        errors: [{ extensions: { code: "SLOW_CONSUMER" } }],
      });
    }
    fast.close();
    slow.close();
    await until(() => groups().size === 0, 5_000, "the group gone");
  });

  it("executes an event once for SSE subscribers of one document too", async () => {
    const feeds = await Promise.all(
      Array.from({ length: 5 }, () => subscribeSse(t.url, UPDATES, variables(), bearer(t.apiKey))),
    );
    await until(() => members() === 5, 5_000, "five SSE members");
    const [group] = [...groups().values()];
    await addUpdate(t.api, fixture.incidentId, "over SSE");
    const received = await Promise.all(feeds.map((feed) => feed.next()));
    for (const result of received) expect(result.data.incidentUpdateAdded.description).toBe("over SSE");
    expect(group!.executions).toBe(1);
    for (const feed of feeds) feed.close();
    await until(() => groups().size === 0, 5_000, "the group gone");
  });
});

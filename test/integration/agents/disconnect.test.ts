// Issue 30, point 6: a private location's agents live. An agent that goes away leaves "connected"
// at once, through privateLocationChanged (the event bus): a real agent process (bin/vigil-agent.js)
// connects, then is killed (its long-poll's connection closes) or stops (SIGTERM); and an agent
// that goes silent without closing leaves once its last seen is older than 2 minutes (the sweep).
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { engineSweeps } from "../../../src/engine/sweeps.js";
import { type AgentProcess, startAgentProcess } from "../../support/agent.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { privateLocationWithKey } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { countListeners, type Feed, subscribeWs, until, wsClient } from "../../support/subscriptions.js";

const FIELDS = "databaseId agentCount agents { agentId }";

describe(`agents leaving a private location, live, on ${testProvider}`, () => {
  const t = useTestApp();
  const agents: AgentProcess[] = [];
  const feeds: Feed[] = [];
  const clients: { dispose: () => void }[] = [];
  let listeners: () => number;
  let slugs = 0;
  beforeAll(() => {
    listeners = countListeners(t.app.context.events);
  });
  afterEach(() => {
    for (const feed of feeds.splice(0)) feed.close();
    for (const client of clients.splice(0)) client.dispose();
  });
  afterAll(() => {
    for (const agent of agents) agent.kill();
  });

  const location = () => privateLocationWithKey(t.api, "Lab", `leave-${++slugs}-${randomUUID().slice(0, 6)}`);
  const watch = async (id: string) => {
    const before = listeners();
    const client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${t.apiKey}` } });
    clients.push(client);
    const feed = subscribeWs(
      client,
      `subscription ($id: ID) { privateLocationChanged(privateLocationId: $id) { ${FIELDS} } }`,
      { id },
    );
    feeds.push(feed);
    await until(() => listeners() > before, 5_000, "the subscription");
    return feed;
  };
  /** The next message the feed gets, as the location it sends. */
  const next = async (feed: Feed, ms = 10_000) => {
    const { data, errors } = await feed.next(ms);
    expect(errors).toBeUndefined();
    return data.privateLocationChanged as { agentCount: number; agents: { agentId: string }[] };
  };
  const agentCount = async (id: string) => (await t.api.get(`/v1/private-locations/${id}`)).body.agentCount;

  for (const [how, signal] of [
    ["killed", "SIGKILL"],
    ["stopped", "SIGTERM"],
  ] as const)
    it(`tells the watchers when a real agent process is ${how}, without waiting for its last seen to age`, {
      timeout: 60_000,
    }, async () => {
      const place = await location();
      const feed = await watch(place.id);
      const watching = listeners();
      const agent = await startAgentProcess({ API_KEY: place.key, VIGIL_URL: t.url });
      agents.push(agent);
      const agentId = /"agentId":"([^"]+)"/.exec(agent.stdout())![1]!;
      expect(await next(feed)).toMatchObject({ agentCount: 1, agents: [{ agentId }] });
      // Its next claim waits for work (long-poll, holding a listener on the bus) when it goes: a
      // closed connection is seen by a waiting claim (between claims, the 2-minute sweep finds it).
      // The first claim does not wait but holds a listener for a moment too: only once the agent
      // logged its answer is a listener the waiting claim's.
      await until(() => agent.stdout().includes("connected to the service"), 10_000, "the first claim's answer");
      await until(() => listeners() > watching, 10_000, "the agent's waiting claim");
      agent.child.kill(signal);
      await agent.exited;
      expect(await next(feed)).toEqual({ databaseId: place.id, agentCount: 0, agents: [] });
      expect(await agentCount(place.id)).toBe(0);
      // Once: nothing more is announced for it.
      await expect(feed.next(500)).rejects.toThrow(/no message/);
    });

  it("tells them when an agent goes silent for 2 minutes, once, and a claim connects it again", async () => {
    const place = await location();
    const agentId = randomUUID();
    const claim = () =>
      restClient(t.url, place.key).post("/agent/v1/claims", {
        agentId,
        limit: 1,
        waitMs: 0,
        version: "1.0.0",
        platform: "linux",
        runtimeVersion: "v22.0.0",
      });
    expect((await claim()).status).toBe(200);
    const feed = await watch(place.id);
    // The engine's sweep (every instance runs it), run here at chosen times.
    const sweep = engineSweeps.find((s) => s.name === "silent agents")!;
    const sweepAt = (now: Date) => sweep.run(t.app.context, now) as Promise<number>;
    // Within 2 minutes of its last claim, the sweep leaves it connected.
    expect(await sweepAt(new Date(Date.now() + 60_000))).toBe(0);
    expect(await agentCount(place.id)).toBe(1);
    const later = new Date(Date.now() + 2 * 60_000 + 1_000);
    expect(await sweepAt(later)).toBeGreaterThanOrEqual(1);
    expect(await next(feed)).toEqual({ databaseId: place.id, agentCount: 0, agents: [] });
    expect(await sweepAt(later)).toBe(0);
    await expect(feed.next(500)).rejects.toThrow(/no message/);
    // It calls in again (within the 5 s in which a claim otherwise writes nothing): connected at once.
    expect((await claim()).status).toBe(200);
    expect(await next(feed)).toMatchObject({ agentCount: 1, agents: [{ agentId }] });
  });
});

// Issue 30, points 6 and 7, for every GraphQL client: a private location's connected agents
// (PrivateLocation.agents) and its live changes (privateLocationChanged, fed by the agents'
// claims), and Query.reporting, which answers /v1/reporting's figures.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck, privateLocationWithKey } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { countListeners, type Feed, subscribeWs, until, wsClient } from "../../support/subscriptions.js";

const facts = { version: "9.8.7", platform: "linux", runtimeVersion: "v22.1.0" };
const AGENTS = `
  databaseId agentCount queueSize lastSeen
  agents { agentId version platform runtimeVersion startedAt lastSeen runsHeld }`;

describe(`GraphQL private-location agents and reporting on ${testProvider}`, () => {
  const t = useTestApp();
  const feeds: Feed[] = [];
  let listeners: () => number;
  beforeAll(() => {
    listeners = countListeners(t.app.context.events);
  });
  const clients: { dispose: () => void }[] = [];
  afterEach(() => {
    for (const feed of feeds.splice(0)) feed.close();
    for (const client of clients.splice(0)) client.dispose();
  });
  /** Resolves once the server holds the subscription (its listener is on the bus): no event is missed. */
  const subscribe = async (key: string, variables: Record<string, unknown> = {}) => {
    const before = listeners();
    const client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${key}` } });
    clients.push(client);
    const feed = subscribeWs(
      client,
      `subscription ($id: ID) { privateLocationChanged(privateLocationId: $id) { ${AGENTS} } }`,
      variables,
    );
    feeds.push(feed);
    await until(() => listeners() > before, 5_000, "the subscription");
    return feed;
  };
  const claim = (key: string, agentId: string) =>
    restClient(t.url, key).post("/agent/v1/claims", { agentId, limit: 1, waitMs: 0, ...facts });

  it("sends a location each time an agent calls in, to its own account only", async () => {
    const location = await privateLocationWithKey(t.api, "Office", `office-${randomUUID().slice(0, 6)}`);
    const other = await t.newAccount();
    const mine = await subscribe(t.apiKey, { id: location.id });
    const all = await subscribe(t.apiKey);
    const theirs = await subscribe(other.apiKey);

    const agentId = randomUUID();
    expect((await claim(location.key, agentId)).status).toBe(200);
    for (const feed of [mine, all]) {
      const { data, errors } = await feed.next();
      expect(errors).toBeUndefined();
      expect(data.privateLocationChanged).toMatchObject({
        databaseId: location.id,
        agentCount: 1,
        queueSize: 0,
        agents: [{ agentId, ...facts, runsHeld: 0 }],
      });
      expect(data.privateLocationChanged.lastSeen).toBe(data.privateLocationChanged.agents[0].lastSeen);
    }
    // Within 5 s the same agent's claim writes nothing, and so announces nothing.
    expect((await claim(location.key, agentId)).status).toBe(200);
    await expect(mine.next(500)).rejects.toThrow(/no message/);
    expect(theirs.received).toEqual([]);
    // Another account's location: refused at once, not a stream that stays silent.
    const client = wsClient(t.url, { connectionParams: { authorization: `Bearer ${other.apiKey}` } });
    clients.push(client);
    const refused = subscribeWs(
      client,
      "subscription ($id: ID) { privateLocationChanged(privateLocationId: $id) { id } }",
      {
        id: location.id,
      },
    );
    feeds.push(refused);
    expect((await refused.next()).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");

    const { body } = await t.gql(`query ($id: ID!) { node(id: $id) { ... on PrivateLocation { ${AGENTS} } } }`, {
      id: location.id,
    });
    expect(body.data.node.agents).toEqual([expect.objectContaining({ agentId, version: "9.8.7" })]);
    // Another account reads no location (and so no agents) of this one.
    const foreign = await t.gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: location.id }, other.apiKey);
    expect(foreign.body.data?.node ?? null).toBeNull();
  });

  it("answers reporting with /v1/reporting's figures, for a range and tags", async () => {
    const ctx = domainContext(t.app.context, t.accountId);
    const tagged = await createCheck(t, { name: "Tagged", tags: ["prod"] });
    const also = await createCheck(t, { name: "Also", tags: ["prod", "eu"] });
    await createCheck(t, { name: "Untagged", tags: ["dev"] });
    const now = Date.now();
    for (let i = 0; i < 24; i++)
      await recordCheckResult({
        ctx,
        input: {
          checkId: i % 2 ? tagged.id : also.id,
          runLocation: "eu-west-1",
          startedAt: new Date(now - (i + 1) * 3_600_000).toISOString(),
          responseTime: 50 + i * 13,
          hasFailures: i % 5 === 0,
        },
      });
    const rest = await t.api.get("/v1/reporting?quickRange=last7Days&filterByTags=prod");
    expect(rest.status).toBe(200);
    const { body } = await t.gql(
      `{ reporting(range: LAST_7_DAYS, filterByTags: ["prod"]) {
          checkId name checkType deactivated tags aggregate { successRatio avg p95 p99 } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.reporting).toHaveLength(2);
    expect(body.data.reporting).toEqual(rest.body);
    expect(body.data.reporting.some((row: { aggregate: { p95: number } }) => row.aggregate.p95 > 0)).toBe(true);

    // A bad time zone is the same clear error as REST's, not a 500.
    const bad = await t.gql(`{ reporting(timezone: "Mars/Base") { checkId } }`);
    expect(bad.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(bad.body.errors?.[0]?.message).toContain("timezone");
  });
});

import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createAlertChannel, createCheckGroup } from "../../support/index.js";
import { isoTimestamp } from "../../support/matchers.js";
import { restClient } from "../../support/rest.js";

/** The smallest valid body of each typed create, which the generic create takes with its checkType. */
const bodies: [slug: string, checkType: string, body: Record<string, unknown>][] = [
  ["api", "API", { request: { method: "GET", url: "https://example.com/health" } }],
  ["url", "URL", { request: { url: "https://example.com" } }],
  ["tcp", "TCP", { request: { hostname: "db.example.com", port: 5432 } }],
  ["dns", "DNS", { request: { query: "example.com", recordType: "A" } }],
  ["icmp", "ICMP", { request: { hostname: "example.com" } }],
  ["heartbeat", "HEARTBEAT", { heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes" } }],
  ["browser", "BROWSER", { script: "await page.goto('https://example.com')" }],
  ["multistep", "MULTI_STEP", { script: "await request.get('https://example.com')" }],
  ["ssl", "SSL", { request: { sslConfig: { hostname: "example.com" } } }],
];
const CHECKS = `query { checks(first: 50) { edges { node { name checkType activated tags } } } }`;

describe(`REST deprecated generic create POST /v1/checks on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const counts = async () => [await t.db.check.count(), await t.db.alertChannelSubscription.count()];

  it.each(bodies)(
    "creates a %s check (checkType %s) exactly as its typed create does",
    async (slug, checkType, body) => {
      const generic = await api.post("/v1/checks?autoAssignAlerts=false", { name: `G ${slug}`, checkType, ...body });
      const typed = await api.post(`/v1/checks/${slug}?autoAssignAlerts=false`, { name: `G ${slug}`, ...body });
      expect(generic.status).toBe(201);
      expect(typed.status).toBe(201);
      const strip = (check: Record<string, any>) => {
        const { id: _id, created_at: _c, updated_at: _u, ...rest } = check;
        // A heartbeat's ping token is random per check.
        if (rest.heartbeat) rest.heartbeat = { ...rest.heartbeat, pingToken: "", pingUrl: "" };
        return rest;
      };
      expect(Object.keys(generic.body)).toEqual(Object.keys(typed.body));
      expect(strip(generic.body)).toEqual(strip(typed.body));
      expect(generic.body).toMatchObject({ checkType, created_at: isoTimestamp });
      expect(generic.headers.get("deprecation")).toBe("@1735689600");
      expect(generic.headers.get("link")).toBe(`</v1/checks/${slug}>; rel="successor-version"`);
      // The stored check reads back the same through REST and GraphQL.
      expect((await api.get(`/v1/checks/${generic.body.id}`)).body).toEqual(generic.body);
      const edges = (await t.gql(CHECKS)).body.data.checks.edges.map((e: { node: unknown }) => e.node);
      expect(edges).toContainEqual({ name: `G ${slug}`, checkType, activated: true, tags: [] });
    },
  );

  // The exact shapes are those of the typed creates (above), which test/integration/checks/rest.test.ts pins.
  it("subscribes the check to every alert channel by autoAssignAlerts (the default)", async () => {
    const channel = await createAlertChannel(t);
    const response = await api.post("/v1/checks", {
      name: "Homepage",
      checkType: "URL",
      tags: ["web"],
      request: { url: "https://example.com" },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      checkType: "URL",
      tags: ["web"],
      alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
    });
    const stored = await t.db.alertChannelSubscription.findMany({ where: { checkId: response.body.id } });
    expect(stored.map((s) => [s.alertChannelId, s.activated])).toEqual([[channel.id, true]]);
  });

  it.each([
    [{ name: "No type", request: { url: "https://example.com" } }, ["checkType"]],
    [{ name: "Unknown", checkType: "CARRIER_PIGEON" }, ["checkType"]],
    [{ name: "Not served", checkType: "PLAYWRIGHT" }, ["checkType"]],
    [{ checkType: "URL", request: { url: "https://example.com" } }, ["name"]],
    [{ name: "No request", checkType: "API" }, ["request"]],
    [{ name: "Wrong kind", checkType: "URL", request: { url: "https://example.com" }, script: "x" }, ["script"]],
    [{ name: "Bad url", checkType: "API", request: { method: "GET", url: "ftp://example.com" } }, ["request.url"]],
    [{ name: "Freq", checkType: "TCP", request: { hostname: "h", port: 1 }, frequency: 7 }, ["frequency"]],
  ])("refuses %o naming %o, and creates nothing", async (body, keys) => {
    await createAlertChannel(t);
    const before = await counts();
    const response = await api.post("/v1/checks", body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: "Bad Request", validation: { keys } });
    expect(await counts()).toEqual(before);
  });

  it("keeps accounts apart: another account's group cannot be joined, and the check is the creator's only", async () => {
    const group = await createCheckGroup(t);
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    const before = await counts();
    const intoTheirs = await stranger.post("/v1/checks", {
      name: "Intruder",
      checkType: "URL",
      groupId: group.id,
      request: { url: "https://example.com" },
    });
    // A reference to another account's group is refused by name, as on the typed creates.
    expect(intoTheirs.status).toBe(400);
    expect(intoTheirs.body.validation).toMatchObject({ keys: ["groupId"] });
    expect(await counts()).toEqual(before);
    const mine = await api.post("/v1/checks", {
      name: "Mine",
      checkType: "URL",
      request: { url: "https://example.com" },
    });
    expect((await stranger.get(`/v1/checks/${mine.body.id}`)).status).toBe(404);
    expect((await stranger.get("/v1/checks")).body).toEqual([]);
  });
});

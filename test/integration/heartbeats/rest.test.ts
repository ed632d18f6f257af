import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createHeartbeatCheck, createHeartbeatEvent } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const HOUR = 3_600_000;

describe(`REST heartbeat events on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;

  async function heartbeatCheck(accountId = t.accountId, checkType = "HEARTBEAT") {
    return (await createHeartbeatCheck(t, { checkType }, accountId)).id;
  }
  async function addEvent(
    checkId: string,
    state: string,
    timestamp: Date,
    extra: { source?: string; userAgent?: string } = {},
  ) {
    const check = await db().check.findUniqueOrThrow({ where: { id: checkId } });
    return createHeartbeatEvent(t, checkId, { state, timestamp, ...extra }, check.accountId);
  }
  const eventsPath = (checkId: string, query = "") => `/v1/checks/heartbeats/${checkId}/events${query}`;
  const availabilityPath = (checkId: string, query = "") => `/v1/checks/heartbeats/${checkId}/availability${query}`;

  describe("a fixed window in the past", () => {
    // Window [2020-01-10, 2020-01-11) and the one before it, [2020-01-09, 2020-01-10).
    const at = (iso: string) => new Date(iso);
    let checkId: string;
    const window = "?startTime=2020-01-10T00:00:00.000Z&endTime=2020-01-11T00:00:00.000Z";
    beforeAll(async () => {
      checkId = await heartbeatCheck();
      await addEvent(checkId, "FAILING", at("2020-01-08T23:59:59.999Z")); // before both windows
      await addEvent(checkId, "RECEIVED", at("2020-01-09T00:00:00.000Z")); // previous window, at its start
      await addEvent(checkId, "FAILING", at("2020-01-09T12:00:00.000Z"));
      await addEvent(checkId, "RECEIVED", at("2020-01-10T00:00:00.000Z"), {
        source: "https://ci.example.com",
        userAgent: "curl/8.5.0",
      });
      await addEvent(checkId, "GRACE", at("2020-01-10T06:00:00.000Z"));
      await addEvent(checkId, "FAILING", at("2020-01-10T12:00:00.000Z"));
      await addEvent(checkId, "LATE", at("2020-01-10T18:00:00.000Z"));
      await addEvent(checkId, "RECEIVED", at("2020-01-11T00:00:00.000Z")); // the end is exclusive
    });

    it("lists the window's events newest first, start inclusive, end exclusive, in one item", async () => {
      const response = await api.get(eventsPath(checkId, window));
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(1);
      const [item] = response.body;
      expect(Object.keys(item).sort()).toEqual(["events", "stats"]);
      expect(item.events.map((e: { timestamp: string; state: string }) => [e.timestamp, e.state])).toEqual([
        ["2020-01-10T18:00:00.000Z", "LATE"],
        ["2020-01-10T12:00:00.000Z", "FAILING"],
        ["2020-01-10T06:00:00.000Z", "GRACE"],
        ["2020-01-10T00:00:00.000Z", "RECEIVED"],
      ]);
      expect(item.events[3]).toEqual({
        id: expect.any(String),
        state: "RECEIVED",
        timestamp: "2020-01-10T00:00:00.000Z",
        source: "https://ci.example.com",
        userAgent: "curl/8.5.0",
      });
      expect(item.events[0]).toEqual({
        id: expect.any(String),
        state: "LATE",
        timestamp: "2020-01-10T18:00:00.000Z",
        source: null,
        userAgent: null,
      });
      // The stats are counted back from now, and nothing of 2020 is that recent.
      expect(item.stats).toEqual({ last24Hours: null, last7Days: null });
    });

    it("defaults a missing bound to 24 hours from the other, and accepts UNIX seconds", async () => {
      const full = (await api.get(eventsPath(checkId, window))).body;
      const seconds = Date.parse("2020-01-10T00:00:00.000Z") / 1000;
      for (const query of [
        "?startTime=2020-01-10T00:00:00.000Z",
        "?endTime=2020-01-11T00:00:00.000Z",
        `?startTime=${seconds}`,
        `?startTime=2020-01-10&endTime=${seconds + 86_400}`,
      ]) {
        const response = await api.get(eventsPath(checkId, query));
        expect(response.status, query).toBe(200);
        expect(response.body[0].events, query).toEqual(full[0].events);
      }
    });

    it("takes at most limit events, the newest", async () => {
      const one = await api.get(eventsPath(checkId, `${window}&limit=1`));
      expect(one.body[0].events.map((e: { state: string }) => e.state)).toEqual(["LATE"]);
      const two = await api.get(eventsPath(checkId, `${window}&limit=2`));
      expect(two.body[0].events.map((e: { state: string }) => e.state)).toEqual(["LATE", "FAILING"]);
    });

    it("retrieves one event, bare", async () => {
      const [item] = (await api.get(eventsPath(checkId, window))).body;
      const event = item.events[3];
      const response = await api.get(`${eventsPath(checkId)}/${event.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(event);
    });
  });

  it("returns 10 events by default and accepts limit 1 to 10", async () => {
    const checkId = await heartbeatCheck();
    const now = Date.now();
    for (let i = 1; i <= 12; i++) await addEvent(checkId, "RECEIVED", new Date(now - i * 60_000));
    const times = (body: { events: { timestamp: string }[] }[]) => body[0]!.events.map((e) => e.timestamp);
    const expected = Array.from({ length: 10 }, (_, i) => new Date(now - (i + 1) * 60_000).toISOString());
    expect(times((await api.get(eventsPath(checkId))).body)).toEqual(expected);
    expect(times((await api.get(eventsPath(checkId, "?limit=10"))).body)).toEqual(expected);
    expect(times((await api.get(eventsPath(checkId, "?limit=1"))).body)).toEqual(expected.slice(0, 1));
  });

  it("shows a check without events as an empty list with null stats", async () => {
    const checkId = await heartbeatCheck();
    expect((await api.get(eventsPath(checkId))).body).toEqual([
      { events: [], stats: { last24Hours: null, last7Days: null } },
    ]);
  });

  it.each([
    ["?limit=0", ["limit"]],
    ["?limit=11", ["limit"]],
    ["?limit=1.5", ["limit"]],
    ["?limit=ten", ["limit"]],
    ["?startTime=yesterday", ["startTime"]],
    ["?endTime=2020-13-01", ["endTime"]],
    ["?startTime=2020-01-02&endTime=2020-01-01", ["endTime"]],
    ["?startTime=2020-01-01&endTime=2020-01-01", ["endTime"]],
  ])("refuses the events query %s", async (query, keys) => {
    const checkId = await heartbeatCheck();
    const response = await api.get(eventsPath(checkId, query));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      validation: { source: "query", keys },
    });
  });

  it("answers 404 for another account's check, a non-heartbeat check and ids of the wrong form", async () => {
    const own = await heartbeatCheck();
    const event = await addEvent(own, "RECEIVED", new Date(Date.now() - HOUR));
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    const strangersCheck = await heartbeatCheck(other.accountId);
    const strangersEvent = await addEvent(strangersCheck, "RECEIVED", new Date(Date.now() - HOUR));
    const apiCheck = await heartbeatCheck(t.accountId, "API");
    const paths = (checkId: string, eventId: string) => [
      eventsPath(checkId),
      `${eventsPath(checkId)}/${eventId}`,
      availabilityPath(checkId),
    ];

    for (const path of paths(own, event.id)) expect((await stranger.get(path)).status, path).toBe(404);
    for (const path of paths(own, event.id)) expect((await api.get(path)).status, path).toBe(200);
    for (const path of paths(apiCheck, event.id)) expect((await api.get(path)).status, path).toBe(404);
    for (const bad of ["abc", "1", `${own}x`, randomUUID()]) {
      for (const path of paths(bad, event.id)) expect((await api.get(path)).status, path).toBe(404);
    }
    // An event of another check, or of the wrong form, is not found under this check.
    for (const eventId of [strangersEvent.id, "abc", randomUUID()])
      expect((await api.get(`${eventsPath(own)}/${eventId}`)).status).toBe(404);
    expect((await stranger.get(`${eventsPath(strangersCheck)}/${event.id}`)).status).toBe(404);
    // Nothing of one account shows through the other's check.
    expect((await stranger.get(eventsPath(strangersCheck))).body[0].events.map((e: { id: string }) => e.id)).toEqual([
      strangersEvent.id,
    ]);
    expect((await api.get(eventsPath(own))).body[0].events.map((e: { id: string }) => e.id)).toEqual([event.id]);
  });

  it("needs an API key", async () => {
    const checkId = await heartbeatCheck();
    const anonymous = restClient(t.url, null);
    for (const path of [eventsPath(checkId), availabilityPath(checkId), `${eventsPath(checkId)}/${randomUUID()}`]) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
  });
});

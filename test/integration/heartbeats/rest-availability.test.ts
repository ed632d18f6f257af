import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../../src/domain/accounts/create.js";
import { getHeartbeatAvailability, listHeartbeatEvents } from "../../../src/domain/heartbeats/index.js";
import { createInProcessBus } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testDatabase, testProvider } from "../../support/database.js";
import { createHeartbeatCheck, createHeartbeatEvent, HEARTBEAT as heartbeat } from "../../support/index.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`REST heartbeat availability on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;

  async function heartbeatCheck() {
    return (await createHeartbeatCheck(t)).id;
  }
  const addEvent = (checkId: string, state: string, timestamp: Date) =>
    createHeartbeatEvent(t, checkId, { state, timestamp });
  const eventsPath = (checkId: string) => `/v1/checks/heartbeats/${checkId}/events`;
  const availabilityPath = (checkId: string, query = "") => `/v1/checks/heartbeats/${checkId}/availability${query}`;

  describe("a fixed window in the past", () => {
    // Window [2020-01-10, 2020-01-11) and the one before it, [2020-01-09, 2020-01-10).
    let checkId: string;
    const window = "?startTime=2020-01-10T00:00:00.000Z&endTime=2020-01-11T00:00:00.000Z";
    beforeAll(async () => {
      checkId = await heartbeatCheck();
      const events: [string, string][] = [
        ["FAILING", "2020-01-08T23:59:59.999Z"], // before both windows
        ["RECEIVED", "2020-01-09T00:00:00.000Z"], // previous window, at its start
        ["FAILING", "2020-01-09T12:00:00.000Z"],
        ["RECEIVED", "2020-01-10T00:00:00.000Z"],
        ["GRACE", "2020-01-10T06:00:00.000Z"],
        ["FAILING", "2020-01-10T12:00:00.000Z"],
        ["LATE", "2020-01-10T18:00:00.000Z"],
        ["RECEIVED", "2020-01-11T00:00:00.000Z"], // the end is exclusive
      ];
      for (const [state, at] of events) await addEvent(checkId, state, new Date(at));
    });

    it("computes availability in the window and the one before it", async () => {
      const response = await api.get(availabilityPath(checkId, window));
      expect(response.status).toBe(200);
      // Current: RECEIVED, GRACE, FAILING, LATE → 3 of 4 not failing. Previous: RECEIVED, FAILING → 1 of 2.
      expect(response.body).toEqual({
        successRatio: { previousPeriod: 50, currentPeriod: 75 },
        totalEntitiesCurrentPeriod: 4,
      });
      // Same bounds given one at a time.
      expect((await api.get(availabilityPath(checkId, "?startTime=2020-01-10"))).body).toEqual(response.body);
      expect((await api.get(availabilityPath(checkId, "?endTime=2020-01-11"))).body).toEqual(response.body);
    });

    it("counts an empty window as 0 and answers null when both windows are empty", async () => {
      // [2020-01-11, 2020-01-12) holds only the 00:00 event; the window before it holds four.
      const next = await api.get(
        availabilityPath(checkId, "?startTime=2020-01-11T00:00:00.000Z&endTime=2020-01-12T00:00:00.000Z"),
      );
      expect(next.body).toEqual({
        successRatio: { previousPeriod: 75, currentPeriod: 100 },
        totalEntitiesCurrentPeriod: 1,
      });
      const later = await api.get(
        availabilityPath(checkId, "?startTime=2020-01-12T00:00:00.000Z&endTime=2020-01-13T00:00:00.000Z"),
      );
      expect(later.body).toEqual({
        successRatio: { previousPeriod: 100, currentPeriod: 0 },
        totalEntitiesCurrentPeriod: 0,
      });
      const empty = await api.get(availabilityPath(checkId, "?startTime=2019-01-01&endTime=2019-01-02"));
      expect(empty.status).toBe(200);
      expect(empty.body).toBeNull();
      // A 12-hour window: its previous window is the 12 hours before it.
      const half = await api.get(
        availabilityPath(checkId, "?startTime=2020-01-10T12:00:00.000Z&endTime=2020-01-11T00:00:00.000Z"),
      );
      expect(half.body).toEqual({
        successRatio: { previousPeriod: 100, currentPeriod: 50 },
        totalEntitiesCurrentPeriod: 2,
      });
    });
  });

  it("counts last24Hours and last7Days back from now, each with its previous window", async () => {
    const checkId = await heartbeatCheck();
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    await addEvent(checkId, "RECEIVED", ago(1 * HOUR));
    await addEvent(checkId, "GRACE", ago(2 * HOUR));
    await addEvent(checkId, "FAILING", ago(3 * HOUR));
    await addEvent(checkId, "RECEIVED", ago(30 * HOUR)); // the 24 hours before the last 24
    await addEvent(checkId, "FAILING", ago(3 * DAY));
    await addEvent(checkId, "RECEIVED", ago(10 * DAY)); // the 7 days before the last 7
    const response = await api.get(eventsPath(checkId));
    expect(response.status).toBe(200);
    const [item] = response.body;
    expect(item.events.map((e: { state: string }) => e.state)).toEqual(["RECEIVED", "GRACE", "FAILING"]);
    expect(item.stats).toEqual({
      last24Hours: { successRatio: { previousPeriod: 100, currentPeriod: 66.67 }, totalEntitiesCurrentPeriod: 3 },
      last7Days: { successRatio: { previousPeriod: 100, currentPeriod: 60 }, totalEntitiesCurrentPeriod: 5 },
    });
    // Availability without bounds is the last 24 hours.
    expect((await api.get(availabilityPath(checkId))).body).toEqual(item.stats.last24Hours);
  });

  it("answers null for a check without events", async () => {
    const checkId = await heartbeatCheck();
    const availability = await api.get(availabilityPath(checkId));
    expect(availability.status).toBe(200);
    expect(availability.body).toBeNull();
  });

  it.each([
    ["?startTime=soon", ["startTime"]],
    ["?endTime=", ["endTime"]],
    ["?startTime=2020-01-02T00:00:00Z&endTime=2020-01-01T23:59:59Z", ["endTime"]],
  ])("refuses the availability query %s", async (query, keys) => {
    const checkId = await heartbeatCheck();
    const response = await api.get(availabilityPath(checkId, query));
    expect(response.status).toBe(400);
    expect(response.body.validation).toEqual({ source: "query", keys });
  });
});

describe(`heartbeat reads in SQL on ${testProvider}`, () => {
  it("aggregates availability with COUNT … GROUP BY and loads at most `limit` events, however many there are", async () => {
    const queries: string[] = [];
    const database = await testDatabase({ onQuery: (sql) => queries.push(sql) });
    try {
      const db = database.prisma;
      const account = await createAccount({ db, input: { name: "sql" } });
      const check = await db.check.create({
        data: { accountId: account.id, checkType: "HEARTBEAT", name: "hb", locations: [], tags: [], heartbeat },
      });
      const ctx = { db, accountId: account.id, events: createInProcessBus(), now: () => new Date() };
      const statements = async (events: number) => {
        const now = Date.now();
        await db.heartbeatEvent.createMany({
          data: Array.from({ length: events }, (_, i) => ({
            accountId: account.id,
            checkId: check.id,
            state: i % 3 ? "RECEIVED" : "FAILING",
            timestamp: new Date(now - (i + 1) * 60_000),
          })),
        });
        queries.length = 0;
        const result = await listHeartbeatEvents({ ctx, checkId: check.id, query: {} });
        await getHeartbeatAvailability({ ctx, checkId: check.id, query: {} });
        return { result, sql: [...queries] };
      };
      const few = await statements(3);
      const many = await statements(200);
      expect(many.sql.length).toBe(few.sql.length);
      expect(many.result.events).toHaveLength(10);
      expect(many.result.stats.last24Hours?.totalEntitiesCurrentPeriod).toBe(203);
      const onEvents = many.sql.filter((sql) => /FROM\s+\S*HeartbeatEvent/i.test(sql));
      // Six aggregates (two windows for each of last24Hours, last7Days and the availability call) and one limited read.
      expect(onEvents.filter((sql) => /COUNT\(\*\)/i.test(sql) && /GROUP BY/i.test(sql))).toHaveLength(6);
      expect(onEvents.filter((sql) => !/COUNT\(\*\)/i.test(sql)).every((sql) => /LIMIT/i.test(sql))).toBe(true);
    } finally {
      await database.close();
    }
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { sqliteWriter } from "../../../src/db/sqlite-writes.js";
import { recordHeartbeatPing, recordMissedHeartbeats } from "../../../src/domain/heartbeats/index.js";
import { failingEventId } from "../../../src/domain/heartbeats/missed.js";
import type { VigilEvent } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import {
  createMaintenanceWindow,
  createHeartbeatCheck,
  HEARTBEAT as heartbeat,
  createCheckGroup,
  createCheck,
} from "../../support/index.js";

// Period 60 s plus grace 30 s: a check is overdue 90 s after its latest event.
const T0 = Date.parse("2030-01-01T00:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe(`missed heartbeats (the engine's FAILING sweep) on ${testProvider}`, () => {
  const t = useTestApp({}, { onQuery: (sql) => statements?.push(sql) });
  let statements: string[] | null = null;
  const db = () => t.db;
  const sweep = (now: Date) =>
    recordMissedHeartbeats({ ctx: { db: db(), events: t.app.context.events, now: () => now }, now });

  type Seed = { accountId?: string; tags?: string[]; groupId?: number; activated?: boolean; config?: object | null };
  async function heartbeatCheck({
    accountId = t.accountId,
    tags = [],
    groupId,
    activated = true,
    config = heartbeat,
  }: Seed = {}) {
    const check = await createHeartbeatCheck(
      t,
      { tags, activated, groupId, createdAt: at(0), heartbeat: config ?? undefined },
      accountId,
    );
    return { id: check.id, pingToken: check.pingToken!, accountId };
  }
  const ping = (check: { pingToken: string; accountId: string }, when: Date) =>
    recordHeartbeatPing({
      ctx: { ...domainContext(t.app.context, check.accountId), now: () => when },
      pingToken: check.pingToken,
      input: {},
    });
  const eventsOf = (checkId: string) =>
    db().heartbeatEvent.findMany({ where: { checkId }, orderBy: [{ timestamp: "asc" }, { id: "asc" }] });
  const failings = async (checkId: string) => (await eventsOf(checkId)).filter((e) => e.state === "FAILING");

  // Each test starts with every earlier test's silence already marked (their latest event is
  // FAILING), so a sweep's count is this test's alone.
  beforeEach(async () => {
    await sweep(new Date("2100-01-01T00:00:00.000Z"));
  });

  it("writes no FAILING up to the deadline, exactly one after it, whatever the number of sweeps", async () => {
    const check = await heartbeatCheck();
    const received = await ping(check, at(10));
    expect(received.state).toBe("RECEIVED");
    expect(await sweep(at(50))).toBe(0);
    expect(await sweep(at(100))).toBe(0); // exactly period + grace: still GRACE
    expect(await failings(check.id)).toEqual([]);

    expect(await sweep(new Date(at(100).getTime() + 1))).toBe(1);
    for (let second = 101; second <= 130; second++) expect(await sweep(at(second))).toBe(0);
    expect(await sweep(at(86_400))).toBe(0);
    const [failing, ...more] = await failings(check.id);
    expect(more).toEqual([]);
    // Stamped when the deadline passed (the ping + 60 s + 30 s), not when the sweep ran.
    expect(failing).toMatchObject({
      accountId: t.accountId,
      state: "FAILING",
      timestamp: at(100),
      source: null,
      userAgent: null,
    });
    // The id is the silence's key (check + the event it follows): the compare-and-set of concurrent sweeps.
    expect(failing!.id).toBe(failingEventId(check.id, received.id, received.timestamp));
  });

  it("after a FAILING the next ping is RECEIVED, and a new silence gets its own single FAILING", async () => {
    const check = await heartbeatCheck();
    await ping(check, at(0));
    expect(await sweep(at(500))).toBe(1);
    expect((await ping(check, at(600))).state).toBe("RECEIVED");
    expect(await sweep(at(690))).toBe(0);
    expect(await sweep(at(691))).toBe(1);
    expect(await sweep(at(700))).toBe(0);
    const states = (await eventsOf(check.id)).map((e) => [e.state, e.timestamp.getTime()]);
    expect(states).toEqual([
      ["RECEIVED", T0],
      ["FAILING", at(90).getTime()],
      ["RECEIVED", at(600).getTime()],
      ["FAILING", at(690).getTime()],
    ]);
  });

  it("measures a late ping's silence from that ping: LATE before the sweep, then FAILING 90 s after it", async () => {
    const check = await heartbeatCheck();
    await ping(check, at(0));
    expect((await ping(check, at(120))).state).toBe("LATE");
    expect(await sweep(at(200))).toBe(0);
    expect(await sweep(at(211))).toBe(1);
    expect((await failings(check.id)).map((e) => e.timestamp)).toEqual([at(210)]);
  });

  it("times a check that was never pinged from its creation", async () => {
    const check = await heartbeatCheck();
    expect(await sweep(at(90))).toBe(0);
    expect(await sweep(at(91))).toBe(1);
    expect((await failings(check.id)).map((e) => e.timestamp)).toEqual([at(90)]);
    expect((await ping(check, at(95))).state).toBe("RECEIVED");
  });

  it("leaves deactivated checks, checks of deactivated groups and unusable configs alone", async () => {
    const group = (activated: boolean) => createCheckGroup(t, { activated });
    const [off, on] = [await group(false), await group(true)];
    const deactivated = await heartbeatCheck({ activated: false });
    const inOffGroup = await heartbeatCheck({ groupId: off.id });
    const noConfig = await heartbeatCheck({ config: null });
    const inOnGroup = await heartbeatCheck({ groupId: on.id });
    const api = await createCheck(t, { name: "api", locations: [], heartbeat, createdAt: at(0) });
    expect(await sweep(at(1_000))).toBe(1);
    for (const id of [deactivated.id, inOffGroup.id, noConfig.id, api.id]) expect(await eventsOf(id)).toEqual([]);
    expect(await failings(inOnGroup.id)).toHaveLength(1);
  });

  it("writes no FAILING while a maintenance window pauses the check, and judges the silence after it", async () => {
    const window = { name: "db upgrade", startsAt: at(0), endsAt: at(3_600), repeatUnit: "DAY", silenceAlertsTags: [] };
    await createMaintenanceWindow(t, { ...window, tags: ["db"] });
    const other = await t.newAccount();
    await createMaintenanceWindow(t, { ...window, pauseAllChecks: true }, other.accountId);
    const paused = await heartbeatCheck({ tags: ["db"] });
    const pausedByAll = await heartbeatCheck({ accountId: other.accountId });
    const running = await heartbeatCheck({ tags: ["web"] });

    expect(await sweep(at(600))).toBe(1);
    expect(await eventsOf(paused.id)).toEqual([]);
    expect(await eventsOf(pausedByAll.id)).toEqual([]);
    expect(await failings(running.id)).toHaveLength(1);

    expect(await sweep(at(3_600))).toBe(2); // the window ends (exclusive)
    expect((await failings(paused.id)).map((e) => e.timestamp)).toEqual([at(90)]);
    expect((await failings(pausedByAll.id)).map((e) => e.accountId)).toEqual([other.accountId]);
  });

  it("writes one FAILING per silence when several sweeps run at once", async () => {
    const checks = await Promise.all([heartbeatCheck(), heartbeatCheck(), heartbeatCheck()]);
    for (const check of checks) await ping(check, at(0));
    const counts = await Promise.all(Array.from({ length: 6 }, () => sweep(at(120))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    for (const check of checks) expect(await failings(check.id)).toHaveLength(1);
  });

  it("publishes each FAILING it writes on the bus, once", async () => {
    const check = await heartbeatCheck();
    const published: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => published.push(event));
    try {
      await sweep(at(91));
      await sweep(at(92));
    } finally {
      unsubscribe();
    }
    const [failing] = await failings(check.id);
    // The FAILING also turns the check's status FAILING (checkStatusChanged): alerting's event.
    expect(published.filter((event) => event.type === "heartbeatEventRecorded")).toEqual([
      {
        type: "heartbeatEventRecorded",
        accountId: t.accountId,
        checkId: check.id,
        eventId: failing!.id,
        state: "FAILING",
      },
    ]);
  });

  it("handles every account's checks, each on its own events", async () => {
    const other = await t.newAccount();
    const mine = await heartbeatCheck();
    const theirs = await heartbeatCheck({ accountId: other.accountId });
    await ping(mine, at(0));
    await ping(theirs, at(50));
    expect(await sweep(at(100))).toBe(1); // mine only: theirs is due after 140 s
    expect(await sweep(at(141))).toBe(1);
    expect((await failings(mine.id)).map((e) => [e.accountId, e.timestamp])).toEqual([[t.accountId, at(90)]]);
    expect((await failings(theirs.id)).map((e) => [e.accountId, e.timestamp])).toEqual([[other.accountId, at(140)]]);
  });

  it("shows the FAILING in the REST events list and as an event of its own", async () => {
    const check = await heartbeatCheck();
    await ping(check, at(0));
    await sweep(at(95));
    const [failing] = await failings(check.id);
    const api = t.api;
    const list = await api.get(
      `/v1/checks/heartbeats/${check.id}/events?startTime=${at(-60).toISOString()}&endTime=${at(3_600).toISOString()}`,
    );
    expect(list.status).toBe(200);
    expect(list.body[0].events).toEqual([
      { id: failing!.id, state: "FAILING", timestamp: "2030-01-01T00:01:30.000Z", source: null, userAgent: null },
      {
        id: expect.any(String),
        state: "RECEIVED",
        timestamp: "2030-01-01T00:00:00.000Z",
        source: null,
        userAgent: null,
      },
    ]);
    const one = await api.get(`/v1/checks/heartbeats/${check.id}/events/${failing!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: failing!.id, state: "FAILING" });
  });

  it("reads the latest events of all heartbeat checks in a fixed number of statements", async () => {
    const checks = await Promise.all(Array.from({ length: 25 }, () => heartbeatCheck()));
    for (const check of checks) await ping(check, at(0));
    statements = [];
    try {
      expect(await sweep(at(60))).toBe(0);
    } finally {
      expect(statements.length).toBeLessThanOrEqual(3);
      statements = null;
    }
  });

  it("reads the checks in pages and writes many silences in chunks, each FAILING once", async () => {
    const many = await Promise.all(Array.from({ length: 260 }, () => heartbeatCheck()));
    const published: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => published.push(event));
    statements = [];
    // SQLite's batch writer runs its statements on a connection of its own (src/db/sqlite-writes.ts).
    const writer = await sqliteWriter(db());
    writer?.observe((sql) => statements?.push(sql));
    try {
      expect(await sweep(at(91))).toBe(260);
    } finally {
      writer?.observe(null);
      unsubscribe();
    }
    const all = statements;
    statements = null;
    // Two keyset pages of at most 250 checks, each with its checks' latest events.
    expect(all.filter((sql) => /FROM "Check" c\s+LEFT JOIN "CheckGroup"/.test(sql))).toHaveLength(2);
    // The events go in one statement per chunk (one transaction of at least two checks, but for
    // the last of a page).
    const inserts = all.filter((sql) => /INSERT INTO "HeartbeatEvent"/.test(sql));
    expect(inserts.length).toBeGreaterThan(0);
    expect(inserts.length).toBeLessThanOrEqual(260 / 2 + 2);
    const ids = many.map((c) => c.id);
    const events = await db().heartbeatEvent.findMany({ where: { checkId: { in: ids } } });
    expect(events).toHaveLength(260);
    expect(new Set(events.map((e) => e.checkId)).size).toBe(260);
    expect(events.every((e) => e.state === "FAILING" && e.timestamp.getTime() === at(90).getTime())).toBe(true);
    const statuses = await db().checkStatus.findMany({ where: { checkId: { in: ids } } });
    expect(statuses.map((s) => s.condition)).toEqual(ids.map(() => "FAILING"));
    const recorded = published.filter((e) => e.type === "heartbeatEventRecorded");
    expect(new Set(recorded.map((e) => (e as { checkId: string }).checkId)).size).toBe(260);
    expect(await sweep(at(92))).toBe(0);
  }, 120_000);
});

import { systemContext } from "../../../src/app-context.js";
import { beforeEach, describe, expect, it } from "vitest";
import { dueRuns, phaseMs } from "../../../src/domain/monitoring/plan.js";
import { scheduleDueRuns, SCHEDULER_DEFAULTS, SCHEDULER_STATE_ID } from "../../../src/domain/runs/schedule.js";
import type { VigilEvent } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, postMaintenanceWindow, createPrivateLocation } from "../../support/index.js";

describe(`the scheduler on ${testProvider}`, () => {
  const t = useTestApp();
  const db = () => t.db;
  const newCheck = checkFactory(t);
  // Each test plans from a clean slate: no progress row, no queued runs, only its own checks active.
  beforeEach(async () => {
    await db().schedulerState.deleteMany({});
    await db().checkRun.deleteMany({});
    await db().check.updateMany({ data: { activated: false } });
  });

  const runsOf = (checkId: string) =>
    db().checkRun.findMany({ where: { checkId }, orderBy: [{ dueAt: "asc" }, { id: "asc" }] });
  /** Plans `ticks` consecutive windows from `start`, one scheduler tick per `step` ms. */
  async function tick(start: number, ticks: number, step = 5_000) {
    let queued = 0;
    for (let i = 0; i < ticks; i++)
      queued += (await scheduleDueRuns({ ctx: systemContext(t.app.context), now: new Date(start + i * step) })).queued;
    return queued;
  }

  it("queues each run at its due time, round-robin over the locations, once per run", async () => {
    const check = await newCheck({ locations: ["eu-west-1", "us-east-1", "ap-south-1"] });
    await db().check.update({ where: { id: check.id }, data: { frequency: 1, frequencyOffset: 5 } });
    const start = Date.UTC(2030, 0, 1, 12, 0, 0);
    await tick(start, 12 * 6); // six minutes of ticks
    const runs = await runsOf(check.id);
    // Offset 5 of a 1-minute check: 5 slots of 6 s = 30 s into each minute.
    expect(runs.map((r) => r.dueAt.getUTCSeconds())).toEqual(runs.map(() => 30));
    expect(runs.length).toBeGreaterThanOrEqual(6);
    const gaps = runs.slice(1).map((r, i) => r.dueAt.getTime() - runs[i]!.dueAt.getTime());
    expect(new Set(gaps)).toEqual(new Set([60_000]));
    // Round-robin: consecutive runs cycle through the three locations, each run its own sequence.
    const places = runs.map((r) => r.location);
    expect(places.slice(0, 3).sort()).toEqual(["ap-south-1", "eu-west-1", "us-east-1"]);
    expect(places.slice(3, 6)).toEqual(places.slice(0, 3));
    expect(new Set(runs.map((r) => r.sequenceId)).size).toBe(runs.length);
    expect(runs.every((r) => r.status === "QUEUED" && r.privateLocationId === null && r.sessionId === null)).toBe(true);
  });

  it("runs every location with runParallel, sharing one sequenceId per run", async () => {
    const check = await newCheck({ locations: ["eu-west-1", "us-east-1"] });
    await db().check.update({ where: { id: check.id }, data: { frequency: 1, frequencyOffset: 1, runParallel: true } });
    await tick(Date.UTC(2030, 0, 2), 12 * 3);
    const runs = await runsOf(check.id);
    const bySequence = new Map<string, typeof runs>();
    for (const run of runs) bySequence.set(run.sequenceId, [...(bySequence.get(run.sequenceId) ?? []), run]);
    expect(bySequence.size).toBeGreaterThanOrEqual(3);
    for (const group of bySequence.values())
      expect(group.map((r) => r.location).sort()).toEqual(["eu-west-1", "us-east-1"]);
  });

  it("runs frequency 0 checks every frequencyOffset seconds", async () => {
    for (const seconds of [10, 20, 30]) {
      await db().schedulerState.deleteMany({});
      const check = await newCheck();
      await db().check.update({ where: { id: check.id }, data: { frequency: 0, frequencyOffset: seconds } });
      await tick(Date.UTC(2030, 0, 3) + seconds * 10_000, 12 * 2);
      const runs = await runsOf(check.id);
      expect(runs.length).toBeGreaterThanOrEqual(120 / seconds - 1);
      const gaps = runs.slice(1).map((r, i) => r.dueAt.getTime() - runs[i]!.dueAt.getTime());
      expect(new Set(gaps)).toEqual(new Set([seconds * 1000]));
      await db().check.update({ where: { id: check.id }, data: { activated: false } });
    }
  });

  it("leaves out deactivated checks, checks of deactivated groups, heartbeats and checks paused by maintenance", async () => {
    const api = t.api;
    const group = (await api.post("/v1/check-groups", { name: "off", activated: false, locations: ["eu-west-1"] }))
      .body as { id: number };
    const inGroup = await newCheck({ groupId: group.id });
    const off = await newCheck({ activated: false });
    const heartbeat = await newCheck({ checkType: "HEARTBEAT" });
    const paused = await newCheck({ tags: ["db"] });
    const other = await t.newAccount();
    const otherPaused = await newCheck({ tags: ["db"] }, other.accountId);
    const running = await newCheck();
    const start = Date.UTC(2030, 0, 4);
    const window = await postMaintenanceWindow(api, start - 60_000, start + 3_600_000, {
      name: "db upgrade",
      tags: ["db"],
    });
    expect(window.status).toBe(201);
    for (const c of [inGroup, off, heartbeat, paused, running, otherPaused])
      await db().check.update({ where: { id: c.id }, data: { frequency: 1 } });
    await db().check.update({ where: { id: running.id }, data: { activated: true } });
    await tick(start, 12 * 2);
    for (const c of [inGroup, off, heartbeat, paused]) expect(await runsOf(c.id)).toEqual([]);
    expect((await runsOf(running.id)).length).toBeGreaterThanOrEqual(1);
    // The window is the first account's: the other account's tagged check runs.
    expect((await runsOf(otherPaused.id)).length).toBeGreaterThanOrEqual(1);
  });

  it("queues private-location runs for the agents and wakes them", async () => {
    const location = await createPrivateLocation(t, { name: "Office", slugName: "office" });
    const check = await newCheck({ locations: [], privateLocations: ["office", "no-such-location"] });
    await db().check.update({ where: { id: check.id }, data: { frequency: 1 } });
    const events: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((e) => events.push(e));
    await tick(Date.UTC(2030, 0, 5), 12 * 2);
    unsubscribe();
    const runs = await runsOf(check.id);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.every((r) => r.privateLocationId === location.id && r.location === null)).toBe(true);
    expect(events).toContainEqual({ type: "runsQueued", accountId: t.accountId, privateLocationIds: [location.id] });
  });

  it("plans each window once, even when instances tick at the same moment", async () => {
    const check = await newCheck();
    await db().check.update({ where: { id: check.id }, data: { frequency: 0, frequencyOffset: 10 } });
    const at = new Date(Date.UTC(2030, 0, 6));
    await scheduleDueRuns({ ctx: systemContext(t.app.context), now: at }); // plans (at, at + horizon]
    const next = at.getTime() + SCHEDULER_DEFAULTS.horizonMs - SCHEDULER_DEFAULTS.leadMs + 1_000; // inside the lead: due for planning
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => scheduleDueRuns({ ctx: systemContext(t.app.context), now: new Date(next) })),
    );
    expect(results.filter((r) => r.planned)).toHaveLength(1);
    const runs = await runsOf(check.id);
    expect(runs.filter((r) => r.dueAt.getTime() > at.getTime() + SCHEDULER_DEFAULTS.horizonMs)).toHaveLength(
      results.reduce((a, r) => a + r.queued, 0),
    );
    expect(new Set(runs.map((r) => r.scheduleKey)).size).toBe(runs.length);
    // A tick within the planned window's lead changes nothing.
    expect(await scheduleDueRuns({ ctx: systemContext(t.app.context), now: new Date(next + 1_000) })).toEqual({
      planned: false,
      queued: 0,
    });
    const state = await db().schedulerState.findUniqueOrThrow({ where: { id: SCHEDULER_STATE_ID } });
    expect(state.plannedUntil.getTime()).toBe(next + SCHEDULER_DEFAULTS.horizonMs);
  });

  it("does not make up runs missed while no instance was running", async () => {
    const check = await newCheck();
    await db().check.update({ where: { id: check.id }, data: { frequency: 1, frequencyOffset: null } });
    const at = Date.UTC(2030, 0, 7);
    await scheduleDueRuns({ ctx: systemContext(t.app.context), now: new Date(at) });
    const later = at + 3_600_000;
    await scheduleDueRuns({ ctx: systemContext(t.app.context), now: new Date(later) });
    const runs = await runsOf(check.id);
    const schedulable = {
      id: check.id,
      frequency: 1,
      frequencyOffset: null,
      locations: ["eu-west-1"],
      runParallel: false,
    };
    const expected = [
      ...dueRuns(schedulable, at, at + 10_000),
      ...dueRuns(schedulable, later - SCHEDULER_DEFAULTS.catchUpMs, later + 10_000),
    ];
    expect(runs.map((r) => r.dueAt.getTime())).toEqual(expected.map((r) => r.dueAt));
    expect(phaseMs(schedulable) % 100).toBe(0);
  });
});

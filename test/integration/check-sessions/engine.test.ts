// Check sessions in the engine: group concurrency (PENDING runs promoted as slots free up), with
// the test playing the runner through recordCheckResult and direct run updates (no engine).
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import {
  cancelCheckSession,
  promotePendingRuns,
  triggerCheckSessions,
} from "../../../src/domain/check-sessions/index.js";
import type { VigilEvent } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory } from "../../support/index.js";

describe(`check sessions: group concurrency on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const newCheck = checkFactory(t, { locations: ["eu-west-1", "us-east-1"] });
  const ctx = (at?: Date) => ({ ...domainContext(t.app.context, t.accountId), ...(at ? { now: () => at } : {}) });
  const newGroup = async (concurrency: number) =>
    (await api.post("/v1/check-groups", { name: `Group of ${concurrency}`, concurrency })).body.id as number;
  let created = Date.UTC(2026, 0, 1);
  /** Checks made one after the other, a second apart: their creation order is the trigger's order. */
  const checksIn = async (
    groupId: number | undefined,
    n: number,
    extra: { privateLocations?: string[]; locations?: string[] } = {},
  ) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const { id } = await newCheck({ name: `Check ${i}`, groupId, ...extra });
      await db().check.update({ where: { id }, data: { createdAt: new Date((created += 1000)) } });
      ids.push(id);
    }
    return ids;
  };
  const trigger = async (checkIds: string[], at?: Date) => {
    const sessions = await triggerCheckSessions({ ctx: ctx(at), input: { target: { checkId: checkIds } } });
    return new Map(sessions.map((s) => [s.check.id, s.id]));
  };
  const runsOf = (checkId: string) => db().checkRun.findMany({ where: { checkId }, orderBy: { id: "asc" } });
  const statusesOf = async (checkIds: string[]) =>
    Promise.all(checkIds.map(async (id) => [...new Set((await runsOf(id)).map((r) => r.status))].join()));
  /** The runner's part: a FINAL result for every run of the check still open. */
  const finish = async (checkId: string, at?: Date) => {
    for (const run of await runsOf(checkId)) {
      if (run.status === "QUEUED" || run.status === "RUNNING")
        await recordCheckResult({
          ctx: ctx(at),
          input: { checkId, checkRunId: run.id, runLocation: run.location ?? "private" },
        });
    }
  };
  const sessionStatus = async (id: string) => (await db().checkSession.findUniqueOrThrow({ where: { id } })).status;

  it("concurrency 1: one check's runs under way at a time, the next promoted when its last run ends", async () => {
    const groupId = await newGroup(1);
    const checks = await checksIn(groupId, 3);
    const response = await api.post("/v1/check-sessions/trigger", { target: { checkId: checks } });
    expect(response.status).toBe(201);
    expect(response.body.sessions.map((s: { status: string }) => s.status)).toEqual(["STARTED", "STARTED", "STARTED"]);
    expect(await statusesOf(checks)).toEqual(["QUEUED", "PENDING", "PENDING"]);
    expect((await runsOf(checks[1]!)).every((r) => r.groupId === groupId)).toBe(true);

    // A claimed run is still under way; the first location's FINAL result does not free the slot.
    const [eu, us] = await runsOf(checks[0]!);
    await db().checkRun.update({
      where: { id: us!.id },
      data: { status: "RUNNING", leaseOwner: "test", claimedAt: new Date() },
    });
    await recordCheckResult({
      ctx: ctx(),
      input: { checkId: checks[0], checkRunId: eu!.id, runLocation: "eu-west-1" },
    });
    expect(await statusesOf(checks)).toEqual(["DONE,RUNNING", "PENDING", "PENDING"]);
    const sessions = new Map<string, string>(
      response.body.sessions.map((s: { checkId: string; checkSessionId: string }) => [s.checkId, s.checkSessionId]),
    );
    expect(await Promise.all(checks.map((id) => sessionStatus(sessions.get(id)!)))).toEqual([
      "PROGRESS",
      "STARTED",
      "STARTED",
    ]);

    const later = new Date(Date.now() + 60_000);
    await recordCheckResult({
      ctx: ctx(later),
      input: { checkId: checks[0], checkRunId: us!.id, runLocation: "us-east-1" },
    });
    expect(await statusesOf(checks)).toEqual(["DONE", "QUEUED", "PENDING"]);
    expect((await runsOf(checks[1]!)).map((r) => r.dueAt)).toEqual([later, later]);
    expect(await sessionStatus(sessions.get(checks[0]!)!)).toBe("PASSED");
    expect(await sessionStatus(sessions.get(checks[1]!)!)).toBe("STARTED");

    await finish(checks[1]!);
    expect(await statusesOf(checks)).toEqual(["DONE", "DONE", "QUEUED"]);
    await finish(checks[2]!);
    expect(await Promise.all(checks.map((id) => sessionStatus(sessions.get(id)!)))).toEqual([
      "PASSED",
      "PASSED",
      "PASSED",
    ]);
    expect(await promotePendingRuns({ ctx: { db: db() }, now: new Date() })).toBe(0);
  });

  it("concurrency 2 across sessions: two checks under way, checks outside groups unaffected", async () => {
    const groupId = await newGroup(2);
    const grouped = await checksIn(groupId, 3);
    const loose = await checksIn(undefined, 2);
    await trigger([grouped[0]!, loose[0]!]);
    const second = await trigger([grouped[1]!, grouped[2]!, loose[1]!]);
    expect(await statusesOf([...grouped, ...loose])).toEqual(["QUEUED", "QUEUED", "PENDING", "QUEUED", "QUEUED"]);
    expect((await runsOf(loose[0]!)).every((r) => r.groupId === null)).toBe(true);

    // A session that fails still frees its slot.
    for (const run of await runsOf(grouped[1]!))
      await recordCheckResult({
        ctx: ctx(),
        input: { checkId: grouped[1], checkRunId: run.id, runLocation: run.location!, hasFailures: true },
      });
    expect(await sessionStatus(second.get(grouped[1]!)!)).toBe("FAILED");
    expect(await statusesOf(grouped)).toEqual(["QUEUED", "DONE", "QUEUED"]);
    await finish(loose[0]!);
    expect(await statusesOf(grouped)).toEqual(["QUEUED", "DONE", "QUEUED"]);
  });

  it("a check triggered again waits for its running session, even with free slots", async () => {
    const groupId = await newGroup(3);
    const [check] = await checksIn(groupId, 1);
    await trigger([check!]);
    await trigger([check!]);
    const runs = await runsOf(check!);
    expect(runs.map((r) => r.status)).toEqual(["QUEUED", "QUEUED", "PENDING", "PENDING"]);
    await finish(check!);
    expect((await runsOf(check!)).map((r) => r.status)).toEqual(["DONE", "DONE", "QUEUED", "QUEUED"]);
    await finish(check!);
  });

  it("the catch-all promotes slots freed without a settle, never past the cap when called at once", async () => {
    const groupId = await newGroup(2);
    const checks = await checksIn(groupId, 6);
    await trigger(checks);
    expect(await statusesOf(checks)).toEqual(["QUEUED", "QUEUED", "PENDING", "PENDING", "PENDING", "PENDING"]);
    expect(await promotePendingRuns({ ctx: { db: db() }, now: new Date() })).toBe(0);
    // Both under-way runs end behind the domain's back (as a lost runner's would be reaped).
    await db().checkRun.updateMany({ where: { checkId: { in: checks.slice(0, 2) } }, data: { status: "DONE" } });
    const promoted = await Promise.all([
      promotePendingRuns({ ctx: { db: db() }, now: new Date() }),
      promotePendingRuns({ ctx: { db: db() }, now: new Date() }),
      promotePendingRuns({ ctx: { db: db() }, now: new Date() }),
    ]);
    expect(promoted.reduce((a, b) => a + b)).toBe(4); // two checks of two locations
    expect(await statusesOf(checks)).toEqual(["DONE", "DONE", "QUEUED", "QUEUED", "PENDING", "PENDING"]);
    await db().checkRun.updateMany({ where: { checkId: { in: checks }, status: "QUEUED" }, data: { status: "DONE" } });
    expect(await promotePendingRuns({ ctx: { db: db() }, now: new Date() })).toBe(4);
    expect(await statusesOf(checks)).toEqual(["DONE", "DONE", "DONE", "DONE", "QUEUED", "QUEUED"]);
    await db().checkRun.updateMany({ where: { checkId: { in: checks } }, data: { status: "DONE" } });
  });

  it("concurrent triggers into one group start only `concurrency` checks", async () => {
    const groupId = await newGroup(1);
    const checks = await checksIn(groupId, 4);
    await Promise.all(checks.map((id) => trigger([id])));
    const statuses = await statusesOf(checks);
    expect(statuses.filter((s) => s === "QUEUED")).toHaveLength(1);
    expect(statuses.filter((s) => s === "PENDING")).toHaveLength(3);
    await db().checkRun.updateMany({ where: { checkId: { in: checks } }, data: { status: "DONE" } });
  });

  it("FINAL results of one session's runs arriving at once end it, and the next check starts", async () => {
    const groupId = await newGroup(1);
    const many = ["eu-west-1", "us-east-1", "ap-south-1", "eu-central-1", "us-west-2"];
    const checks = [...(await checksIn(groupId, 1, { locations: many })), ...(await checksIn(groupId, 1))];
    const sessions = await trigger(checks);
    const runs = await runsOf(checks[0]!);
    await Promise.all(
      runs.map((run) =>
        recordCheckResult({
          ctx: ctx(),
          input: { checkId: checks[0], checkRunId: run.id, runLocation: run.location! },
        }),
      ),
    );
    expect(await sessionStatus(sessions.get(checks[0]!)!)).toBe("PASSED");
    expect(await statusesOf(checks)).toEqual(["DONE", "QUEUED"]);
    await finish(checks[1]!);
  });

  it("results, a cancel and the catch-all racing on one group neither fail nor overshoot", async () => {
    const groupId = await newGroup(1);
    const checks = await checksIn(groupId, 3);
    const sessions = await trigger(checks);
    const runs = await runsOf(checks[0]!);
    await Promise.all([
      ...runs.map((run) =>
        recordCheckResult({
          ctx: ctx(),
          input: { checkId: checks[0], checkRunId: run.id, runLocation: run.location! },
        }),
      ),
      cancelCheckSession({ ctx: ctx(), id: sessions.get(checks[0]!), input: undefined }),
      cancelCheckSession({ ctx: ctx(), id: sessions.get(checks[2]!), input: undefined }),
      promotePendingRuns({ ctx: { db: db() }, now: new Date() }),
    ]);
    expect(["PASSED", "CANCELLED"]).toContain(await sessionStatus(sessions.get(checks[0]!)!));
    expect(await sessionStatus(sessions.get(checks[2]!)!)).toBe("CANCELLED");
    expect(await statusesOf(checks.slice(1))).toEqual(["QUEUED", "CANCELLED"]);
    await finish(checks[1]!);
  });

  it("cancel: a pending session ends CANCELLED with nothing left pending; cancelling a running one starts the next", async () => {
    const groupId = await newGroup(1);
    const checks = await checksIn(groupId, 3);
    const sessions = await trigger(checks);
    const pending = sessions.get(checks[2]!)!;
    expect((await api.post(`/v1/check-sessions/${pending}/cancel`)).status).toBe(204);
    expect(await sessionStatus(pending)).toBe("CANCELLED");
    const runs = await runsOf(checks[2]!);
    expect(runs.map((r) => [r.status, r.cancelRequested])).toEqual([
      ["CANCELLED", true],
      ["CANCELLED", true],
    ]);
    const results = await db().checkResult.findMany({ where: { sessionId: pending } });
    expect(results.map((r) => [r.resultType, r.isCancelled, r.checkRunId]).sort()).toEqual(
      runs.map((r) => ["FINAL", true, r.id]).sort(),
    );
    expect(await statusesOf(checks)).toEqual(["QUEUED", "PENDING", "CANCELLED"]);

    const events: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => events.push(event));
    const at = new Date(Date.now() + 5_000);
    await cancelCheckSession({ ctx: ctx(at), id: sessions.get(checks[0]!), input: undefined });
    unsubscribe();
    expect(await sessionStatus(sessions.get(checks[0]!)!)).toBe("CANCELLED");
    expect(await statusesOf(checks)).toEqual(["CANCELLED", "QUEUED", "CANCELLED"]);
    expect((await runsOf(checks[1]!)).map((r) => r.dueAt)).toEqual([at, at]);
    expect(events.filter((e) => e.type === "checkResultRecorded")).toHaveLength(2);
    expect(await db().checkRun.count({ where: { checkId: { in: checks }, status: "PENDING" } })).toBe(0);
    await finish(checks[1]!);
  });

  it("announces runsQueued for private-location runs that start, at trigger and when promoted", async () => {
    const location = (await api.post("/v1/private-locations", { name: "Lab", slugName: "lab-sessions" })).body
      .id as string;
    const groupId = await newGroup(1);
    const checks = await checksIn(groupId, 3, { privateLocations: ["lab-sessions"] });
    const events: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => events.push(event));
    try {
      const sessions = await trigger(checks);
      expect(events).toEqual([{ type: "runsQueued", accountId: t.accountId, privateLocationIds: [location] }]);
      expect(await statusesOf(checks)).toEqual(["QUEUED", "PENDING", "PENDING"]);
      events.length = 0;
      await cancelCheckSession({ ctx: ctx(), id: sessions.get(checks[0]!), input: {} });
      expect(events.filter((e) => e.type === "runsQueued")).toEqual([
        { type: "runsQueued", accountId: t.accountId, privateLocationIds: [location] },
      ]);
      expect(await statusesOf(checks)).toEqual(["CANCELLED", "QUEUED", "PENDING"]);
      // A FINAL result that frees the slot wakes the location's agents for the next check's run.
      events.length = 0;
      await finish(checks[1]!);
      expect(events.filter((e) => e.type === "runsQueued")).toEqual([
        { type: "runsQueued", accountId: t.accountId, privateLocationIds: [location] },
      ]);
      expect(await statusesOf(checks)).toEqual(["CANCELLED", "DONE", "QUEUED"]);
      await finish(checks[2]!);
    } finally {
      unsubscribe();
    }
  });
});

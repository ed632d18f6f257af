import { randomUUID } from "node:crypto";
import { createServer, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimRuns } from "../../../src/domain/runs/index.js";
import { startEngine, type Engine } from "../../../src/engine/engine.js";
import { dueRuns } from "../../../src/domain/monitoring/plan.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

/** Polls `probe` until it returns a truthy value (the engine works in the background). */
async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out waiting for the engine");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`the engine loop on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let target: Server;
  let base: string;
  const held: ServerResponse[] = [];
  let hits = 0;
  const db = () => t.db;
  beforeAll(async () => {
    // /hang answers only when the test lets it (a check under way), anything else at once.
    target = createServer((req, res) => {
      hits++;
      if (req.url === "/hang") held.push(res);
      else res.end("ok");
    });
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of held) res.end("late");
    await t.stop();
    await new Promise<void>((r) => target.close(() => r()));
  });

  /** An engine of its own per test, on a clock `shift` ms ahead of real time. */
  function engine(shift = 0, leaseMs = 60_000): Engine {
    return startEngine(t.app.context, {
      concurrency: 10,
      leaseMs,
      now: () => new Date(Date.now() + shift),
      maxIdleMs: 50,
    });
  }
  const createApiCheck = async (path: string, extra: Record<string, unknown> = {}) =>
    (
      await api.post("/v1/checks/api", {
        name: path,
        locations: ["eu-west-1"],
        frequency: 1,
        request: { method: "GET", url: `${base}${path}` },
        ...extra,
      })
    ).body as { id: string };

  it("schedules a check, runs it when due and records its FINAL result", async () => {
    const check = await createApiCheck("/scheduled");
    // Move the engine's clock to just before the check's next due time.
    const next = dueRuns(
      { id: check.id, frequency: 1, frequencyOffset: null, locations: ["eu-west-1"], runParallel: false },
      Date.now(),
      Date.now() + 60_000,
    )[0]!;
    const e = engine(next.dueAt - Date.now() - 500);
    try {
      const page = await eventually(async () => {
        const res = await api.get(`/v2/check-results/${check.id}`);
        return res.body.entries.length > 0 ? res.body : null;
      });
      expect(page.entries[0]).toMatchObject({
        checkId: check.id,
        resultType: "FINAL",
        hasFailures: false,
        runLocation: "eu-west-1",
      });
      const run = await db().checkRun.findFirstOrThrow({ where: { checkId: check.id, status: "DONE" } });
      expect(run.dueAt.getTime()).toBe(next.dueAt);
      expect(run.scheduleKey).toBe(`${check.id}:${next.index}:eu-west-1`);
      expect(e.stats.recorded).toBeGreaterThanOrEqual(1);
      expect(e.stats.lagMs.every((lag) => lag >= 0)).toBe(true);
    } finally {
      await e.stop(1_000);
      await api.delete(`/v1/checks/${check.id}`);
    }
  });

  it("stops a run under way when its session is cancelled, and records nothing more for it", async () => {
    const check = await createApiCheck("/hang", { activated: true, frequency: 1440 });
    const e = engine();
    try {
      const trigger = await api.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
      expect(trigger.status).toBe(201);
      const sessionId = trigger.body.sessions[0].checkSessionId as string;
      await eventually(async () => held.length > 0);
      expect((await api.post(`/v1/check-sessions/${sessionId}/cancel`, {})).status).toBe(204);
      held.splice(0).forEach((res) => res.end("late"));
      await eventually(async () => e.stats.lost >= 1);
      await eventually(async () => e.inFlight() === 0);
      const results = await db().checkResult.findMany({ where: { checkId: check.id } });
      expect(results.map((r) => [r.resultType, r.isCancelled])).toEqual([["FINAL", true]]);
      expect((await api.get(`/v1/check-sessions/${sessionId}`)).body.status).toBe("CANCELLED");
    } finally {
      await e.stop(1_000);
      await api.delete(`/v1/checks/${check.id}`);
    }
  });

  it("re-claims a run whose runner died once its lease expires", async () => {
    const check = await createApiCheck("/reclaimed", { frequency: 1440 });
    const run = await db().checkRun.create({
      data: {
        accountId: t.accountId,
        checkId: check.id,
        location: "eu-west-1",
        sequenceId: randomUUID(),
        dueAt: new Date(),
      },
    });
    // A runner claims it with a short lease and then never comes back.
    const [dead] = await claimRuns({
      ctx: { db: db() },
      privateLocationId: null,
      owner: "dead-runner",
      now: new Date(),
      leaseMs: 300,
      limit: 10,
    });
    expect(dead?.id).toBe(run.id);
    const e = engine();
    try {
      const done = await eventually(() => db().checkRun.findFirst({ where: { id: run.id, status: "DONE" } }));
      expect(done.leaseOwner).toBe(e.owner);
      const results = await db().checkResult.findMany({ where: { checkRunId: run.id } });
      expect(results).toHaveLength(1);
    } finally {
      await e.stop(1_000);
      await api.delete(`/v1/checks/${check.id}`);
    }
  });

  it("shares the queue between instances: two engines run each of 60 due runs exactly once", async () => {
    const check = await createApiCheck("/shared", { frequency: 1440 });
    await db().checkRun.createMany({
      data: Array.from({ length: 60 }, () => ({
        accountId: t.accountId,
        checkId: check.id,
        location: "eu-west-1",
        sequenceId: randomUUID(),
        dueAt: new Date(),
      })),
    });
    const before = hits;
    const [a, b] = [engine(), engine()];
    try {
      await eventually(
        async () => (await db().checkRun.count({ where: { checkId: check.id, status: "DONE" } })) === 60,
      );
      const results = await db().checkResult.findMany({
        where: { checkId: check.id },
        select: { checkRunId: true, resultType: true },
      });
      expect(results).toHaveLength(60);
      expect(new Set(results.map((r) => r.checkRunId)).size).toBe(60);
      expect(hits - before).toBe(60);
      expect(a.stats.claimed + b.stats.claimed).toBe(60);
      expect(a.stats.recorded + b.stats.recorded).toBe(60);
    } finally {
      await Promise.all([a.stop(1_000), b.stop(1_000)]);
      await api.delete(`/v1/checks/${check.id}`);
    }
  });

  it("hands runs still under way back to the queue when it stops", async () => {
    const check = await createApiCheck("/hang", { frequency: 1440 });
    const run = await db().checkRun.create({
      data: {
        accountId: t.accountId,
        checkId: check.id,
        location: "eu-west-1",
        sequenceId: randomUUID(),
        dueAt: new Date(),
      },
    });
    const e = engine();
    await eventually(async () => held.length > 0);
    await e.stop(100);
    const after = await db().checkRun.findUniqueOrThrow({ where: { id: run.id } });
    expect([after.status, after.leaseOwner]).toEqual(["QUEUED", null]);
    held.splice(0).forEach((res) => res.end("late"));
    expect(await db().checkResult.count({ where: { checkRunId: run.id } })).toBe(0);
    await api.delete(`/v1/checks/${check.id}`);
  });

  it("tells a sweep it is quiet only once the run falling due was claimed and its result written", async () => {
    const check = await createApiCheck("/quiet", { frequency: 1440 });
    const queue = (dueAt: number) =>
      db().checkRun.create({
        data: {
          accountId: t.accountId,
          checkId: check.id,
          location: "eu-west-1",
          sequenceId: randomUUID(),
          dueAt: new Date(dueAt),
        },
      });
    const e = engine();
    try {
      // Nothing queued: quiet at once.
      expect(await e.quiet(1_000, 60_000)).toBe(true);
      const run = await queue(Date.now() + 400);
      // The claim loop (idle at most 50 ms here) sees the run falling due within the next second.
      await new Promise((r) => setTimeout(r, 150));
      expect(await e.quiet(1_000, 60_000)).toBe(true);
      // A sweep let in now lands on no claim and no result write: the run was claimed, its result is in.
      const claimed = await db().checkRun.findUniqueOrThrow({ where: { id: run.id } });
      expect(claimed.claimedAt).not.toBeNull();
      expect(await db().checkResult.count({ where: { checkRunId: run.id } })).toBe(1);
    } finally {
      await e.stop(1_000);
    }
    // A busy engine still lets the sweep go after its longest wait, and says it was not quiet.
    const busy = engine();
    try {
      await queue(Date.now() + 3_600_000);
      await new Promise((r) => setTimeout(r, 150));
      expect(await busy.quiet(7_200_000, 0)).toBe(false);
    } finally {
      await busy.stop(100);
    }
    await api.delete(`/v1/checks/${check.id}`);
  });
});

// Check sessions that do not finish: a DROPPED run makes the session TIMED_OUT, and the sweep
// (timeOutSessions) ends stuck sessions past SESSION_TIMEOUT_MS. Times are injected: every
// session here starts in the past, far from the wall clock's sessions of other tests.
import { systemContext } from "../../../src/app-context.js";
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import {
  SESSION_TIMEOUT_MS,
  sessionOutcome,
  timeOutSessions,
  triggerCheckSessions,
} from "../../../src/domain/check-sessions/index.js";
import { renewLease } from "../../../src/domain/runs/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory } from "../../support/index.js";

describe(`check sessions: time-outs on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let day = 0;
  const db = () => t.db;
  const newCheck = checkFactory(t, { locations: ["eu-west-1", "us-east-1"] });
  const ctx = (at: Date) => ({ ...domainContext(t.app.context, t.accountId), now: () => at });
  /** A start time of its own for each test: a day of January 2020 (the sweep only sees older sessions). */
  const nextStart = () => new Date(Date.UTC(2020, 0, ++day));
  const after = (start: Date, ms: number) => new Date(start.getTime() + ms);
  const trigger = async (checkIds: string[], at: Date) =>
    (await triggerCheckSessions({ ctx: ctx(at), input: { target: { checkId: checkIds } } })).map((s) => s.id);
  const runsOf = (sessionId: string) => db().checkRun.findMany({ where: { sessionId }, orderBy: { id: "asc" } });
  const session = (id: string) => db().checkSession.findUniqueOrThrow({ where: { id } });

  it("a DROPPED run makes the session TIMED_OUT, whatever the results say", async () => {
    const start = nextStart();
    const check = await newCheck();
    const [id] = await trigger([check.id], start);
    const [eu, us] = await runsOf(id!);
    await recordCheckResult({
      ctx: ctx(after(start, 1000)),
      input: { checkId: check.id, checkRunId: eu!.id, runLocation: "eu-west-1", hasFailures: true },
    });
    // As the private-location reaper does: the run DROPPED, with an erroring FINAL result.
    await db().checkRun.update({ where: { id: us!.id }, data: { status: "DROPPED", finishedAt: after(start, 2000) } });
    await recordCheckResult({
      ctx: ctx(after(start, 2000)),
      input: { checkId: check.id, checkRunId: us!.id, runLocation: "us-east-1", hasErrors: true },
    });
    expect(await session(id!)).toMatchObject({ status: "TIMED_OUT", stoppedAt: after(start, 2000) });
    expect((await api.get(`/v1/check-sessions/${id}/completion?maxWaitSeconds=1`)).body).toMatchObject({
      status: "TIMED_OUT",
    });

    const final = { hasFailures: false, hasErrors: false, isDegraded: false, isCancelled: false };
    expect(
      sessionOutcome(
        [
          { id: 1, status: "DONE" },
          { id: 2, status: "DROPPED" },
        ],
        [
          { ...final, checkRunId: 1 },
          { ...final, checkRunId: 2, hasErrors: true },
        ],
      ),
    ).toBe("TIMED_OUT");
    expect(
      sessionOutcome(
        [
          { id: 1, status: "CANCELLED" },
          { id: 2, status: "DROPPED" },
        ],
        [{ ...final, checkRunId: 1, isCancelled: true }],
      ),
    ).toBe("CANCELLED");
    expect(sessionOutcome([{ id: 1, status: "DONE" }], [{ ...final, checkRunId: 1, hasErrors: true }])).toBe("FAILED");
  });

  it("times out a session only past the bound, once, dropping its remaining runs", async () => {
    const start = nextStart();
    const check = await newCheck();
    const [id] = await trigger([check.id], start);
    const [eu, us] = await runsOf(id!);
    await db().checkRun.update({
      where: { id: us!.id },
      data: { status: "RUNNING", leaseOwner: "runner-1", leaseExpiresAt: after(start, 60_000), claimedAt: start },
    });
    await recordCheckResult({
      ctx: ctx(after(start, 1000)),
      input: { checkId: check.id, checkRunId: eu!.id, runLocation: "eu-west-1" },
    });
    expect((await session(id!)).status).toBe("PROGRESS");

    expect(await timeOutSessions({ ctx: systemContext(t.app.context), now: after(start, SESSION_TIMEOUT_MS) })).toBe(0);
    expect((await session(id!)).status).toBe("PROGRESS");
    const late = after(start, SESSION_TIMEOUT_MS + 1);
    expect(await timeOutSessions({ ctx: systemContext(t.app.context), now: late })).toBe(1);
    expect(await session(id!)).toMatchObject({ status: "TIMED_OUT", stoppedAt: late });
    expect((await runsOf(id!)).map((r) => [r.status, r.finishedAt])).toEqual([
      ["DONE", after(start, 1000)],
      ["DROPPED", late],
    ]);
    expect(await timeOutSessions({ ctx: systemContext(t.app.context), now: after(late, 1) })).toBe(0);
    // The runner that held the dropped run loses it, and its late result changes nothing.
    expect(await renewLease({ ctx: { db: db() }, id: us!.id, owner: "runner-1", now: late, leaseMs: 60_000 })).toBe(
      false,
    );
    await recordCheckResult({
      ctx: ctx(late),
      input: { checkId: check.id, checkRunId: us!.id, runLocation: "us-east-1" },
    });
    expect((await session(id!)).status).toBe("TIMED_OUT");
    expect((await runsOf(id!))[1]!.status).toBe("DROPPED");

    const completion = await api.get(`/v1/check-sessions/${id}/completion?maxWaitSeconds=1`);
    expect(completion.status).toBe(200);
    expect(completion.body).toMatchObject({ status: "TIMED_OUT", stoppedAt: late.toISOString() });
  });

  it("counts each session once when sweeps run at once", async () => {
    const start = nextStart();
    const checks = [await newCheck(), await newCheck(), await newCheck()];
    const ids = await trigger(
      checks.map((c) => c.id),
      start,
    );
    const late = after(start, SESSION_TIMEOUT_MS + 1);
    const counts = await Promise.all([
      timeOutSessions({ ctx: systemContext(t.app.context), now: late }),
      timeOutSessions({ ctx: systemContext(t.app.context), now: late }),
      timeOutSessions({ ctx: systemContext(t.app.context), now: late }),
    ]);
    expect(counts.reduce((a, b) => a + b)).toBe(3);
    for (const id of ids) expect((await session(id)).status).toBe("TIMED_OUT");
    expect(await db().checkRun.count({ where: { sessionId: { in: ids }, status: { not: "DROPPED" } } })).toBe(0);
  });

  it("does not time out a session waiting for its group; times out the one holding the slot and starts the next", async () => {
    const start = nextStart();
    const groupId = (await api.post("/v1/check-groups", { name: "One at a time", concurrency: 1 })).body.id as number;
    const checks = [await newCheck({ groupId }), await newCheck({ groupId })];
    const [stuck, waiting] = await trigger(
      checks.map((c) => c.id),
      start,
    );
    expect((await runsOf(waiting!)).map((r) => r.status)).toEqual(["PENDING", "PENDING"]);

    const late = after(start, SESSION_TIMEOUT_MS + 1);
    expect(await timeOutSessions({ ctx: systemContext(t.app.context), now: late })).toBe(1);
    expect((await session(stuck!)).status).toBe("TIMED_OUT");
    expect((await session(waiting!)).status).toBe("STARTED");
    expect((await runsOf(waiting!)).map((r) => [r.status, r.dueAt])).toEqual([
      ["QUEUED", late],
      ["QUEUED", late],
    ]);
    // The bound counts from the promotion: the promoted session has its full time to run.
    expect(await timeOutSessions({ ctx: systemContext(t.app.context), now: after(late, SESSION_TIMEOUT_MS) })).toBe(0);
    expect(await timeOutSessions({ ctx: systemContext(t.app.context), now: after(late, SESSION_TIMEOUT_MS + 1) })).toBe(
      1,
    );
    expect((await session(waiting!)).status).toBe("TIMED_OUT");
  });
});

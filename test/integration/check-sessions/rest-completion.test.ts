import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RecordCheckResultInput } from "../../../src/domain/check-results/index.js";
import { startTestApp, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder, createCheck } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

type CheckData = {
  name?: string;
  checkType?: string;
  tags?: string[];
  locations?: string[];
  activated?: boolean;
  groupId?: number;
  privateLocations?: string[];
};

describe(`REST check sessions: progress, completion and access on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const record = resultRecorder(t);
  const newCheck = checkFactory(t, { locations: ["eu-west-1", "us-east-1"] });
  const counts = async () => [
    await db().checkSession.count(),
    await db().checkRun.count(),
    await db().checkResult.count(),
  ];
  const runsOf = (sessionId: string) => db().checkRun.findMany({ where: { sessionId }, orderBy: { id: "asc" } });
  /** The engine's part, played by the test: a FINAL result for each run of the session. */
  const finish = async (sessionId: string, extra: Partial<RecordCheckResultInput> = {}) => {
    for (const run of await runsOf(sessionId))
      await record({
        checkId: run.checkId,
        checkRunId: run.id,
        runLocation: run.location!,
        responseTime: 42,
        ...extra,
      });
  };

  it("moves a session from STARTED to PROGRESS to its outcome as results arrive", async () => {
    const trigger = async (data: CheckData = {}) => {
      const check = await newCheck(data);
      return (await api.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } })).body.sessions[0]
        .checkSessionId as string;
    };
    const id = await trigger({ name: "Outcome" });
    const [first, second] = await runsOf(id);
    await record({
      checkId: first!.checkId,
      checkRunId: first!.id,
      runLocation: "eu-west-1",
      resultType: "ATTEMPT",
      hasFailures: true,
    });
    expect((await api.get(`/v1/check-sessions/${id}`)).body).toMatchObject({ status: "PROGRESS", stoppedAt: null });
    expect((await db().checkRun.findUnique({ where: { id: first!.id } }))?.status).toBe("QUEUED");
    await record({
      checkId: first!.checkId,
      checkRunId: first!.id,
      runLocation: "eu-west-1",
      attempts: 1,
      responseTime: 99,
    });
    expect((await api.get(`/v1/check-sessions/${id}`)).body.status).toBe("PROGRESS");
    await record({ checkId: second!.checkId, checkRunId: second!.id, runLocation: "us-east-1" });
    const done = await api.get(`/v1/check-sessions/${id}`);
    expect(done.body).toMatchObject({ status: "PASSED", stoppedAt: expect.stringMatching(/Z$/) });
    expect(done.body.timeElapsed).toBe(
      new Date(done.body.stoppedAt).getTime() - new Date(done.body.startedAt).getTime(),
    );
    expect(done.body.results).toHaveLength(3);
    const finalEu = done.body.results.find(
      (r: { runLocation: string; resultType: string }) => r.runLocation === "eu-west-1" && r.resultType === "FINAL",
    );
    expect(finalEu).toEqual({
      checkResultId: expect.any(String),
      checkResultLink: `${t.url}/v1/check-results/${first!.checkId}/${finalEu.checkResultId}`,
      checkId: first!.checkId,
      checkType: "API",
      name: "Outcome",
      runLocation: "eu-west-1",
      resultType: "FINAL",
      hasErrors: false,
      hasFailures: false,
      isDegraded: false,
      aborted: false,
      isCancelled: false,
      responseTime: 99,
      startedAt: expect.stringMatching(/Z$/),
      stoppedAt: expect.stringMatching(/Z$/),
    });
    expect((await api.get(finalEu.checkResultLink.slice(t.url.length))).body.id).toBe(finalEu.checkResultId);

    const failed = await trigger();
    await finish(failed, { hasFailures: true });
    expect((await api.get(`/v1/check-sessions/${failed}`)).body.status).toBe("FAILED");
    const degraded = await trigger();
    await finish(degraded, { isDegraded: true });
    expect((await api.get(`/v1/check-sessions/${degraded}`)).body.status).toBe("DEGRADED");
    const errored = await trigger();
    await finish(errored, { hasErrors: true, isDegraded: true });
    expect((await api.get(`/v1/check-sessions/${errored}`)).body.status).toBe("FAILED");
  });

  it("ends a completion wait with 503 as soon as the server begins a graceful stop (not 408: the session may be done elsewhere)", async () => {
    const own = await startTestApp({ SHUTDOWN_TIMEOUT_MS: "60000" });
    try {
      const check = await createCheck(own, { name: "Stopping" }, own.accountId);
      const client = restClient(own.url, own.apiKey);
      const id = (await client.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } })).body.sessions[0]
        .checkSessionId as string;
      const waiting = client.get(`/v1/check-sessions/${id}/completion?maxWaitSeconds=30`);
      await new Promise((r) => setTimeout(r, 200));
      const stopped = own.stop();
      // Without the shutdown signal the wait would hold the stop for 30 s (past the test's timeout).
      const cut = await waiting;
      expect(cut.status).toBe(503);
      expect(cut.headers.get("connection")).toBe("close");
      expect(cut.body).toEqual({
        statusCode: 503,
        error: "Service Unavailable",
        message: "the server is shutting down; retry the request",
      });
      await stopped;
    } finally {
      await own.stop();
    }
  });

  it("awaits completion: 200 when finished, 408 after the wait, and wakes as soon as the last result lands", async () => {
    const check = await newCheck();
    const trigger = async () =>
      (await api.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } })).body.sessions[0]
        .checkSessionId as string;
    const running = await trigger();
    const started = Date.now();
    const timeout = await api.get(`/v1/check-sessions/${running}/completion?maxWaitSeconds=1`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(timeout.status).toBe(408);
    expect(timeout.body).toMatchObject({
      statusCode: 408,
      error: "Request Timeout",
      message: expect.stringContaining("still in progress"),
    });
    expect(timeout.headers.get("retry-after")).toBe("1");

    // No maxWaitSeconds: the default wait (30 s) outlasts the 1.2 s before the results land.
    const waiting = api.get(`/v1/check-sessions/${running}/completion`);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const finishedAt = Date.now();
    await finish(running);
    const answer = await waiting;
    expect(Date.now() - finishedAt).toBeLessThan(5_000);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      checkSessionId: running,
      status: "PASSED",
      stoppedAt: expect.stringMatching(/Z$/),
    });
    expect(answer.body.results).toHaveLength(2);
    expect(answer.body).toEqual((await api.get(`/v1/check-sessions/${running}`)).body);

    const quick = Date.now();
    expect((await api.get(`/v1/check-sessions/${running}/completion`)).status).toBe(200);
    expect(Date.now() - quick).toBeLessThan(1_000);
    for (const [query, keys] of [
      ["maxWaitSeconds=0", ["maxWaitSeconds"]],
      ["maxWaitSeconds=31", ["maxWaitSeconds"]],
      ["maxWaitSeconds=abc", ["maxWaitSeconds"]],
    ] as const) {
      const response = await api.get(`/v1/check-sessions/${running}/completion?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.validation).toEqual({ source: "query", keys });
    }
    for (const wait of ["1", "1.5", "30"])
      expect((await api.get(`/v1/check-sessions/${running}/completion?maxWaitSeconds=${wait}`)).status).toBe(200);
  });

  it("keeps sessions to their account and answers 404 for unknown or malformed ids", async () => {
    const check = await newCheck();
    const id = (await api.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } })).body.sessions[0]
      .checkSessionId;
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    const before = await counts();
    expect((await stranger.get(`/v1/check-sessions/${id}`)).status).toBe(404);
    expect((await stranger.get(`/v1/check-sessions/${id}/completion?maxWaitSeconds=1`)).status).toBe(404);
    expect((await stranger.post(`/v1/check-sessions/${id}/cancel`)).status).toBe(404);
    expect((await stranger.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } })).status).toBe(404);
    for (const bad of ["abc", "1", randomUUID()]) {
      expect((await api.get(`/v1/check-sessions/${bad}`)).status).toBe(404);
      expect((await api.get(`/v1/check-sessions/${bad}/completion`)).status).toBe(404);
      expect((await api.post(`/v1/check-sessions/${bad}/cancel`)).status).toBe(404);
    }
    expect(await counts()).toEqual(before);
    expect((await db().checkRun.findMany({ where: { sessionId: id } })).every((run) => run.status === "QUEUED")).toBe(
      true,
    );
  });
});

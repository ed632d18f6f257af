import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import type { VigilEvent } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck } from "../../support/index.js";

describe(`REST check session cancel on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const snapshot = async () => ({
    sessions: await db().checkSession.findMany({ orderBy: { id: "asc" } }),
    runs: await db().checkRun.findMany({ orderBy: { id: "asc" } }),
    results: await db().checkResult.count(),
  });
  const runsOf = (sessionId: string) => db().checkRun.findMany({ where: { sessionId }, orderBy: { id: "asc" } });
  /** A new check (seeded in the database) with a freshly triggered session. */
  async function triggered(locations = ["eu-west-1", "us-east-1", "ap-south-1"]) {
    const check = await createCheck(t, { checkType: "PLAYWRIGHT", name: "Suite", locations });
    const response = await api.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
    expect(response.status).toBe(201);
    return { checkId: check.id, sessionId: response.body.sessions[0].checkSessionId as string };
  }

  it("cancels every run still queued or running: 204 with no body, cancelled results, session CANCELLED", async () => {
    const { checkId, sessionId } = await triggered();
    const [first, second] = await runsOf(sessionId);
    await db().checkRun.update({
      where: { id: second!.id },
      data: { status: "RUNNING", claimedAt: new Date(Date.now() - 5000) },
    });
    await recordCheckResult({
      ctx: domainContext(t.app.context, t.accountId),
      input: { checkId, checkRunId: first!.id, runLocation: "eu-west-1" },
    });
    const events: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => events.push(event));

    const response = await api.post(`/v1/check-sessions/${sessionId}/cancel`);
    unsubscribe();
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    const runs = await runsOf(sessionId);
    expect(runs.map((r) => [r.status, r.cancelRequested])).toEqual([
      ["DONE", false],
      ["CANCELLED", true],
      ["CANCELLED", true],
    ]);
    expect(runs.slice(1).every((r) => r.finishedAt instanceof Date)).toBe(true);
    const session = await api.get(`/v1/check-sessions/${sessionId}`);
    expect(session.body).toMatchObject({ status: "CANCELLED", stoppedAt: expect.stringMatching(/Z$/) });
    const cancelled = session.body.results.filter((r: { isCancelled: boolean }) => r.isCancelled);
    expect(
      cancelled
        .map((r: { runLocation: string; aborted: boolean; resultType: string }) => [
          r.runLocation,
          r.aborted,
          r.resultType,
        ])
        .sort(),
    ).toEqual([
      ["ap-south-1", true, "FINAL"],
      ["us-east-1", true, "FINAL"],
    ]);
    const stored = await db().checkResult.findMany({ where: { sessionId, isCancelled: true } });
    expect(stored.map((r) => r.checkRunId).sort()).toEqual([runs[1]!.id, runs[2]!.id].sort());
    expect(stored.every((r) => r.sequenceId === runs[0]!.sequenceId)).toBe(true);
    expect(
      events
        .filter((e) => e.type === "checkResultRecorded")
        .map((e) => (e as { checkResultId: string }).checkResultId)
        .sort(),
    ).toEqual(stored.map((r) => r.id).sort());
    expect((await api.get(`/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=1`)).body.status).toBe(
      "CANCELLED",
    );
  });

  it("changes nothing on a finished session, or when no listed sequence is running", async () => {
    const { sessionId } = await triggered(["eu-west-1"]);
    const unknown = await api.post(`/v1/check-sessions/${sessionId}/cancel`, { sequenceId: [randomUUID()] });
    expect(unknown.status).toBe(204);
    expect((await runsOf(sessionId)).map((r) => r.status)).toEqual(["QUEUED"]);
    expect((await api.post(`/v1/check-sessions/${sessionId}/cancel`)).status).toBe(204);
    const before = await snapshot();
    const again = await api.post(`/v1/check-sessions/${sessionId}/cancel`);
    expect(again.status).toBe(204);
    expect(await snapshot()).toEqual(before);

    const passed = await triggered(["eu-west-1"]);
    const [run] = await runsOf(passed.sessionId);
    await recordCheckResult({
      ctx: domainContext(t.app.context, t.accountId),
      input: { checkId: passed.checkId, checkRunId: run!.id, runLocation: "eu-west-1" },
    });
    const finished = await snapshot();
    expect((await api.post(`/v1/check-sessions/${passed.sessionId}/cancel`, {})).status).toBe(204);
    expect(await snapshot()).toEqual(finished);
    expect((await api.get(`/v1/check-sessions/${passed.sessionId}`)).body.status).toBe("PASSED");
  });

  it("cancels only the runs of the given sequenceIds, in one session among others", async () => {
    const a = await triggered(["eu-west-1", "us-east-1"]);
    const b = await triggered(["eu-west-1"]);
    const [sequenceA] = new Set((await runsOf(a.sessionId)).map((r) => r.sequenceId));
    const [sequenceB] = new Set((await runsOf(b.sessionId)).map((r) => r.sequenceId));
    // Another session's sequence is not this session's: nothing happens.
    expect((await api.post(`/v1/check-sessions/${a.sessionId}/cancel`, { sequenceId: [sequenceB] })).status).toBe(204);
    expect((await runsOf(a.sessionId)).map((r) => r.status)).toEqual(["QUEUED", "QUEUED"]);
    expect(
      (await api.post(`/v1/check-sessions/${a.sessionId}/cancel`, { sequenceId: [sequenceA, randomUUID()] })).status,
    ).toBe(204);
    expect((await runsOf(a.sessionId)).map((r) => r.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect((await runsOf(b.sessionId)).map((r) => r.status)).toEqual(["QUEUED"]);
    expect((await api.get(`/v1/check-sessions/${b.sessionId}`)).body.status).toBe("STARTED");
  });

  it("refuses a malformed body with 400 and changes nothing", async () => {
    const { sessionId } = await triggered(["eu-west-1"]);
    const before = await snapshot();
    const cases: [unknown, string[]][] = [
      [{ sequenceId: [] }, ["sequenceId"]],
      [{ sequenceId: ["not-a-uuid"] }, ["sequenceId.0"]],
      [{ sequenceId: randomUUID() }, ["sequenceId"]],
      [{ sequenceId: [randomUUID()], reason: "x" }, ["reason"]],
      [{ id: "x" }, ["id"]],
    ];
    for (const [body, keys] of cases) {
      const response = await api.post(`/v1/check-sessions/${sessionId}/cancel`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, validation: { source: "payload", keys } });
    }
    for (const body of [[randomUUID()], null, "all"])
      expect((await api.post(`/v1/check-sessions/${sessionId}/cancel`, body)).status).toBe(400);
    const malformed = await api.raw("POST", `/v1/check-sessions/${sessionId}/cancel`, {
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RecordCheckResultInput } from "../../../src/domain/check-results/index.js";
import type { VigilEvent } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { isoTimestamp } from "../../support/matchers.js";

describe(`REST check result items and recording on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const record = resultRecorder(t);
  const newCheck = checkFactory(t);

  it("records a result with every field and reads it back in the spec's shape", async () => {
    const check = await newCheck({ name: "Orders API" });
    const events: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => events.push(event));
    const startedAt = new Date(Date.now() - 60_000);
    const apiCheckResult = {
      assertions: [{ source: "STATUS_CODE", target: "200" }],
      request: {
        method: "GET",
        url: "https://example.com/orders",
        data: "",
        headers: { accept: "application/json" },
        params: {},
      },
      response: {
        status: 200,
        statusText: "OK",
        body: "[]",
        headers: { "content-type": "application/json" },
        timings: { total: 120 },
        timingPhases: { wait: 80 },
      },
      requestError: null,
      jobLog: { lines: ["ok"] },
      jobAssets: [],
      pcapDataUrl: null,
    };
    const sequenceId = randomUUID();
    const recorded = await record({
      checkId: check.id,
      runLocation: "eu-west-1",
      resultType: "ATTEMPT",
      hasFailures: true,
      hasErrors: true,
      isDegraded: true,
      overMaxResponseTime: false,
      startedAt,
      stoppedAt: new Date(startedAt.getTime() + 1500),
      responseTime: 1234,
      apiCheckResult,
      attempts: 1,
      sequenceId,
      errorGroupIds: ["eg-1"],
    });
    unsubscribe();
    expect(events).toContainEqual({
      type: "checkResultRecorded",
      accountId: t.accountId,
      checkId: check.id,
      checkResultId: recorded.id,
      hasFailures: true,
    });

    const response = await api.get(`/v1/check-results/${check.id}/${recorded.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: recorded.id,
      name: "Orders API",
      checkId: check.id,
      hasFailures: true,
      hasErrors: true,
      isDegraded: true,
      isCancelled: false,
      overMaxResponseTime: false,
      runLocation: "eu-west-1",
      startedAt: startedAt.toISOString(),
      stoppedAt: new Date(startedAt.getTime() + 1500).toISOString(),
      created_at: isoTimestamp,
      responseTime: 1234,
      apiCheckResult,
      browserCheckResult: null,
      multiStepCheckResult: null,
      agenticCheckResult: null,
      sslCheckResult: null,
      checkRunId: expect.any(Number),
      attempts: 1,
      resultType: "ATTEMPT",
      sequenceId,
      errorGroupIds: ["eg-1"],
    });
    expect(Number.isInteger(response.body.checkRunId)).toBe(true);
    const run = await db().checkRun.findUnique({ where: { id: response.body.checkRunId } });
    expect(run).toMatchObject({ checkId: check.id, sequenceId, status: "DONE", attempt: 1 });
    // The lists write their entries from the stored text (dates, JSON columns): the same values.
    const v2 = await api.get(`/v2/check-results/${check.id}?resultType=ALL`);
    expect(v2.body).toEqual({ length: 1, entries: [response.body], nextId: null });
    const v1 = await api.get(`/v1/check-results/${check.id}?resultType=ALL`);
    expect(v1.body).toEqual([response.body]);
  });

  it("fills every default of a minimal result, and keeps agentic results as sent", async () => {
    const check = await newCheck({ checkType: "AGENTIC", name: "Agent" });
    const before = Date.now();
    const agenticCheckResult = {
      summary: "all good",
      prompt: "check the shop",
      assertions: [{ condition: "cart works", passed: true, actual: "1 item", expected: "1 item" }],
      suggestions: [
        { summary: "s", prompt: "p", promptReplacement: "{{SECRET}}", secrets: ["SECRET"], category: "credentials" },
      ],
      steps: [
        {
          type: "tool_call",
          name: "open",
          input: { url: "/" },
          output: "ok",
          timestamp: "2026-01-01T00:00:00.000Z",
          sequenceNumber: 1,
        },
      ],
      errors: [],
      artifactManifest: { files: 2 },
    };
    const minimal = await record({ checkId: check.id, runLocation: "us-east-1", agenticCheckResult });
    const { body } = await api.get(`/v1/check-results/${check.id}/${minimal.id}`);
    expect(body).toMatchObject({
      name: "Agent",
      resultType: "FINAL",
      hasFailures: false,
      hasErrors: false,
      isDegraded: null,
      isCancelled: false,
      overMaxResponseTime: null,
      responseTime: 0,
      apiCheckResult: null,
      browserCheckResult: null,
      multiStepCheckResult: null,
      agenticCheckResult,
      attempts: 0,
      errorGroupIds: [],
      sequenceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(new Date(body.startedAt).getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(body.stoppedAt).toBe(body.startedAt);
  });

  it("refuses a bad recording and writes nothing", async () => {
    const check = await newCheck();
    const other = await t.newAccount();
    const count = async () => [await db().checkResult.count(), await db().checkRun.count()];
    const before = await count();
    await expect(
      record({ checkId: check.id, runLocation: "eu-west-1", colour: "red" } as RecordCheckResultInput),
    ).rejects.toMatchObject({ keys: ["colour"] });
    await expect(record({ checkId: check.id, runLocation: "" })).rejects.toMatchObject({ keys: ["runLocation"] });
    await expect(
      record({ checkId: check.id, runLocation: "eu-west-1", resultType: "ALL" as "FINAL" }),
    ).rejects.toMatchObject({ keys: ["resultType"] });
    await expect(
      record({ checkId: check.id, runLocation: "eu-west-1", checkRunId: 2_000_000_000 }),
    ).rejects.toMatchObject({ keys: ["checkRunId"] });
    await expect(
      record({ checkId: check.id, runLocation: "eu-west-1", sessionId: randomUUID() }),
    ).rejects.toMatchObject({ keys: ["sessionId"] });
    await expect(record({ checkId: check.id, runLocation: "eu-west-1" }, other.accountId)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await count()).toEqual(before);
  });

  it("keeps accounts apart and answers 404 for unknown or malformed ids", async () => {
    const check = await newCheck();
    const sibling = await newCheck();
    const result = await record({ checkId: check.id, runLocation: "eu-west-1" });
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    for (const path of [
      `/v1/check-results/${check.id}`,
      `/v1/check-results/${check.id}/${result.id}`,
      `/v2/check-results/${check.id}`,
    ]) {
      const response = await stranger.get(path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ statusCode: 404, error: "Not Found" });
    }
    const theirs = await newCheck({}, other.accountId);
    expect((await stranger.get(`/v1/check-results/${theirs.id}`)).body).toEqual([]);
    expect((await api.get(`/v1/check-results/${theirs.id}`)).status).toBe(404);
    expect((await api.get(`/v1/check-results/${sibling.id}/${result.id}`)).status).toBe(404);
    expect((await api.get(`/v1/check-results/${check.id}/${randomUUID()}`)).status).toBe(404);
    for (const bad of ["abc", "1", `${check.id}x`]) {
      expect((await api.get(`/v1/check-results/${bad}`)).status).toBe(404);
      expect((await api.get(`/v1/check-results/${check.id}/${bad}`)).status).toBe(404);
    }
    expect((await api.get(`/v1/check-results/${check.id}/${result.id}`)).status).toBe(200);
  });
});

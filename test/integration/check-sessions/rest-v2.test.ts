import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";
import { isoTimestamp } from "../../support/matchers.js";
import { restClient } from "../../support/rest.js";

const NODE = `query ($id: ID!) { node(id: $id) { ... on CheckSession { name status runLocations check { name } } } }`;

describe(`REST v2 check sessions (trigger, read, completion) on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const record = resultRecorder(t);
  const newCheck = checkFactory(t, { locations: ["eu-west-1", "us-east-1"] });
  const counts = async () => [await t.db.checkSession.count(), await t.db.checkRun.count()];
  const runsOf = (sessionId: string) => t.db.checkRun.findMany({ where: { sessionId }, orderBy: { id: "asc" } });
  const session = (checkId: string, name: string) => ({
    checkSessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    checkSessionLink: expect.any(String),
    checkId,
    checkType: "API",
    name,
    status: "STARTED",
    startedAt: isoTimestamp,
    stoppedAt: null,
    timeElapsed: expect.any(Number),
    runLocations: ["eu-west-1", "us-east-1"],
    runSource: "TRIGGER_API",
  });

  it("triggers, reads and awaits with v2's shapes and links; GraphQL sees the session", async () => {
    const check = await newCheck({ name: "Checkout v2" });
    const triggered = await api.post("/v2/check-sessions/trigger", { target: { checkId: [check.id] } });
    expect(triggered.status).toBe(201);
    expect(triggered.body).toEqual({ sessions: [session(check.id, "Checkout v2")] });
    const id = triggered.body.sessions[0].checkSessionId;
    expect(triggered.body.sessions[0].checkSessionLink).toBe(`${t.url}/v2/check-sessions/${id}`);
    expect((await t.gql(NODE, { id: globalId("CheckSession", id) })).body.data.node).toEqual({
      name: "Checkout v2",
      status: "STARTED",
      runLocations: ["eu-west-1", "us-east-1"],
      check: { name: "Checkout v2" },
    });

    // v2 always lists the results, [] before any.
    const started = await api.get(`/v2/check-sessions/${id}`);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ ...session(check.id, "Checkout v2"), checkSessionId: id, results: [] });
    const waiting = await api.get(`/v2/check-sessions/${id}/completion?maxWaitSeconds=1`);
    expect(waiting.status).toBe(408);
    expect(waiting.body).toMatchObject({ statusCode: 408 });

    for (const run of await runsOf(id))
      await record({ checkId: run.checkId, checkRunId: run.id, runLocation: run.location!, responseTime: 42 });
    const done = await api.get(`/v2/check-sessions/${id}/completion`);
    expect(done.status).toBe(200);
    const result = (runLocation: string) => ({
      checkResultId: expect.any(String),
      checkResultLink: expect.stringContaining(`${t.url}/v1/check-results/${check.id}/`),
      checkId: check.id,
      checkType: "API",
      name: "Checkout v2",
      runLocation,
      resultType: "FINAL",
      hasErrors: false,
      hasFailures: false,
      isDegraded: false,
      aborted: false,
      isCancelled: false,
      responseTime: 42,
      startedAt: isoTimestamp,
      stoppedAt: isoTimestamp,
    });
    expect(done.body).toEqual({
      ...session(check.id, "Checkout v2"),
      checkSessionId: id,
      checkSessionLink: `${t.url}/v2/check-sessions/${id}`,
      status: "PASSED",
      stoppedAt: isoTimestamp,
      results: expect.arrayContaining([result("eu-west-1"), result("us-east-1")]),
    });
    expect(done.body.results).toHaveLength(2);
    expect((await api.get(`/v2/check-sessions/${id}`)).body).toEqual(done.body);
  });

  it.each([
    [{ target: { checkId: ["not-a-uuid"] } }, ["target.checkId.0"]],
    [{ target: { matchTags: [[""]] } }, ["target.matchTags.0.0"]],
    [{ target: { nope: 1 } }, ["target.nope"]],
    [{ refreshCache: "yes" }, ["refreshCache"]],
  ])("refuses the trigger body %o naming %o, and starts nothing", async (body, keys) => {
    await newCheck({ name: "Untouched" });
    const before = await counts();
    const response = await api.post("/v2/check-sessions/trigger", body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, validation: { source: "payload", keys } });
    expect(await counts()).toEqual(before);
  });

  it("refuses a maxWaitSeconds out of 1..30 by name", async () => {
    const check = await newCheck({ name: "Wait" });
    const id = (await api.post("/v2/check-sessions/trigger", { target: { checkId: [check.id] } })).body.sessions[0]
      .checkSessionId;
    for (const wait of ["0", "31", "abc"]) {
      const response = await api.get(`/v2/check-sessions/${id}/completion?maxWaitSeconds=${wait}`);
      expect(response.status).toBe(400);
      expect(response.body.validation).toMatchObject({ source: "query", keys: ["maxWaitSeconds"] });
    }
  });

  it("keeps accounts apart: another account's session is a 404, its check matches nothing", async () => {
    const check = await newCheck({ name: "Private" });
    const id = (await api.post("/v2/check-sessions/trigger", { target: { checkId: [check.id] } })).body.sessions[0]
      .checkSessionId;
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    expect((await stranger.get(`/v2/check-sessions/${id}`)).status).toBe(404);
    expect((await stranger.get(`/v2/check-sessions/${id}/completion?maxWaitSeconds=1`)).status).toBe(404);
    expect((await api.get(`/v2/check-sessions/${randomUUID()}`)).status).toBe(404);
    expect((await api.get("/v2/check-sessions/not-a-uuid")).status).toBe(404);
    const before = await counts();
    const theirs = await stranger.post("/v2/check-sessions/trigger", { target: { checkId: [check.id] } });
    expect(theirs.status).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

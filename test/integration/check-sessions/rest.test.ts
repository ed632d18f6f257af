import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, createPrivateLocation, createCheckGroup } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

describe(`REST check sessions: trigger and read on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const db = () => t.db;
  const newCheck = checkFactory(t, { locations: ["eu-west-1", "us-east-1"] });
  const counts = async () => [
    await db().checkSession.count(),
    await db().checkRun.count(),
    await db().checkResult.count(),
  ];
  const runsOf = (sessionId: string) => db().checkRun.findMany({ where: { sessionId }, orderBy: { id: "asc" } });

  it("triggers a check by id: one STARTED session, one QUEUED run per location sharing a sequenceId", async () => {
    const check = await newCheck({ name: "Checkout" });
    const response = await api.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
    expect(response.status).toBe(201);
    const session = {
      checkSessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      checkSessionLink: expect.any(String),
      checkId: check.id,
      checkType: "API",
      name: "Checkout",
      status: "STARTED",
      startedAt: expect.stringMatching(/Z$/),
      stoppedAt: null,
      timeElapsed: expect.any(Number),
      runLocations: ["eu-west-1", "us-east-1"],
      runSource: "TRIGGER_API",
    };
    expect(response.body).toEqual({ sessions: [session] });
    const id = response.body.sessions[0].checkSessionId;
    expect(response.body.sessions[0].checkSessionLink).toBe(`${t.url}/v1/check-sessions/${id}`);
    const runs = await runsOf(id);
    expect(runs.map((r) => [r.checkId, r.location, r.status, r.cancelRequested])).toEqual([
      [check.id, "eu-west-1", "QUEUED", false],
      [check.id, "us-east-1", "QUEUED", false],
    ]);
    expect(new Set(runs.map((r) => r.sequenceId)).size).toBe(1);
    const stored = await db().checkSession.findUnique({ where: { id } });
    expect(stored).toMatchObject({
      accountId: t.accountId,
      status: "STARTED",
      target: { checkId: [check.id], refreshCache: false },
    });

    // Until the engine runs it, the session stays STARTED with no results.
    const read = await api.get(`/v1/check-sessions/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...session, checkSessionId: id, results: [] });
  });

  it("matches tags: AND inside a group, OR across groups, ! for absent tags, group tags count, single values accepted", async () => {
    const other = await t.newAccount();
    const own = restClient(t.url, other.apiKey);
    const group = await createCheckGroup(
      t,
      { name: "G", tags: ["team-a"], locations: ["ap-south-1"] },
      other.accountId,
    );
    const prodApi = await newCheck({ name: "prod-api", tags: ["prod", "api"] }, other.accountId);
    const prodWeb = await newCheck({ name: "prod-web", tags: ["prod", "web"] }, other.accountId);
    const grouped = await newCheck(
      { name: "grouped", tags: ["api"], locations: [], groupId: group.id },
      other.accountId,
    );
    await newCheck({ name: "off", tags: ["prod", "api"], activated: false }, other.accountId);
    await newCheck({ name: "beat", checkType: "HEARTBEAT", tags: ["prod", "api"] }, other.accountId);
    await newCheck({ name: "nowhere", tags: ["prod", "api"], locations: [] }, other.accountId);
    const names = async (target: unknown) => {
      const response = await own.post("/v1/check-sessions/trigger", { target });
      return response.status === 201
        ? response.body.sessions.map((s: { name: string }) => s.name).sort()
        : response.status;
    };
    expect(await names({ matchTags: [["prod", "api"]] })).toEqual(["prod-api"]);
    expect(await names({ matchTags: [["prod", "web"], ["team-a"]] })).toEqual(["grouped", "prod-web"]);
    expect(await names({ matchTags: [["prod", "!web"]] })).toEqual(["prod-api"]);
    expect(await names({ matchTags: ["web", "team-a"] })).toEqual(["grouped", "prod-web"]);
    expect(await names({ matchTags: "api" })).toEqual(["grouped", "prod-api"]);
    expect(await names({ checkId: prodWeb.id })).toEqual(["prod-web"]);
    expect(await names({ checkId: [prodApi.id, prodWeb.id], matchTags: [["api"]] })).toEqual(["prod-api"]);
    expect(await names({})).toEqual(["grouped", "prod-api", "prod-web"]);
    const empty = await own.post("/v1/check-sessions/trigger");
    expect(empty.body.sessions).toHaveLength(3);
    const groupedSession = empty.body.sessions.find((s: { checkId: string }) => s.checkId === grouped.id);
    expect(groupedSession.runLocations).toEqual(["ap-south-1"]);
    await db().checkGroup.update({ where: { id: group.id }, data: { activated: false } });
    expect(await names({ matchTags: [["team-a"]] })).toBe(404);
  });

  it("runs a check in its private locations, named by id or slug", async () => {
    const other = await t.newAccount();
    const own = restClient(t.url, other.apiKey);
    const lab = await createPrivateLocation(t, { name: "Lab", slugName: "lab" }, other.accountId);
    const dc = await createPrivateLocation(t, { name: "DC", slugName: "dc-1" }, other.accountId);
    const check = await newCheck(
      { locations: ["eu-west-1"], privateLocations: [lab.id, "dc-1", "unknown"] },
      other.accountId,
    );
    const response = await own.post("/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
    expect(response.body.sessions[0].runLocations).toEqual(["eu-west-1", "lab", "dc-1"]);
    const runs = await runsOf(response.body.sessions[0].checkSessionId);
    expect(runs.map((r) => [r.location, r.privateLocationId])).toEqual([
      ["eu-west-1", null],
      [null, lab.id],
      [null, dc.id],
    ]);
  });

  it("answers 404 and writes nothing when no check matches, 400 for a malformed body", async () => {
    const check = await newCheck();
    const other = await t.newAccount();
    const theirs = await newCheck({}, other.accountId);
    const before = await counts();
    for (const target of [
      { checkId: [randomUUID()] },
      { checkId: [theirs.id] },
      { matchTags: [["no-such-tag"]] },
      { checkId: [check.id], matchTags: [["no-such-tag"]] },
    ]) {
      const response = await api.post("/v1/check-sessions/trigger", { target });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        statusCode: 404,
        error: "Not Found",
        message: expect.stringContaining("no matching checks"),
      });
    }
    const invalid: [unknown, string[]][] = [
      [{ target: { checkId: ["abc"] } }, ["target.checkId.0"]],
      [{ target: { checkId: [] } }, ["target.checkId"]],
      [{ target: { matchTags: [] } }, ["target.matchTags"]],
      [{ target: { matchTags: [[]] } }, ["target.matchTags.0"]],
      [{ target: { matchTags: [["ok", "!"]] } }, ["target.matchTags.0.1"]],
      [{ target: { matchTags: [["x".repeat(256)]] } }, ["target.matchTags.0.0"]],
      [{ target: { checkIds: [check.id] } }, ["target.checkIds"]],
      [{ target: "all" }, ["target"]],
      [{ refreshCache: "yes" }, ["refreshCache"]],
      [{ colour: "red" }, ["colour"]],
    ];
    for (const [body, keys] of invalid) {
      const response = await api.post("/v1/check-sessions/trigger", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.validation).toEqual({ source: "payload", keys });
    }
    for (const body of [null, [{ target: {} }], "all"])
      expect((await api.post("/v1/check-sessions/trigger", body)).status).toBe(400);
    expect(await counts()).toEqual(before);
    const accepted = await api.post("/v1/check-sessions/trigger", {
      target: { checkId: [check.id], matchTags: [["x".repeat(255)], ["!nope"]] },
      refreshCache: true,
      id: "ignored",
    });
    expect(accepted.status).toBe(201);
    const stored = await db().checkSession.findUnique({ where: { id: accepted.body.sessions[0].checkSessionId } });
    expect(stored?.target).toEqual({
      checkId: [check.id],
      matchTags: [["x".repeat(255)], ["!nope"]],
      refreshCache: true,
    });
  });
});

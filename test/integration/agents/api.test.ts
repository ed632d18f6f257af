import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { VigilEvent } from "../../../src/events/bus.js";
import { graphql, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createPrivateCheck } from "../../support/index.js";
import { restClient, type RestClient } from "../../support/rest.js";

const facts = { version: "0.1.0", platform: "linux", runtimeVersion: "v20.0.0" };

describe(`the agent API (/agent/v1) on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let slugs = 0;
  const db = () => t.db;

  /** A private location with its first key, and an agent client of it. */
  async function location() {
    const created = await api.post("/v1/private-locations", { name: "Lab", slugName: `agent-api-${++slugs}` });
    expect(created.status).toBe(201);
    return {
      id: created.body.id as string,
      slug: created.body.slugName as string,
      key: created.body.keys[0].rawKey as string,
      agent: restClient(t.url, created.body.keys[0].rawKey),
    };
  }
  async function check(slug: string, data: Record<string, unknown> = {}) {
    return createPrivateCheck(t, [slug], {
      name: "private",
      request: { method: "GET", url: "http://127.0.0.1:9/", headers: [], queryParameters: [], assertions: [] },
      ...data,
    });
  }
  /** Queues runs as the session trigger does ("run now" on the check's private locations). */
  async function trigger(checkId: string) {
    const response = await api.post("/v1/check-sessions/trigger", { target: { checkId: [checkId] } });
    expect(response.status).toBe(201);
    return response.body.sessions[0].checkSessionId as string;
  }
  const claim = (client: RestClient, body: Record<string, unknown> = {}) =>
    client.post("/agent/v1/claims", { agentId: randomUUID(), limit: 10, waitMs: 0, ...facts, ...body });
  const report = (data: Record<string, unknown> = {}) => ({
    resultType: "FINAL",
    hasFailures: false,
    hasErrors: false,
    responseTime: 12,
    startedAt: new Date().toISOString(),
    stoppedAt: new Date().toISOString(),
    attempts: 0,
    apiCheckResult: { assertions: [], requestError: null },
    ...data,
  });

  it("rejects missing, malformed and unknown keys, API keys and revoked keys (401, the error body)", async () => {
    const l = await location();
    for (const authorization of [
      undefined,
      "Basic abc",
      "Bearer nope",
      `Bearer ${t.apiKey}`,
      "Bearer pl_unknownunknownunknown",
    ]) {
      const response = await restClient(t.url, null).raw("POST", "/agent/v1/claims", {
        body: "{}",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, error: "Unauthorized", message: expect.any(String) });
    }
    expect((await restClient(t.url, null).post("/agent/v1/nowhere", {})).status).toBe(401);
    expect((await l.agent.post("/agent/v1/nowhere", {})).status).toBe(404);
    expect((await claim(l.agent)).status).toBe(200);
    const keyId = (await api.get(`/v1/private-locations/${l.id}`)).body.keys[0].id;
    expect((await api.delete(`/v1/private-locations/${l.id}/keys/${keyId}`)).status).toBe(204);
    expect((await claim(l.agent)).status).toBe(401);
  });

  it("validates bodies (400 naming the fields; unknown properties refused)", async () => {
    const l = await location();
    const bad = await l.agent.post("/agent/v1/claims", {
      agentId: "not-a-uuid",
      limit: 11,
      waitMs: 25_001,
      ...facts,
      extra: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validation).toEqual({
      source: "payload",
      keys: expect.arrayContaining(["agentId", "limit", "waitMs", "extra"]),
    });
    expect((await l.agent.post("/agent/v1/claims", { agentId: randomUUID() })).body.validation.keys).toEqual([
      "version",
      "platform",
      "runtimeVersion",
    ]);
    const report = await l.agent.post("/agent/v1/error-reports", {
      message: "boom",
      agentVersion: "1",
      platform: "linux",
      runtimeVersion: "v20",
      url: "http://x",
    });
    expect(report.status).toBe(400);
    expect(report.body.validation.keys).toEqual(["url"]);
    const long = await l.agent.post("/agent/v1/error-reports", {
      message: "m".repeat(2049),
      stack: "s".repeat(16 * 1024 + 1),
      agentVersion: "1",
      platform: "linux",
      runtimeVersion: "v20",
    });
    expect(long.body.validation.keys).toEqual(["message", "stack"]);
    expect(await db().agentErrorReport.count({ where: { privateLocationId: l.id } })).toBe(0);
  });

  it("claims only its own location's due runs, with the check's settings, and records who was seen", async () => {
    const [mine, other] = [await location(), await location()];
    const c = await check(mine.slug, { environmentVariables: [{ key: "TOKEN", value: "s3cret", secret: true }] });
    const theirs = await check(other.slug);
    await trigger(c.id);
    await trigger(theirs.id);
    const agentId = randomUUID();
    const claimed = await claim(mine.agent, { agentId });
    expect(claimed.status).toBe(200);
    expect(claimed.body.runs).toHaveLength(1);
    const [run] = claimed.body.runs;
    expect(run).toMatchObject({
      id: expect.any(Number),
      sequenceId: expect.any(String),
      runLocation: mine.slug,
      leaseMs: 60_000,
      check: { id: c.id, name: "private", checkType: "API", shouldFail: false },
    });
    expect(run.effective).toMatchObject({
      request: { url: "http://127.0.0.1:9/" },
      environmentVariables: [{ key: "TOKEN", value: "s3cret", secret: true }],
    });
    expect(await db().checkRun.findUnique({ where: { id: run.id } })).toMatchObject({
      status: "RUNNING",
      leaseOwner: agentId,
    });
    expect((await claim(mine.agent)).body.runs).toEqual([]); // nothing else due here; the other location's run is not ours

    const row = await db().agent.findUnique({ where: { id: agentId } });
    expect(row).toMatchObject({ privateLocationId: mine.id, ...facts });
    const read = (await api.get(`/v1/private-locations/${mine.id}`)).body;
    expect(read).toMatchObject({ agentCount: 2, lastSeen: expect.any(String), queueSize: 0 });
    expect(read.updated_at).toBe((await api.get(`/v1/private-locations/${mine.id}`)).body.updated_at);
    expect(read.keys[0].lastUsedAt).not.toBeNull();
    expect((await api.get(`/v1/private-locations/${other.id}`)).body).toMatchObject({
      agentCount: 0,
      lastSeen: null,
      queueSize: 1,
    });

    // An agent id is one location's: another location's agent cannot take it over.
    expect((await claim(other.agent, { agentId })).status).toBe(409);
  });

  it("closes runs whose check must not run (CANCELLED) instead of handing them out", async () => {
    const l = await location();
    const c = await check(l.slug);
    await trigger(c.id);
    await db().check.update({ where: { id: c.id }, data: { activated: false } });
    expect((await claim(l.agent)).body.runs).toEqual([]);
    expect((await db().checkRun.findMany({ where: { checkId: c.id } })).map((r) => r.status)).toEqual(["CANCELLED"]);
  });

  it("long-polls: an empty claim waits, and a waiting claim answers with runs queued meanwhile", async () => {
    const l = await location();
    expect((await claim(l.agent, { waitMs: 200 })).body.runs).toEqual([]);
    const c = await check(l.slug);
    const waiting = claim(l.agent, { waitMs: 20_000 });
    await new Promise((r) => setTimeout(r, 100));
    await trigger(c.id);
    t.app.context.events.publish({
      type: "runsQueued",
      accountId: t.accountId,
      privateLocationIds: [l.id],
    } satisfies VigilEvent);
    const answered = await waiting;
    expect(answered.body.runs.map((r: { check: { id: string } }) => r.check.id)).toEqual([c.id]);
  });

  it("renews leases and records results of held runs only; a result shows in /v2 at the location's slug", async () => {
    const [l, other] = [await location(), await location()];
    const c = await check(l.slug);
    const sessionId = await trigger(c.id);
    const agentId = randomUUID();
    const [run] = (await claim(l.agent, { agentId })).body.runs;

    const renewed = await l.agent.post(`/agent/v1/runs/${run.id}/lease`, { agentId, holdMs: 5_000 });
    expect(renewed.status).toBe(200);
    const held = await db().checkRun.findUnique({ where: { id: run.id } });
    expect(held!.leaseExpiresAt!.toISOString()).toBe(renewed.body.leaseExpiresAt);
    expect((await l.agent.post(`/agent/v1/runs/${run.id}/lease`, { agentId: randomUUID(), holdMs: 0 })).status).toBe(
      409,
    );
    expect((await other.agent.post(`/agent/v1/runs/${run.id}/lease`, { agentId, holdMs: 0 })).status).toBe(404);
    expect((await l.agent.post("/agent/v1/runs/999999999/lease", { agentId, holdMs: 0 })).status).toBe(404);
    expect((await l.agent.post("/agent/v1/runs/abc/lease", { agentId, holdMs: 0 })).status).toBe(404);
    expect((await l.agent.post(`/agent/v1/runs/${run.id}/lease`, { agentId, holdMs: -1 })).status).toBe(400);

    const badReport = await l.agent.post(`/agent/v1/runs/${run.id}/results`, {
      agentId,
      holdMs: 0,
      report: report({ hasFailures: "no", checkId: randomUUID() }),
    });
    expect(badReport.status).toBe(400);
    expect(badReport.body.validation.keys).toEqual(expect.arrayContaining(["report.hasFailures", "report.checkId"]));
    expect(
      (await other.agent.post(`/agent/v1/runs/${run.id}/results`, { agentId, holdMs: 0, report: report() })).status,
    ).toBe(404);
    expect(
      (await l.agent.post(`/agent/v1/runs/${run.id}/results`, { agentId: randomUUID(), holdMs: 0, report: report() }))
        .status,
    ).toBe(409);

    const attempt = await l.agent.post(`/agent/v1/runs/${run.id}/results`, {
      agentId,
      holdMs: 1_000,
      report: report({ resultType: "ATTEMPT", hasFailures: true, runLocation: "eu-west-1" }),
    });
    expect(attempt.status).toBe(201);
    const final = await l.agent.post(`/agent/v1/runs/${run.id}/results`, {
      agentId,
      holdMs: 0,
      report: report({ attempts: 1 }),
    });
    expect(final.status).toBe(201);
    expect((await db().checkRun.findUnique({ where: { id: run.id } }))!.status).toBe("DONE");
    expect(
      (await l.agent.post(`/agent/v1/runs/${run.id}/results`, { agentId, holdMs: 0, report: report() })).status,
    ).toBe(409);

    const listed = await api.get(`/v2/check-results/${c.id}?resultType=ALL`);
    expect(listed.body.entries).toHaveLength(2);
    for (const entry of listed.body.entries)
      expect(entry).toMatchObject({ runLocation: l.slug, checkRunId: run.id, sequenceId: run.sequenceId });
    expect(listed.body.entries.map((e: { resultType: string }) => e.resultType).sort()).toEqual(["ATTEMPT", "FINAL"]);
    expect((await api.get(`/v1/check-sessions/${sessionId}`)).body.status).toBe("PASSED");
  });

  it("stores error reports per location, readable newest first over REST and GraphQL by the account only", async () => {
    const [l, other] = [await location(), await location()];
    for (const message of ["first", "second", "third"]) {
      const sent = await l.agent.post("/agent/v1/error-reports", {
        message,
        stack: `Error: ${message}\n    at x`,
        agentVersion: "0.1.0",
        platform: "linux",
        runtimeVersion: "v20.1.0",
      });
      expect(sent.status).toBe(201);
      await new Promise((r) => setTimeout(r, 5));
    }
    const listed = await api.get(`/v1/private-locations/${l.id}/error-reports?limit=2`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: expect.any(String),
        message: "third",
        stack: "Error: third\n    at x",
        agentVersion: "0.1.0",
        platform: "linux",
        runtimeVersion: "v20.1.0",
        created_at: expect.any(String),
      },
      expect.objectContaining({ message: "second" }),
    ]);
    expect((await api.get(`/v1/private-locations/${other.id}/error-reports`)).body).toEqual([]);
    expect((await api.get(`/v1/private-locations/${l.id}/error-reports?limit=0`)).status).toBe(400);
    const stranger = await t.newAccount();
    expect((await restClient(t.url, stranger.apiKey).get(`/v1/private-locations/${l.id}/error-reports`)).status).toBe(
      404,
    );

    const query = `{ privateLocations(first: 50) { edges { node { slugName agentCount errorReports(first: 2) { edges { node { message agentVersion platform runtimeVersion createdAt } } pageInfo { hasNextPage } } } } } }`;
    const answer = await graphql(t.url, query, { authorization: `Bearer ${t.apiKey}` });
    expect(answer.body.errors).toBeUndefined();
    const nodes = answer.body.data.privateLocations.edges.map((e: { node: unknown }) => e.node) as {
      slugName: string;
      errorReports: { edges: { node: { message: string } }[]; pageInfo: { hasNextPage: boolean } };
    }[];
    const mine = nodes.find((n) => n.slugName === l.slug)!;
    expect(mine.errorReports.edges.map((e) => e.node.message)).toEqual(["third", "second"]);
    expect(mine.errorReports.pageInfo.hasNextPage).toBe(true);
    expect(nodes.find((n) => n.slugName === other.slug)!.errorReports.edges).toEqual([]);
  });
});

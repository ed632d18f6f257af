// Issue 29, "An edit reaches the next run" (docs/decisions.md, "Edits take effect at once"): as a
// user would, an API check against a target answering 500 runs and fails, a PUT points it at a
// target answering 200, and a run triggered at once requests the new URL, passes, and brings the
// recovery alert and the triggerIncident resolution. On one instance, and (PostgreSQL, where
// several instances are supported) with the edit and trigger sent to a second instance sharing
// the database and Redis while the first one's engine, whose cache holds the check, runs them.
import { afterEach, describe, expect, it } from "vitest";
import { startEngine } from "../../../src/engine/engine.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";
import { startTarget } from "../../support/alert-e2e.js";
import { eventually } from "../../support/eventually.js";
import { createService } from "../../support/index.js";
import { startRedis } from "../../support/redis-server.js";
import { type RestClient, restClient } from "../../support/rest.js";

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The engine's app (with the engine on a real clock) and the app edits are sent to (itself, or a second instance). */
async function instances(count: 1 | 2) {
  const databaseUrl = await migratedDatabaseUrl();
  const redis = count === 2 ? await startRedis() : null;
  if (redis) stops.push(() => redis.stop());
  const env = { DATABASE_URL: databaseUrl, ...(redis ? { REDIS_URL: redis.url } : {}) };
  const runner: TestApp = await startTestApp(env);
  stops.push(() => runner.stop());
  const editor: TestApp = count === 2 ? await startTestApp(env) : runner;
  if (editor !== runner) stops.push(() => editor.stop());
  const engine = startEngine(runner.app.context, { concurrency: 4, leaseMs: 60_000, maxIdleMs: 50 });
  stops.push(() => engine.stop(2_000));
  // The editor's key works on the runner's instance too: one account, one database.
  return { api: restClient(editor.url, editor.apiKey), db: runner.app.context.database.prisma };
}

type Db = Awaited<ReturnType<typeof instances>>["db"];

/** Triggers a run of the check and waits for it to end: PASSED or FAILED (its FINAL result), or CANCELLED (not run). */
async function triggerAndWait(api: RestClient, db: Db, checkId: string): Promise<"PASSED" | "FAILED" | "CANCELLED"> {
  const triggered = await api.post("/v1/check-sessions/trigger", { target: { checkId: [checkId] } });
  expect(triggered.status, JSON.stringify(triggered.body)).toBe(201);
  const sessionId = triggered.body.sessions[0].checkSessionId as string;
  return eventually(async () => {
    const run = await db.checkRun.findFirst({ where: { sessionId, status: { in: ["DONE", "CANCELLED"] } } });
    if (run?.status === "CANCELLED") return "CANCELLED";
    const result = run && (await db.checkResult.findFirst({ where: { checkRunId: run.id, resultType: "FINAL" } }));
    return result ? (result.hasFailures ? "FAILED" : "PASSED") : null;
  });
}

describe(`an edit reaches the next run on ${testProvider}`, () => {
  const cases = testProvider === "postgresql" ? ([1, 2] as const) : ([1] as const);
  it.each(cases)("with %i instance(s): a run triggered right after a PUT runs the edited check", async (count) => {
    const { api, db } = await instances(count);
    const down = await startTarget(500);
    stops.push(() => down.close());
    const up = await startTarget(200);
    stops.push(() => up.close());
    const service = await createService(api, "Edited API");
    const created = await api.post("/v1/checks/api?autoAssignAlerts=false", {
      name: "edited",
      frequency: 1440,
      locations: ["eu-west-1"],
      request: { method: "GET", url: `${down.url}/health` },
      triggerIncident: {
        serviceId: service.id,
        severity: "MAJOR",
        name: "Edited API is down",
        description: "It fails",
        notifySubscribers: false,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const checkId = created.body.id as string;

    expect(await triggerAndWait(api, db, checkId)).toBe("FAILED");
    const downHits = down.state.hits;
    expect(downHits).toBeGreaterThan(0);
    const incident = await eventually(
      async () => (await db.checkStatus.findUnique({ where: { checkId } }))?.incidentId,
    );

    const edited = await api.put(`/v1/checks/api/${checkId}`, { request: { method: "GET", url: `${up.url}/health` } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const outcome = await triggerAndWait(api, db, checkId);
    expect({ outcome, upHits: up.state.hits, downHits: down.state.hits }).toEqual({
      outcome: "PASSED",
      upHits: 1,
      downHits,
    });
    const alerts = await eventually(async () => {
      const types = (await db.checkAlert.findMany({ where: { checkId }, orderBy: { createdAt: "asc" } })).map(
        (a) => a.alertType,
      );
      return types.includes("ALERT_RECOVERY") ? types : null;
    });
    expect(alerts).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY"]);
    const resolved = await eventually(async () =>
      (await db.incidentUpdate.findMany({ where: { incidentId: incident } })).some((u) => u.status === "RESOLVED"),
    );
    expect(resolved).toBe(true);
  });

  it.each(cases)("with %i instance(s): a group's edit and a window's writes reach the next run", async (count) => {
    const { api, db } = await instances(count);
    const up = await startTarget(200);
    stops.push(() => up.close());
    const hour = 3_600_000;
    const window = (extra: Record<string, unknown>) =>
      api.post("/v1/maintenance-windows", {
        name: "Freeze",
        startsAt: new Date(Date.now() - hour).toISOString(),
        endsAt: new Date(Date.now() + hour).toISOString(),
        repeatUnit: "DAY",
        ...extra,
      });
    // A window pausing the tag "frozen", which neither the check nor its group has yet.
    expect((await window({ tags: ["frozen"] })).status).toBe(201);
    const group = await api.post("/v1/check-groups", { name: "Edited group", locations: ["eu-west-1"] });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const created = await api.post("/v1/checks/api", {
      name: "grouped",
      frequency: 1440,
      locations: ["eu-west-1"],
      groupId: group.body.id,
      request: { method: "GET", url: `${up.url}/health` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const checkId = created.body.id as string;
    const outcomes = [await triggerAndWait(api, db, checkId)];

    // The group takes the paused tag: the next run is not run.
    expect((await api.put(`/v1/check-groups/${group.body.id}`, { tags: ["frozen"] })).status).toBe(200);
    outcomes.push(await triggerAndWait(api, db, checkId));
    expect((await api.put(`/v1/check-groups/${group.body.id}`, { tags: [] })).status).toBe(200);
    outcomes.push(await triggerAndWait(api, db, checkId));
    // A window pausing every check, then its deletion.
    const all = await window({ pauseAllChecks: true });
    expect(all.status, JSON.stringify(all.body)).toBe(201);
    outcomes.push(await triggerAndWait(api, db, checkId));
    expect((await api.delete(`/v1/maintenance-windows/${all.body.id}`)).status).toBe(204);
    outcomes.push(await triggerAndWait(api, db, checkId));
    expect(outcomes).toEqual(["PASSED", "CANCELLED", "PASSED", "CANCELLED", "PASSED"]);
    expect(up.state.hits).toBe(3);
  });
});

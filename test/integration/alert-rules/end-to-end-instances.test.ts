// Issue 11: several engines on one database run the same failing checks, and each alert is
// raised and delivered once. Parallel checks put their locations' runs on different engines, so
// the decision of one run is raced by transactions of different engines: the status's
// compare-and-set makes it once.
//
// On PostgreSQL the engines belong to two instances of `vigil serve` (two apps, two connection
// pools), as README documents several instances for it. On SQLite they share one app: two
// better-sqlite3 connections in one process cannot both write, because a connection waiting on
// the other's write lock waits synchronously (busy timeout) and so blocks the very event loop the
// other needs to commit (a 10 s stall, then SQLITE_BUSY); separate processes do not have that.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { claimRuns } from "../../../src/domain/runs/index.js";
import { startEngine } from "../../../src/engine/engine.js";
import { createTryWriter } from "../../../src/engine/try-writer.js";
import { startTestApp, type TestApp } from "../../support/app.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";
import { advanceToNextRun, SCHEDULE, shiftedClock, startChain, startTarget } from "../../support/alert-e2e.js";
import { eventually } from "../../support/eventually.js";
import { createCheck } from "../../support/index.js";
import { restClient } from "../../support/rest.js";
import { startReceiver } from "../../support/receiver.js";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});
const instances = testProvider === "postgresql" ? 2 : 1;

describe(`alerting with three engines in ${instances} instance(s) on one ${testProvider} database`, () => {
  it("raises each alert once and the receiver gets each once", async () => {
    const databaseUrl = await migratedDatabaseUrl();
    const a: TestApp = await startTestApp({ DATABASE_URL: databaseUrl });
    stops.push(() => a.stop());
    const b: TestApp = instances === 2 ? await startTestApp({ DATABASE_URL: databaseUrl }) : a;
    if (b !== a) stops.push(() => b.stop());
    // The first three requests wait for each other: one run under way on each engine at once.
    const target = await startTarget(500, 3);
    stops.push(() => target.close());
    const receiver = await startReceiver();
    stops.push(() => receiver.close());
    const api = restClient(a.url, a.apiKey);

    const channel = await api.post("/v1/alert-channels", {
      type: "WEBHOOK",
      config: { name: "Receiver", webhookType: "WEBHOOK", url: `${receiver.url}/hook`, webhookSecret: SECRET },
    });
    expect(channel.status).toBe(201);
    const checks: { id: string; parallel: boolean }[] = [];
    for (let index = 0; index < 6; index++) {
      const parallel = index >= 4;
      const created = await api.post("/v1/checks/api", {
        name: `failing-${index}`,
        ...SCHEDULE,
        locations: parallel ? ["eu-west-1", "us-east-1", "ap-south-1"] : ["eu-west-1"],
        runParallel: parallel,
        request: { method: "GET", url: `${target.url}/${index}` },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      checks.push({ id: created.body.id, parallel });
    }

    // One run at a time per engine, so that the held requests come from three engines.
    const clock = shiftedClock();
    advanceToNextRun(clock);
    const chainA = startChain(a.app, clock, clock, 1);
    stops.push(chainA.stop);
    const chainB = startChain(b.app, clock, clock, 1);
    stops.push(chainB.stop);
    const extra = startEngine(a.app.context, { concurrency: 1, leaseMs: 60_000, now: clock.now, maxIdleMs: 50 });
    stops.push(() => extra.stop(2_000));
    const engines = [chainA.engine, chainB.engine, extra];

    const db = a.app.context.database.prisma;
    const ids = checks.map((c) => c.id);
    const runs = checks.reduce((sum, c) => sum + (c.parallel ? 3 : 1), 0);
    await eventually(
      async () => (await db.checkRun.count({ where: { checkId: { in: ids }, status: "DONE" } })) === runs,
    );
    await eventually(
      async () =>
        (await db.alertNotification.count({ where: { checkId: { in: ids }, status: "SUCCESS" } })) === checks.length,
    );
    // Every engine is idle and every worker has recorded its tries: nothing more can arrive.
    await eventually(() => engines.every((e) => e.inFlight() === 0));
    await eventually(() => chainA.delivery.inFlight() === 0 && chainB.delivery.inFlight() === 0);

    // Each run ran once (no run lost to another engine and run again), on every engine. (An API
    // check retries once by default: each run has an ATTEMPT and a FINAL result.)
    const finals = await db.checkResult.findMany({ where: { checkId: { in: ids }, resultType: "FINAL" } });
    expect(new Set(finals.map((r) => r.checkRunId)).size).toBe(finals.length);
    expect(finals).toHaveLength(runs);
    expect(engines.map((e) => e.stats.recorded >= 1)).toEqual([true, true, true]);
    expect(engines.reduce((sum, e) => sum + e.stats.recorded, 0)).toBe(runs);
    expect(engines.reduce((sum, e) => sum + e.stats.lost, 0)).toBe(0);
    const alerts = await db.checkAlert.findMany({ where: { checkId: { in: ids } } });
    expect(alerts.map((alert) => alert.alertType)).toEqual(checks.map(() => "ALERT_FAILURE"));
    expect(new Set(alerts.map((alert) => alert.checkId))).toEqual(new Set(ids));
    const statuses = await db.checkStatus.findMany({ where: { checkId: { in: ids } } });
    expect(statuses.map((s) => s.condition)).toEqual(checks.map(() => "FAILING"));

    const webhooks = receiver.received.map(
      (request) =>
        new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>) as Record<string, string>,
    );
    expect(webhooks.map((w) => w.ALERT_TYPE)).toEqual(checks.map(() => "ALERT_FAILURE"));
    expect(new Set(webhooks.map((w) => w.CHECK_ID))).toEqual(new Set(ids));
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(checks.length);
  });

  // The bug these engines found: the engine's try writer renewed a run's lease on the real clock
  // while the runs were claimed on the engine's, so on a clock more than a lease ahead a run was
  // expired as soon as its first try was recorded, claimed again by another engine and run twice.
  it("an engine's try writer renews leases on the engine's clock", async () => {
    const t = await startTestApp();
    stops.push(() => t.stop());
    const db = t.app.context.database.prisma;
    const check = await createCheck(t, { name: "leased", locations: ["eu-west-1"] });
    const now = () => new Date(Date.now() + 10 * 60_000);
    await db.checkRun.create({
      data: { accountId: t.accountId, checkId: check.id, location: "eu-west-1", sequenceId: "s", dueAt: now() },
    });
    const [run] = await claimRuns({
      ctx: { db },
      privateLocationId: null,
      owner: "engine",
      now: now(),
      leaseMs: 60_000,
      limit: 1,
    });
    const writer = createTryWriter(t.app.context, { maxBatch: 1, maxDelayMs: 0, now });
    const input = { checkId: check.id, checkRunId: run!.id, runLocation: "eu-west-1", resultType: "ATTEMPT" };
    const held = { run: run!, check, owner: "engine", leaseMs: 60_000, input };
    expect(await writer.write(held)).not.toBeNull();
    const renewed = await db.checkRun.findUniqueOrThrow({ where: { id: run!.id } });
    expect(renewed.leaseExpiresAt!.getTime()).toBeGreaterThan(now().getTime());
    // So no other engine on that clock can take the run over.
    const other = { ctx: { db }, privateLocationId: null, owner: "other", now: now(), leaseMs: 60_000, limit: 1 };
    expect(await claimRuns(other)).toEqual([]);
  });
});

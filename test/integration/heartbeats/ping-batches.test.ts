// Pings are group-committed (src/domain/heartbeats/record-ping.ts): those that arrive while a
// batch is being written are written together, in a fixed number of statements, and each is
// judged and decided exactly as if it had been written alone.
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { sqliteWriter } from "../../../src/db/sqlite-writes.js";
import { NotFoundError } from "../../../src/domain/shared/errors.js";
import { recordHeartbeatPing, recordMissedHeartbeats } from "../../../src/domain/heartbeats/index.js";
import type { VigilEvent } from "../../../src/events/bus.js";
import { startTestApp, useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createHeartbeatCheck, createHeartbeatEvent } from "../../support/index.js";

// Every ping of this file at one instant (well inside an hour): statuses and rollups are compared
// between runs, and the rollups' hour must not change under them.
const AT = new Date("2031-03-01T10:20:00.000Z");

describe(`heartbeat pings written in batches on ${testProvider}`, () => {
  let statements: string[] | null = null;
  const t = useTestApp({}, { onQuery: (sql) => statements?.push(sql) });
  const db = () => t.db;
  const ping = (pingToken: string, at = AT) =>
    recordHeartbeatPing({ ctx: { ...domainContext(t.app.context, ""), now: () => at }, pingToken, input: {} });
  const checks = (count: number, createdAt = new Date(AT.getTime() - 60_000)) =>
    Promise.all(Array.from({ length: count }, () => createHeartbeatCheck(t, { createdAt })));
  /** The statements of `fn` (Prisma's and SQLite's batch writer's), transaction control left out. */
  async function counted(fn: () => Promise<unknown>) {
    statements = [];
    const writer = await sqliteWriter(db());
    writer?.observe((sql) => statements?.push(sql));
    try {
      await fn();
      return statements.filter((sql) => !/^\s*(BEGIN|COMMIT|ROLLBACK|PRAGMA|SAVEPOINT|RELEASE)/i.test(sql));
    } finally {
      writer?.observe(null);
      statements = null;
    }
  }
  const statusOf = async (checkId: string) => {
    const {
      checkId: _,
      accountId,
      createdAt,
      updatedAt,
      ...status
    } = await db().checkStatus.findUniqueOrThrow({
      where: { checkId },
    });
    return status;
  };

  it("writes pings that arrive together in as many statements as one ping alone", async () => {
    const many = await checks(30);
    const [one] = await checks(1);
    // First pings create the checks' statuses and the hour's rollups: the general path.
    for (const check of [...many, one!]) await ping(check.pingToken!);
    const alone = await counted(() => ping(one!.pingToken!));
    // A ping that finds the writer idle waits a moment for others: these go in one batch.
    const together = await counted(() => Promise.all(many.map((c) => ping(c.pingToken!))));
    // Per batch: the checks with their latest events, the events, the statuses read and set in one
    // compare-and-set, the rollups' upsert and sketches.
    expect(alone).toHaveLength(6);
    expect(together).toHaveLength(alone.length);
    expect(together.filter((sql) => /UPDATE "CheckStatus"/.test(sql))).toHaveLength(1);
    for (const check of many) {
      expect((await db().heartbeatEvent.findMany({ where: { checkId: check.id } })).map((e) => e.state)).toEqual([
        "RECEIVED",
        "RECEIVED",
      ]);
      const rollup = await db().checkRollup.findFirstOrThrow({ where: { checkId: check.id, hours: 1 } });
      expect(rollup).toMatchObject({ runs: 2, failed: 0 });
    }
  });

  it("leaves statuses as pings written one by one do", async () => {
    const [together, alone] = [await checks(8), await checks(8)];
    const times = [0, 1_000, 2_000].map((ms) => new Date(AT.getTime() + ms));
    for (const at of times) await Promise.all(together.map((c) => ping(c.pingToken!, at)));
    for (const at of times) for (const check of alone) await ping(check.pingToken!, at);
    for (const [i, check] of together.entries()) {
      const status = await statusOf(check.id);
      expect(status).toEqual(await statusOf(alone[i]!.id));
      expect(status).toMatchObject({ condition: "PASSING", version: 3, lastRunAt: times[2], hasFailures: false });
    }
  });

  it("judges each ping of a batch against the one before it, the batch's own included", async () => {
    const [check] = await checks(1);
    // 75 s after the previous event: in the grace time (period 60 s, grace 30 s).
    await createHeartbeatEvent(t, check!.id, { state: "RECEIVED", timestamp: new Date(AT.getTime() - 75_000) });
    const events = await Promise.all([ping(check!.pingToken!), ping(check!.pingToken!), ping(check!.pingToken!)]);
    expect(events.map((e) => e.state)).toEqual(["GRACE", "RECEIVED", "RECEIVED"]);
    const stored = await db().heartbeatEvent.findMany({ where: { checkId: check!.id, timestamp: AT } });
    expect(stored.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
    expect((await statusOf(check!.id)).version).toBe(3);
  });

  it("answers an unknown token of a batch with a 404 error and stores the others", async () => {
    const [a, b] = await checks(2);
    const results = await Promise.allSettled([ping(a!.pingToken!), ping("no-such-token"), ping(b!.pingToken!)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(NotFoundError);
    expect(await db().heartbeatEvent.count({ where: { checkId: { in: [a!.id, b!.id] } } })).toBe(2);
  });

  it("recovers a FAILING check in a batch of passing ones: its decision, alert and event as alone", async () => {
    const passing = await checks(3);
    for (const check of passing) await ping(check.pingToken!);
    // Never pinged, and created long enough ago: the sweep writes its FAILING (a failed run).
    const [failing] = await checks(1, new Date(AT.getTime() - 200_000));
    await recordMissedHeartbeats({ ctx: { ...domainContext(t.app.context, ""), now: () => AT }, now: AT });
    expect((await statusOf(failing!.id)).condition).toBe("FAILING");
    const published: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => published.push(event));
    const later = new Date(AT.getTime() + 10_000);
    try {
      await Promise.all([...passing, failing!].map((c) => ping(c.pingToken!, later)));
    } finally {
      unsubscribe();
    }
    expect(await statusOf(failing!.id)).toMatchObject({ condition: "PASSING", hasFailures: false });
    const alerts = await db().checkAlert.findMany({ where: { checkId: failing!.id }, orderBy: { createdAt: "asc" } });
    expect(alerts.map((a) => a.alertType)).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY"]);
    expect(published.filter((e) => e.type === "checkStatusChanged")).toEqual([
      { type: "checkStatusChanged", accountId: t.accountId, checkId: failing!.id, condition: "PASSING" },
    ]);
    expect(published.filter((e) => e.type === "heartbeatEventRecorded")).toHaveLength(4);
  });

  // Several instances share a PostgreSQL database; on SQLite (one instance) the same app twice.
  it("stays exact when two instances write batches of the same checks at once", async () => {
    const other = testProvider === "postgresql" ? await startTestApp({ DATABASE_URL: t.databaseUrl }) : null;
    try {
      const many = await checks(12);
      const apps = [t.app, other?.app ?? t.app];
      const at = (round: number) => new Date(AT.getTime() + round * 1_000);
      const instance = (app: (typeof apps)[number], round: number) =>
        Promise.all(
          many.map((c) =>
            recordHeartbeatPing({
              ctx: { ...domainContext(app.context, ""), now: () => at(round) },
              pingToken: c.pingToken!,
              input: {},
            }),
          ),
        );
      for (let round = 0; round < 4; round++) await Promise.all(apps.map((app) => instance(app, round)));
      for (const check of many) {
        expect(await db().heartbeatEvent.count({ where: { checkId: check.id } })).toBe(8);
        // Every ping moved the status once (its compare-and-set), none was lost or applied twice.
        expect(await statusOf(check.id)).toMatchObject({ version: 8, condition: "PASSING", lastRunAt: at(3) });
        const rollup = await db().checkRollup.findFirstOrThrow({ where: { checkId: check.id, hours: 1 } });
        expect(rollup.runs).toBe(8);
      }
    } finally {
      await other?.stop();
    }
  });
});

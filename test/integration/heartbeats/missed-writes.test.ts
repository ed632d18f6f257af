// The missed-heartbeat sweep's writes (src/domain/heartbeats/failing-writes.ts): what a chunk
// reads and writes, and a silence that a ping ended after the sweep read it.
import { beforeEach, describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { sqliteWriter } from "../../../src/db/sqlite-writes.js";
import { writeFailings } from "../../../src/domain/heartbeats/failing-writes.js";
import { recordHeartbeatPing, recordMissedHeartbeats } from "../../../src/domain/heartbeats/index.js";
import { failingEventId } from "../../../src/domain/heartbeats/missed.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createHeartbeatCheck, createMaintenanceWindow } from "../../support/index.js";

// Period 60 s plus grace 30 s: a check is overdue 90 s after its latest event.
const T0 = Date.parse("2031-06-01T00:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const FAR = new Date("2100-01-01T00:00:00.000Z");

describe(`missed-heartbeat sweep writes on ${testProvider}`, () => {
  let statements: string[] | null = null;
  const t = useTestApp({}, { onQuery: (sql) => statements?.push(sql) });
  const ctx = (now: Date) => ({ db: t.db, events: t.app.context.events, now: () => now });
  const sweep = (now: Date) => recordMissedHeartbeats({ ctx: ctx(now), now });
  const ping = (check: { pingToken: string | null }, when: Date) =>
    recordHeartbeatPing({
      ctx: { ...domainContext(t.app.context, t.accountId), now: () => when },
      pingToken: check.pingToken,
      input: {},
    });
  const failings = (checkId: string) => t.db.heartbeatEvent.findMany({ where: { checkId, state: "FAILING" } });

  /** The statements of `fn`: Prisma's and SQLite's batch writer's. */
  async function counted(fn: () => Promise<unknown>) {
    statements = [];
    const writer = await sqliteWriter(t.db);
    writer?.observe((sql) => statements?.push(sql));
    try {
      await fn();
      return statements;
    } finally {
      writer?.observe(null);
      statements = null;
    }
  }

  // Every earlier test's silences marked already: a sweep's statements are this test's alone.
  beforeEach(async () => {
    await sweep(FAR);
  });

  it("reads the windows once a sweep and each chunk's statuses once, the latest events only in the page and the insert", async () => {
    // A window that pauses nothing here: the sweep still reads it, to know.
    await createMaintenanceWindow(t, { name: "w", startsAt: at(0), endsAt: at(60), repeatUnit: "DAY", tags: ["x"] });
    const checks = await Promise.all(Array.from({ length: 40 }, () => createHeartbeatCheck(t, { createdAt: at(0) })));
    // Pinged once: their statuses exist (a missing one is created and read again).
    await Promise.all(checks.map((check) => ping(check, at(0))));
    const all = await counted(async () => expect(await sweep(at(91))).toBe(40));
    const count = (pattern: RegExp) => all.filter((sql) => pattern.test(sql)).length;
    expect(count(/FROM "MaintenanceWindow"/)).toBe(1);
    // No read of the latest events between the page and the transaction: the insert decides.
    expect(count(/SELECT c\."id" AS "checkId", \(/)).toBe(0);
    const chunks = count(/SELECT \* FROM "CheckStatus"/);
    expect(chunks).toBeGreaterThan(0);
    expect(count(/FROM "Check" c JOIN "Account" a/)).toBe(chunks);
    const inserts = all.filter((sql) => /INSERT INTO "HeartbeatEvent"/.test(sql));
    if (testProvider === "sqlite") {
      // Statements of 16 rows or of one (kept by the batch writer), whatever the chunks' sizes.
      const rows = inserts.map((sql) => sql.split(/\),\s*\(/).length);
      expect(rows.every((n) => n === 16 || n === 1)).toBe(true);
      expect(rows.reduce((a, b) => a + b, 0)).toBe(40);
    } else expect(inserts).toHaveLength(chunks);
    for (const check of checks) expect(await failings(check.id)).toHaveLength(1);
  });

  it("leaves a silence alone when a ping ended it after the sweep read it, and writes the others of its chunk", async () => {
    const [pinged, silent] = await Promise.all([0, 1].map(() => createHeartbeatCheck(t, { createdAt: at(0) })));
    const first = await ping(pinged!, at(0));
    const due = (checkId: string, after: { id: string; timestamp: Date } | null, failedAt: Date) => ({
      checkId,
      accountId: t.accountId,
      after: after?.id ?? null,
      failedAt,
      id: failingEventId(checkId, after?.id ?? null, after?.timestamp ?? at(0)),
    });
    // The sweep read the check's latest event (`first`), then a ping came before its write.
    const late = await ping(pinged!, at(95));
    expect(late.state).toBe("LATE");
    const chunk = [due(pinged!.id, first, at(90)), due(silent!.id, null, at(90))];
    expect(await writeFailings(ctx(at(96)), chunk, at(96))).toBe(1);
    expect(await failings(pinged!.id)).toEqual([]);
    expect((await failings(silent!.id)).map((e) => e.timestamp)).toEqual([at(90)]);
    const status = (checkId: string) => t.db.checkStatus.findUnique({ where: { checkId } });
    expect((await status(pinged!.id))?.condition).not.toBe("FAILING");
    expect((await status(silent!.id))?.condition).toBe("FAILING");
  });

  it("never commits inside a Prisma transaction that read: it waits, and the transaction's own write stands", async () => {
    const check = await createHeartbeatCheck(t, { createdAt: at(0) });
    await ping(check, at(0));
    let swept: Promise<number> | undefined;
    await t.db.$transaction(async (tx) => {
      // A read first: on SQLite the transaction's snapshot, which a commit of another connection
      // in between would make its write fail (SQLITE_BUSY_SNAPSHOT).
      await tx.check.findUniqueOrThrow({ where: { id: check.id } });
      swept = sweep(at(91));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.check.update({ where: { id: check.id }, data: { name: "renamed meanwhile" } });
    });
    expect(await swept).toBe(1);
    expect(await failings(check.id)).toHaveLength(1);
    expect((await t.db.check.findUniqueOrThrow({ where: { id: check.id } })).name).toBe("renamed meanwhile");
  });
});

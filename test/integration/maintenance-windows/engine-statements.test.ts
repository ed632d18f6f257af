// Moves and skips cost the engine no statement (issue 29, section 3): the window row carries them
// (occurrenceChanges), so deciding "in maintenance" for a run or an alert reads what it read before
// the occurrences existed: the check, then the account's windows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../src/db/client.js";
import { loadAlertContext } from "../../../src/domain/check-statuses/alert-context.js";
import { createMaintenanceWindow } from "../../../src/domain/maintenance-windows/index.js";
import { moveMaintenance, skipMaintenance } from "../../../src/domain/maintenances/index.js";
import { loadRunnable } from "../../../src/domain/monitoring/runnable.js";
import { createInProcessBus } from "../../../src/events/bus.js";
import { testDatabase, testProvider } from "../../support/database.js";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe(`statements of the maintenance decision on ${testProvider}`, () => {
  const statements: string[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  let db: Db;
  let accountId: string;
  beforeAll(async () => {
    const database = await testDatabase({ onQuery: (sql) => statements.push(sql) });
    stops.push(() => database.close());
    db = database.prisma;
    accountId = (await db.account.create({ data: { name: "statements" } })).id;
  });
  afterAll(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  it("reads the check and the windows, moved and skipped occurrences applied", async () => {
    const t0 = Date.parse("2033-01-01T00:00:00Z");
    const ctx = { db, accountId, events: createInProcessBus(), now: () => new Date(t0) };
    const check = await db.check.create({
      data: { accountId, checkType: "API", name: "c", locations: [], tags: ["db"] },
    });
    const window = await createMaintenanceWindow({
      ctx,
      input: {
        name: "w",
        startsAt: iso(t0 + HOUR),
        endsAt: iso(t0 + 2 * HOUR),
        repeatUnit: "DAY",
        repeatInterval: 1,
        tags: ["db"],
        silenceAlertsTags: ["db"],
      },
    });
    const [first, second] = await db.maintenance.findMany({
      where: { windowId: window.id },
      orderBy: { startsAt: "asc" },
    });
    const decide = async (at: number) => {
      statements.length = 0;
      const runnable = await loadRunnable({ ctx: { db }, run: { accountId, checkId: check.id }, now: new Date(at) });
      const reads = statements.length;
      statements.length = 0;
      const alert = await loadAlertContext(db, check.id, new Date(at));
      return { runs: runnable !== null, silenced: alert!.silence.maintenance, reads, alertReads: statements.length };
    };
    // Before any move or skip: paused in the first occurrence; what both reads cost.
    const before = await decide(t0 + 1.5 * HOUR);
    expect(before).toMatchObject({ runs: false, silenced: true });
    await skipMaintenance({ ctx, id: first!.id });
    await moveMaintenance({ ctx, id: second!.id, input: { startsAt: iso(t0 + 30 * HOUR) } });
    const costs = { reads: before.reads, alertReads: before.alertReads };
    // Skipped (Jan 1 01:30): runs, not silenced. Moved away (Jan 2 01:30): the same. Moved to (Jan 2 06:30): paused.
    expect(await decide(t0 + 1.5 * HOUR)).toEqual({ runs: true, silenced: false, ...costs });
    expect(await decide(t0 + 25.5 * HOUR)).toEqual({ runs: true, silenced: false, ...costs });
    expect(await decide(t0 + 30.5 * HOUR)).toEqual({ runs: false, silenced: true, ...costs });
    expect(await decide(t0 + 49.5 * HOUR)).toEqual({ runs: false, silenced: true, ...costs });
    // The occurrence rows themselves are never read for it.
    statements.length = 0;
    await loadRunnable({ ctx: { db }, run: { accountId, checkId: check.id }, now: new Date(t0 + 30.5 * HOUR) });
    await loadAlertContext(db, check.id, new Date(t0 + 30.5 * HOUR));
    expect(statements.length).toBe(before.reads + before.alertReads);
    expect(statements.filter((sql) => /["`]Maintenance["`]/.test(sql))).toEqual([]);
  });
});

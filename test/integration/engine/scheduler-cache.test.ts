import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { systemContext } from "../../../src/app-context.js";
import { phaseMs } from "../../../src/domain/monitoring/plan.js";
import { PlanCache } from "../../../src/domain/runs/plan-rows.js";
import { scheduleDueRuns } from "../../../src/domain/runs/schedule.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

describe(`the scheduler's kept plan rows on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const db = () => t.db;
  const CHECKS = 10_000;
  let ids: string[] = [];

  beforeEach(async () => {
    await db().schedulerState.deleteMany({});
    await db().checkRun.deleteMany({});
    if (ids.length) return;
    ids = Array.from({ length: CHECKS }, () => randomUUID());
    for (let at = 0; at < CHECKS; at += 1_000)
      await db().check.createMany({
        data: ids.slice(at, at + 1_000).map((id, i) => ({
          id,
          accountId: t.accountId,
          checkType: "API",
          name: `check ${at + i}`,
          frequency: 1,
          locations: ["eu-west-1"],
          tags: [],
        })),
      });
  });

  /** Plans the window at `at` (a fresh one each time: the progress row is reset) and counts what it read. */
  async function tick(at: number, cache?: PlanCache) {
    await db().schedulerState.deleteMany({});
    statements.length = 0;
    const { queued } = await scheduleDueRuns({ ctx: systemContext(t.app.context), now: new Date(at), cache });
    // Reads of the Check table (the plan rows, or their stamps): not the run queue's or the groups'.
    // The raw reads' connection reports its statements too (src/db/sqlite-reads.ts).
    const reads = statements.filter((sql) => /^\s*SELECT/i.test(sql) && /FROM [`"\w.]*[`"]Check[`"] /.test(sql));
    return { queued, reads: reads.length };
  }
  const keysAt = async (from: number) =>
    (await db().checkRun.findMany({ where: { dueAt: { gt: new Date(from) } }, select: { scheduleKey: true } }))
      .map((r) => r.scheduleKey ?? "")
      .sort();

  it("reads only the checks whose revision moved, and plans as a full read does", async () => {
    // The stamps through the database's raw reads, as the engine reads them.
    const cache = new PlanCache(t.app.context.database.read);
    const start = Date.UTC(2030, 1, 1, 12);
    const first = await tick(start, cache);
    expect(cache.size()).toBe(CHECKS);
    // The stamps, and the rows in chunks of 500.
    expect(first.reads).toBeLessThanOrEqual(1 + CHECKS / 500);
    // Nothing changed: the stamps alone.
    const again = await tick(start + 60_000, cache);
    expect(again.reads).toBe(1);
    expect(again.queued).toBe(first.queued);

    // Three edits through the domain (revision bumps): they are read again, and only they.
    const edited = ids.slice(0, 3);
    for (const id of edited) {
      const put = await t.api.put(`/v1/checks/${id}`, { frequency: 0, frequencyOffset: 10 });
      expect(put.status).toBe(200);
    }
    const afterEdit = await tick(start + 120_000, cache);
    expect(afterEdit.reads).toBe(2);
    const kept = await keysAt(start + 120_000);
    await db().checkRun.deleteMany({});
    // The same window planned from a full read of every check.
    await tick(start + 120_000);
    expect(await keysAt(start + 120_000)).toEqual(kept);
    // A 10-second check falls due once or twice in the 10 s window.
    for (const id of edited) expect(kept.filter((k) => k.startsWith(`${id}:`)).length).toBeGreaterThanOrEqual(1);
  });

  it("keeps each check's phase with its row: the same across ticks and restarts, moved by an edit", async () => {
    const cache = new PlanCache(t.app.context.database.read);
    const phases = async (c: PlanCache) => new Map((await c.read(db())).map((row) => [row.id, row.phaseMs]));
    const first = await phases(cache);
    expect(first.size).toBe(CHECKS);
    // As the plan's arithmetic gives it from the check's settings (a hash of the id; the checks
    // edited by the first test are left out).
    for (const id of ids.slice(30, 50))
      expect(first.get(id)).toBe(phaseMs({ id, frequency: 1, frequencyOffset: null }));
    expect(await phases(cache)).toEqual(first);
    // A restart (a new cache, as a new process has) finds the same phases.
    expect(await phases(new PlanCache())).toEqual(first);
    const [edited] = ids.slice(60, 61) as [string];
    expect((await t.api.put(`/v1/checks/${edited}`, { frequencyOffset: 3 })).status).toBe(200);
    const after = await phases(cache);
    expect(after.get(edited)).toBe(18_000);
    expect(after.get(edited)).not.toBe(first.get(edited));
    expect((await t.api.put(`/v1/checks/${edited}`, { frequencyOffset: null })).status).toBe(200);
    expect(await phases(cache)).toEqual(first);
  });

  it("drops checks deleted, deactivated or in a deactivated group", async () => {
    const cache = new PlanCache();
    const start = Date.UTC(2030, 1, 2, 12);
    await tick(start, cache);
    const [gone, off, grouped] = ids.slice(10, 13) as [string, string, string];
    const group = await t.api.post("/v1/check-groups", { name: "g", activated: true, locations: ["eu-west-1"] });
    expect(group.status).toBe(201);
    const groupId = (group.body as { id: number }).id;
    expect((await t.api.put(`/v1/checks/${grouped}`, { groupId })).status).toBe(200);
    expect((await t.api.delete(`/v1/checks/${gone}`)).status).toBe(204);
    expect((await t.api.put(`/v1/checks/${off}`, { activated: false })).status).toBe(200);
    await tick(start + 60_000, cache);
    expect(cache.size()).toBe(CHECKS - 2);
    expect((await t.api.put(`/v1/check-groups/${groupId}`, { activated: false })).status).toBe(200);
    const { reads } = await tick(start + 120_000, cache);
    expect(reads).toBe(1);
    expect(cache.size()).toBe(CHECKS - 3);
    const planned = new Set((await keysAt(start + 120_000)).map((k) => k.split(":")[0]));
    for (const id of [gone, off, grouped]) expect(planned.has(id)).toBe(false);
    // Restored: they come back.
    expect((await t.api.put(`/v1/check-groups/${groupId}`, { activated: true })).status).toBe(200);
    expect((await t.api.put(`/v1/checks/${off}`, { activated: true })).status).toBe(200);
    await tick(start + 180_000, cache);
    expect(cache.size()).toBe(CHECKS - 1);
  });
});

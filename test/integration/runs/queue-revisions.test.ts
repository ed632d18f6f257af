// Issue 29: the claim reads the revisions of each run's check, group and account's windows in the
// statements it always made (the engine's hot path): the engine's cache of checks is trusted only
// while they match (test/integration/engine/edits.test.ts shows edits reaching the next run).
import { afterAll, describe, expect, it } from "vitest";
import { claimRuns } from "../../../src/domain/runs/index.js";
import { testDatabase, testProvider } from "../../support/database.js";

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe(`the claim's revisions on ${testProvider}`, () => {
  it("a claim reads the stored revisions in its own two statements", async () => {
    const statements: string[] = [];
    const database = await testDatabase({ onQuery: (sql) => statements.push(sql) });
    stops.push(() => database.close());
    const db = database.prisma;
    const account = await db.account.create({ data: { name: "claims", windowsRevision: 7 } });
    const group = await db.checkGroup.create({
      data: { accountId: account.id, name: "g", tags: [], locations: [], apiCheckDefaults: {}, revision: 5 },
    });
    const check = (groupId: number | null, revision: number) =>
      db.check.create({
        data: { accountId: account.id, checkType: "API", name: "c", locations: [], tags: [], groupId, revision },
      });
    const [grouped, loose] = [await check(group.id, 3), await check(null, 2)];
    const dueAt = new Date(Date.now() - 1000);
    await db.checkRun.createMany({
      data: [grouped, loose].map((c, i) => ({ accountId: account.id, checkId: c.id, sequenceId: `s${i}`, dueAt })),
    });
    statements.length = 0;
    const claimed = await claimRuns({
      ctx: { db },
      privateLocationId: null,
      owner: "test",
      now: new Date(),
      leaseMs: 60_000,
      limit: 10,
    });
    expect(statements).toHaveLength(2);
    expect(new Map(claimed.map((run) => [run.checkId, run.revision]))).toEqual(
      new Map([
        [grouped.id, { check: 3, group: 5, windows: 7 }],
        [loose.id, { check: 2, group: null, windows: 7 }],
      ]),
    );
  });
});

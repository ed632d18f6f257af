// Issue 28: the engine's cache of checks (src/domain/monitoring/runnable.ts) serves a claimed run
// whose claim read the same revisions however long ago the check was read (a check runs once a
// minute: a shorter time limit made every run read it again), reads it again after an edit, and
// holds at most its bound in bytes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../src/db/client.js";
import { RunnableCache } from "../../../src/domain/monitoring/runnable.js";
import { testDatabase, testProvider } from "../../support/database.js";

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe(`the engine's cache of checks on ${testProvider}`, () => {
  const statements: string[] = [];
  let db: Db;
  let account: { id: string };
  beforeAll(async () => {
    const database = await testDatabase({ onQuery: (sql) => statements.push(sql) });
    stops.push(() => database.close());
    db = database.prisma;
    account = await db.account.create({ data: { name: "cache" } });
  });
  const newCheck = (name = "c") =>
    db.check.create({ data: { accountId: account.id, checkType: "API", name, locations: [], tags: [] } });
  const reads = () => statements.filter((sql) => /FROM\s+(["`]\w+["`]\.)?["`]Check["`](\s|$)/.test(sql)).length;

  it("serves a run whose claim read the check's revision without a time limit; an edit is read again", async () => {
    const check = await newCheck();
    const cache = new RunnableCache(5_000);
    const run = (revision: number) => ({
      accountId: account.id,
      checkId: check.id,
      revision: { check: revision, group: null, windows: null },
    });
    statements.length = 0;
    expect((await cache.check(db, run(check.revision), 0))?.name).toBe("c");
    // An hour later, the same revision: no read.
    expect((await cache.check(db, run(check.revision), 3_600_000))?.name).toBe("c");
    expect(reads()).toBe(1);
    const edited = await db.check.update({
      where: { id: check.id },
      data: { name: "edited", revision: { increment: 1 } },
    });
    statements.length = 0;
    expect((await cache.check(db, run(edited.revision), 3_600_001))?.name).toBe("edited");
    expect(reads()).toBe(1);
    // Without a revision (no claim read one), an entry lives `ttlMs` only.
    const plain = { accountId: account.id, checkId: check.id };
    statements.length = 0;
    await cache.check(db, plain, 3_600_002);
    await cache.check(db, plain, 3_600_002 + 5_000);
    expect(reads()).toBe(1);
  });

  it("serves the row as read, with its group's settings, a copy of its own to each run", async () => {
    const group = await db.checkGroup.create({
      data: {
        accountId: account.id,
        name: "g",
        tags: ["gt"],
        locations: ["eu-west-1"],
        apiCheckDefaults: { url: "http://127.0.0.1" },
      },
    });
    const check = await db.check.create({
      data: {
        accountId: account.id,
        checkType: "API",
        name: "with group",
        locations: [],
        tags: ["t"],
        groupId: group.id,
        request: { url: "{{GROUP_BASE_URL}}/health", method: "GET" },
      },
    });
    const cache = new RunnableCache(5_000);
    const run = {
      accountId: account.id,
      checkId: check.id,
      revision: { check: check.revision, group: group.revision, windows: null },
    };
    const read = await cache.check(db, run, 0);
    statements.length = 0;
    const first = await cache.check(db, run, 1);
    const second = await cache.check(db, run, 2);
    expect(reads()).toBe(0);
    expect(first).toEqual(read);
    expect(first?.group).toMatchObject({
      tags: ["gt"],
      locations: ["eu-west-1"],
      apiCheckDefaults: { url: "http://127.0.0.1" },
    });
    expect(first?.request).toEqual({ url: "{{GROUP_BASE_URL}}/health", method: "GET" });
    (first!.request as { url: string }).url = "changed by a run";
    expect(second?.request).toEqual({ url: "{{GROUP_BASE_URL}}/health", method: "GET" });
    expect((await cache.check(db, run, 3))?.request).toEqual({ url: "{{GROUP_BASE_URL}}/health", method: "GET" });
    // Another account's run of the same check id gets nothing, cached or not.
    expect(await cache.check(db, { ...run, accountId: "another" }, 4)).toBeNull();
  });

  it("holds at most its bound in bytes, dropping the oldest rows first", async () => {
    const checks = [await newCheck("a"), await newCheck("b"), await newCheck("c")];
    const probe = new RunnableCache(5_000);
    const run = (c: (typeof checks)[number]) => ({
      accountId: account.id,
      checkId: c.id,
      revision: { check: c.revision, group: null, windows: null },
    });
    await probe.check(db, run(checks[0]!), 0);
    const one = probe.heldBytes();
    expect(one).toBeGreaterThan(0);
    const cache = new RunnableCache(5_000, Math.floor(2.5 * one));
    for (const c of checks) await cache.check(db, run(c), 0);
    expect(cache.heldBytes()).toBeLessThanOrEqual(2.5 * one);
    statements.length = 0;
    await cache.check(db, run(checks[2]!), 1);
    await cache.check(db, run(checks[1]!), 1);
    expect(reads()).toBe(0);
    await cache.check(db, run(checks[0]!), 1);
    expect(reads()).toBe(1);
  });
});

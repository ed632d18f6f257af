import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../src/db/client.js";
import { claimRuns, finishRun, renewLease } from "../../../src/domain/runs/index.js";
import { testDatabase, testProvider } from "../../support/database.js";

const T = Date.parse("2026-03-01T12:00:00Z");
const at = (ms: number) => new Date(T + ms);

describe(`the run queue's claim protocol on ${testProvider}`, () => {
  let database: Database;
  const db = () => database.prisma;
  /** A fresh account and check with `count` runs due at T + i seconds (optionally of a private location). */
  async function seed(count: number, privateLocationId: string | null = null, accountId?: string) {
    const account = accountId ?? (await db().account.create({ data: { name: "queue" } })).id;
    const check = await db().check.create({
      data: { accountId: account, checkType: "API", name: "q", locations: ["eu-west-1"], tags: [] },
    });
    await db().checkRun.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        accountId: account,
        checkId: check.id,
        location: privateLocationId ? null : "eu-west-1",
        privateLocationId,
        sequenceId: randomUUID(),
        dueAt: at(i * 1000),
      })),
    });
    return { accountId: account, checkId: check.id };
  }
  const dataCenter = { privateLocationId: null };

  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("claims due runs only, oldest first, up to the limit, and never twice", async () => {
    await db().checkRun.deleteMany({});
    await seed(5);
    const first = await claimRuns({
      ctx: { db: db() },
      ...dataCenter,
      owner: "a",
      now: at(2_500),
      leaseMs: 30_000,
      limit: 2,
    });
    expect(first.map((r) => r.dueAt.getTime() - T)).toEqual([0, 1000]);
    expect(first.every((r) => r.status === "RUNNING" && r.leaseOwner === "a")).toBe(true);
    const second = await claimRuns({
      ctx: { db: db() },
      ...dataCenter,
      owner: "b",
      now: at(2_500),
      leaseMs: 30_000,
      limit: 10,
    });
    expect(second.map((r) => r.dueAt.getTime() - T)).toEqual([2000]); // the rest are not due yet
  });

  it("gives each run to exactly one of many concurrent claimers", async () => {
    await db().checkRun.deleteMany({});
    await seed(20);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        claimRuns({
          ctx: { db: db() },
          ...dataCenter,
          owner: `runner-${i}`,
          now: at(60_000),
          leaseMs: 30_000,
          limit: 5,
        }),
      ),
    );
    const ids = claims.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(20);
    const rows = await db().checkRun.findMany({});
    for (const claim of claims.entries())
      for (const run of claim[1]) expect(rows.find((r) => r.id === run.id)?.leaseOwner).toBe(`runner-${claim[0]}`);
  });

  it("gives a run whose lease expired to another runner; the first can then neither renew nor finish it", async () => {
    await db().checkRun.deleteMany({});
    await seed(1);
    const [run] = await claimRuns({
      ctx: { db: db() },
      ...dataCenter,
      owner: "dies",
      now: at(0),
      leaseMs: 10_000,
      limit: 1,
    });
    expect(
      await claimRuns({ ctx: { db: db() }, ...dataCenter, owner: "other", now: at(9_999), leaseMs: 10_000, limit: 1 }),
    ).toEqual([]);
    expect(await renewLease({ ctx: { db: db() }, id: run!.id, owner: "dies", now: at(5_000), leaseMs: 10_000 })).toBe(
      true,
    ); // lease now ends at 15 s
    expect(
      await claimRuns({ ctx: { db: db() }, ...dataCenter, owner: "other", now: at(14_000), leaseMs: 10_000, limit: 1 }),
    ).toEqual([]);
    const [again] = await claimRuns({
      ctx: { db: db() },
      ...dataCenter,
      owner: "other",
      now: at(15_001),
      leaseMs: 10_000,
      limit: 1,
    });
    expect(again).toMatchObject({ id: run!.id, leaseOwner: "other", status: "RUNNING" });
    expect(await renewLease({ ctx: { db: db() }, id: run!.id, owner: "dies", now: at(15_002), leaseMs: 10_000 })).toBe(
      false,
    );
    expect(await finishRun({ ctx: { db: db() }, id: run!.id, owner: "dies", now: at(15_003) })).toBe(false);
    expect(await finishRun({ ctx: { db: db() }, id: run!.id, owner: "other", now: at(16_000) })).toBe(true);
    expect(await db().checkRun.findUniqueOrThrow({ where: { id: run!.id } })).toMatchObject({
      status: "DONE",
      finishedAt: at(16_000),
      leaseExpiresAt: null,
    });
    expect(
      await claimRuns({ ctx: { db: db() }, ...dataCenter, owner: "late", now: at(99_000), leaseMs: 10_000, limit: 5 }),
    ).toEqual([]);
  });

  it("keeps private-location runs for that location's claimers", async () => {
    await db().checkRun.deleteMany({});
    const { accountId } = await seed(2);
    const office = await db().privateLocation.create({
      data: { accountId, name: "Office", slugName: `office-${randomUUID().slice(0, 8)}` },
    });
    await seed(3, office.id, accountId);
    const service = await claimRuns({
      ctx: { db: db() },
      ...dataCenter,
      owner: "service",
      now: at(60_000),
      leaseMs: 10_000,
      limit: 10,
    });
    expect(service.map((r) => r.privateLocationId)).toEqual([null, null]);
    const agent = await claimRuns({
      ctx: { db: db() },
      privateLocationId: office.id,
      owner: "agent",
      now: at(60_000),
      leaseMs: 10_000,
      limit: 10,
    });
    expect(agent).toHaveLength(3);
    expect(agent.every((r) => r.privateLocationId === office.id)).toBe(true);
  });
});

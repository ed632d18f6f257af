import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/client.js";
import { migrate, readMigrations } from "../../../src/db/migrate.js";
import { providerOf } from "../../../src/db/provider.js";
import { emptyDatabaseUrl, testProvider } from "../../support/database.js";

describe(`migrations on ${testProvider}`, () => {
  it("apply to an empty database, record Prisma's rows, and are not applied twice", async () => {
    const url = await emptyDatabaseUrl();
    const files = readMigrations(providerOf(url));
    expect(files.length).toBeGreaterThan(0);

    const first = await migrate(url);
    expect(first.applied).toEqual(files.map((f) => f.name));
    const second = await migrate(url);
    expect(second).toEqual({ applied: [], alreadyApplied: files.length, modified: [] });

    const database = await openDatabase(url);
    try {
      const rows = await database.prisma.$queryRawUnsafe<
        { migration_name: string; checksum: string; applied_steps_count: number | bigint }[]
      >(`SELECT migration_name, checksum, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`);
      expect(rows.map((r) => ({ ...r, applied_steps_count: Number(r.applied_steps_count) }))).toEqual(
        files.map((f) => ({
          migration_name: f.name,
          checksum: createHash("sha256").update(f.sql).digest("hex"),
          applied_steps_count: 1,
        })),
      );
      // Every model's table exists and answers through the generated client.
      const counts = await Promise.all([
        database.prisma.account.count(),
        database.prisma.check.count(),
        database.prisma.checkResult.count(),
        database.prisma.checkRun.count(),
        database.prisma.statusPage.count(),
        database.prisma.incidentUpdate.count(),
        database.prisma.heartbeatEvent.count(),
        database.prisma.maintenanceWindow.count(),
        database.prisma.agentErrorReport.count(),
      ]);
      expect(counts).toEqual(counts.map(() => 0));
    } finally {
      await database.close();
    }
  });

  it("apply once when several instances start together", async () => {
    const url = await emptyDatabaseUrl();
    const reports = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    const applied = reports.flatMap((r) => r.applied);
    expect(applied).toEqual(readMigrations(providerOf(url)).map((f) => f.name));
  });

  it("store JSON columns and keyset-ordered check results faithfully", async () => {
    const url = await emptyDatabaseUrl();
    await migrate(url);
    const { prisma, close } = await openDatabase(url);
    try {
      const account = await prisma.account.create({ data: { name: "json" } });
      const request = {
        method: "GET",
        url: "https://example.test/x",
        headers: [{ key: "a", value: "b" }],
        assertions: [],
      };
      const check = await prisma.check.create({
        data: {
          accountId: account.id,
          checkType: "API",
          name: "api",
          locations: ["eu-west-1"],
          tags: ["t"],
          request,
          retryStrategy: "FALLBACK",
        },
      });
      expect(await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).toMatchObject({
        request,
        retryStrategy: "FALLBACK",
        locations: ["eu-west-1"],
      });
      const base = Date.parse("2026-01-01T00:00:00Z");
      await prisma.checkResult.createMany({
        data: [0, 1, 2].map((i) => ({
          accountId: account.id,
          checkId: check.id,
          name: "api",
          checkType: "API",
          runLocation: "eu-west-1",
          startedAt: new Date(base + i * 1000),
          errorGroupIds: [],
          apiCheckResult: { response: { status: 200 + i } },
        })),
      });
      const newest = await prisma.checkResult.findMany({
        where: { checkId: check.id },
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
        take: 2,
      });
      expect(newest.map((r) => (r.apiCheckResult as { response: { status: number } }).response.status)).toEqual([
        202, 201,
      ]);
    } finally {
      await close();
    }
  });
});

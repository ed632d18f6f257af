import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CheckResultRow,
  readResultsAsJson,
  resultAsJson,
  selectResults,
} from "../../../src/domain/check-results/rows.js";
import { Prisma } from "../../../src/generated/sqlite/client.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, createCheckResults } from "../../support/index.js";

// The hot lists read through the database's raw reads (src/db/sqlite-reads.ts on SQLite, a
// connection of their own): the rows must be what Prisma's $queryRaw gives, value for value.
describe(`check results' raw reads on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const newCheck = checkFactory(t, { name: "Raw reads" });
  let check: { id: string; accountId: string };

  beforeAll(async () => {
    check = await newCheck();
    const base = Date.now() - 3_600_000;
    await createCheckResults(t, { ...check, name: "Raw reads", checkType: "API" }, 30, (i) => ({
      checkRunId: i % 3 === 0 ? null : i,
      resultType: i % 5 === 4 ? "ATTEMPT" : "FINAL",
      hasFailures: i % 2 === 0,
      isDegraded: i % 3 === 0 ? null : i % 3 === 1,
      overMaxResponseTime: i % 4 === 0 ? null : true,
      startedAt: new Date(base + Math.floor(i / 3) * 1000),
      stoppedAt: i % 6 === 0 ? null : new Date(base + i * 1000 + 250),
      responseTime: 80 + i,
      apiCheckResult: i % 2 ? { response: { status: 200, body: "é ✓", timings: { total: 12.5 } } } : Prisma.DbNull,
      errorGroupIds: i % 7 ? [] : [randomUUID()],
      sequenceId: i % 2 ? randomUUID() : null,
    }));
  });

  it("gives Prisma's rows for every filter and cursor, and each statement is counted", async () => {
    const read = t.app.context.database.read;
    const prisma = t.db;
    const filters = { resultType: "ALL" as const };
    const first = selectResults({ checkId: check.id, accountId: check.accountId, filters, limit: 12 });
    const expected = await prisma.$queryRaw<{ startedAt: Date; id: string }[]>(first);
    expect(expected).toHaveLength(12);
    statements.length = 0;
    expect(await read(first)).toEqual(expected);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM "CheckResult"/);

    const after = expected.at(-1)!;
    for (const sql of [
      selectResults({ checkId: check.id, accountId: check.accountId, filters, after, limit: 100 }),
      selectResults({
        checkId: check.id,
        accountId: check.accountId,
        filters: { resultType: "FINAL", hasFailures: true, location: "eu-west-1", from: new Date(after.startedAt) },
        limit: 5,
        offset: 1,
      }),
      // Another account's check reads nothing.
      selectResults({ checkId: check.id, accountId: randomUUID(), filters, limit: 10 }),
    ])
      expect(await read(sql)).toEqual(await prisma.$queryRaw(sql));
  });

  it("reads dates stored by hand (CURRENT_TIMESTAMP's form, a bare date) as Prisma does", async () => {
    const id = randomUUID();
    await t.db.$executeRaw`INSERT INTO "CheckResult" ("id", "accountId", "checkId", "name", "checkType", "runLocation",
      "startedAt", "errorGroupIds", "createdAt") VALUES (${id}, ${check.accountId}, ${check.id}, 'x', 'API', 'eu-west-1',
      '2026-01-02 03:04:05', '[]', '2026-01-02')`;
    const sql = Prisma.sql`SELECT "id", "startedAt", "createdAt", "stoppedAt" FROM "CheckResult" WHERE "id" = ${id}`;
    const rows = await t.app.context.database.read<{ startedAt: Date; createdAt: Date }>(sql);
    expect(rows).toEqual(await t.db.$queryRaw(sql));
    expect(rows[0]!.startedAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());
    const ctx = { db: t.db, accountId: check.accountId, readJson: t.app.context.database.readJson };
    const [asText] = await readResultsAsJson(ctx as never, sql);
    expect(asText).toMatchObject({ startedAt: "2026-01-02T03:04:05.000Z", createdAt: "2026-01-02T00:00:00.000Z" });
  });

  // The REST lists are written from these rows' text (src/rest/v1/check-results.ts).
  it("gives, as JSON text, the decoded rows written as JSON: dates ISO 8601 UTC, JSON columns as stored", async () => {
    const sql = selectResults({
      checkId: check.id,
      accountId: check.accountId,
      filters: { resultType: "ALL" },
      limit: 100,
    });
    const decoded = await t.db.$queryRaw<CheckResultRow[]>(sql);
    expect(decoded.length).toBeGreaterThanOrEqual(30);
    const ctx = {
      db: t.db,
      accountId: check.accountId,
      read: t.app.context.database.read,
      readJson: t.app.context.database.readJson,
    };
    const asText = await readResultsAsJson(ctx as never, sql);
    expect(asText.map(parsed)).toEqual(decoded.map(resultAsJson).map(parsed));
    // Every form a value takes is in there: a null and a stored JSON object, a null stoppedAt.
    expect(asText.some((r) => r.apiCheckResult === null) && asText.some((r) => r.apiCheckResult?.startsWith("{"))).toBe(
      true,
    );
    expect(asText.some((r) => r.stoppedAt === null)).toBe(true);
    expect(asText[0]!.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("sees a write as soon as it is committed", async () => {
    const fresh = await newCheck();
    const sql = selectResults({
      checkId: fresh.id,
      accountId: fresh.accountId,
      filters: { resultType: "ALL" },
      limit: 5,
    });
    expect(await t.app.context.database.read(sql)).toEqual([]);
    await createCheckResults(t, { ...fresh, name: "Raw reads", checkType: "API" }, 2, () => ({}));
    expect(await t.app.context.database.read(sql)).toHaveLength(2);
  });
});

/** A JSON-text row with its JSON columns parsed, to compare values, not spellings. */
function parsed(row: Record<string, unknown>) {
  const out = { ...row };
  for (const column of [
    "apiCheckResult",
    "browserCheckResult",
    "multiStepCheckResult",
    "agenticCheckResult",
    "sslCheckResult",
    "errorGroupIds",
  ])
    out[column] = typeof out[column] === "string" ? JSON.parse(out[column] as string) : out[column];
  return out;
}

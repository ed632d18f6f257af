import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { providerOf } from "../../../src/db/provider.js";
import { migrationsDir } from "../../../src/db/migrate.js";
import { searchColumns, tagRows } from "../../../src/domain/checks/search.js";
import { testDatabase, testProvider } from "../../support/database.js";

/** The backfill part of the migration that moved the checks list filters into SQL. */
function backfillStatements(url: string): string[] {
  const dir = migrationsDir(providerOf(url));
  const folder = readdirSync(dir).find((entry) => entry.endsWith("_check_list_filters"))!;
  const sql = readFileSync(`${dir}/${folder}/migration.sql`, "utf8");
  const part = sql.slice(sql.indexOf("-- Backfill")).split(/\n\n--/)[0]!;
  return part
    .replace(/^--.*$/gm, "")
    .split(/;\s*\n/)
    .map((statement) => statement.trim().replace(/;$/, ""))
    .filter(Boolean);
}

describe(`the checks list filters' backfill on ${testProvider}`, () => {
  it("gives checks stored before the migration the columns and tag rows the write path gives new ones", async () => {
    const { prisma, close, url } = await testDatabase();
    try {
      const account = await prisma.account.create({ data: { name: "backfill" } });
      const rows = [
        {
          checkType: "API",
          name: "Shop_100% Up",
          tags: ["p", "p", "q"],
          request: { method: "GET", url: "https://X.example/a_b" },
        },
        { checkType: "URL", name: "Plain", tags: [], request: { url: "https://Y.example" } },
        { checkType: "HEARTBEAT", name: "cron", tags: ["c"], request: null },
      ];
      const checks = [];
      for (const row of rows)
        checks.push(
          await prisma.check.create({
            data: { accountId: account.id, locations: [], ...row, request: row.request ?? undefined },
          }),
        );
      const statements = backfillStatements(url);
      expect(statements.length).toBe(2);
      for (const statement of statements) await prisma.$executeRawUnsafe(statement);
      for (const check of checks) {
        const stored = await prisma.check.findUniqueOrThrow({ where: { id: check.id }, include: { tagRows: true } });
        expect({ searchName: stored.searchName, searchUrl: stored.searchUrl }).toEqual(searchColumns(check));
        expect(stored.tagRows.map((r) => r.tag).sort()).toEqual(
          tagRows(check)
            .map((r) => r.tag)
            .sort(),
        );
      }
    } finally {
      await close();
    }
  });
});

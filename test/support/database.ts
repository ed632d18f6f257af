// A fresh, migrated database for one test file, on the provider of the current vitest project
// (VIGIL_TEST_DB): a new SQLite file, or a new database on the run's PostgreSQL server.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { migrate } from "../../src/db/migrate.js";
import { openDatabase, type Database, type DatabaseOptions } from "../../src/db/client.js";

export const testProvider = (process.env.VIGIL_TEST_DB ?? "sqlite") as "sqlite" | "postgresql";

/** A DATABASE_URL naming a new, empty database (no tables yet). */
export async function emptyDatabaseUrl(): Promise<string> {
  if (testProvider === "sqlite") return `file:${join(mkdtempSync(join(tmpdir(), "vigil-test-")), "vigil.db")}`;
  const base = inject("postgresBaseUrl");
  const name = `vigil_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return base.replace(/\/postgres$/, `/${name}`);
}

export async function migratedDatabaseUrl(): Promise<string> {
  const url = await emptyDatabaseUrl();
  await migrate(url);
  return url;
}

export async function testDatabase(options: DatabaseOptions = {}): Promise<Database & { url: string }> {
  const url = await migratedDatabaseUrl();
  return { url, ...(await openDatabase(url, options)) };
}

import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { providerOf, sqlitePath, type Provider } from "./provider.js";

/**
 * Applies the committed SQL migrations of the active provider and records them in
 * `_prisma_migrations` exactly as Prisma does (checksum = sha256 of migration.sql), so that
 * `prisma migrate status` stays truthful. Runs on the raw drivers: Prisma 7's CLI would need a
 * downloaded schema engine, and multi-statement scripts are the drivers' job anyway.
 */
export type MigrationReport = { applied: string[]; alreadyApplied: number; modified: string[] };

type Migration = { name: string; sql: string; checksum: string };

const root = new URL("../../", import.meta.url).pathname;
/** Prisma's own advisory lock id, so that Prisma's CLI and we exclude each other too. */
const PRISMA_ADVISORY_LOCK = 72707369;

export function migrationsDir(provider: Provider): string {
  return `${root}prisma/${provider}/migrations`;
}

export function readMigrations(provider: Provider): Migration[] {
  const dir = migrationsDir(provider);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${dir}/${entry.name}/migration.sql`))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(`${dir}/${name}/migration.sql`, "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function migrate(databaseUrl: string): Promise<MigrationReport> {
  const provider = providerOf(databaseUrl);
  const migrations = readMigrations(provider);
  return provider === "sqlite" ? migrateSqlite(databaseUrl, migrations) : migratePostgres(databaseUrl, migrations);
}

function plan(migrations: Migration[], applied: Map<string, string>) {
  return {
    pending: migrations.filter((m) => !applied.has(m.name)),
    modified: migrations.filter((m) => applied.has(m.name) && applied.get(m.name) !== m.checksum).map((m) => m.name),
  };
}

function migrateSqlite(databaseUrl: string, migrations: Migration[]): MigrationReport {
  const path = sqlitePath(databaseUrl);
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: 10_000 });
  try {
    // Only takes effect on a new, empty file (before its first table): the retention sweep can then
    // hand freed pages back with PRAGMA incremental_vacuum. Older files keep auto_vacuum=NONE
    // (their freed pages are reused, the file does not shrink) until a one-off VACUUM (docs/operations.md).
    db.pragma("auto_vacuum = INCREMENTAL");
    db.pragma("journal_mode = WAL");
    db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
      "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
      "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
    const insert = db.prepare(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)`,
    );
    // IMMEDIATE takes the write lock first, so concurrent processes apply each migration once.
    return db
      .transaction(() => {
        const rows = db
          .prepare(
            `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
          )
          .all() as { migration_name: string; checksum: string }[];
        const { pending, modified } = plan(migrations, new Map(rows.map((r) => [r.migration_name, r.checksum])));
        for (const m of pending) {
          const startedAt = new Date().toISOString();
          db.exec(m.sql);
          insert.run(randomUUID(), m.checksum, new Date().toISOString(), m.name, startedAt);
        }
        return { applied: pending.map((m) => m.name), alreadyApplied: rows.length, modified };
      })
      .immediate();
  } finally {
    db.close();
  }
}

async function migratePostgres(databaseUrl: string, migrations: Migration[]): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
    );
    const { pending, modified } = plan(migrations, new Map(rows.map((r) => [r.migration_name, r.checksum])));
    for (const m of pending) {
      const startedAt = new Date();
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, $4, 1)`,
          [randomUUID(), m.checksum, m.name, startedAt],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    return { applied: pending.map((m) => m.name), alreadyApplied: rows.length, modified };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
}

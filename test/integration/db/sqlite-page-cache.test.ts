import { execFile } from "node:child_process";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SQLITE_CACHE_KIB } from "../../../src/db/client.js";
import { sqlitePath } from "../../../src/db/provider.js";
import { SQLITE_READS_CACHE_KIB } from "../../../src/db/sqlite-reads.js";
import { migratedDatabaseUrl } from "../../support/database.js";

/** Pages of one 4,000-byte row each: 48 MB of table, read page by page by a count. */
const ROWS = 12_000;

/**
 * Opens the database as the service does, in a process of its own, scans the table twice through
 * one connection (the app's: claims, results, Prisma's reads; or the read connection), and tells
 * how many MB the second scan read from the file again: all but the pages the connection's cache
 * kept. Bytes read (/proc/self/io rchar) do not move with the machine's load, as resident memory
 * did (by up to 18 MB in full runs: 41 MB "kept" with an 8 MB cache in one).
 */
const child = `
import { readFileSync } from "node:fs";
import { openDatabase } from "./src/db/client.ts";
import { Prisma } from "./src/generated/sqlite/client.ts";
const readMb = () => Number(/rchar:\\s+(\\d+)/.exec(readFileSync("/proc/self/io", "utf8"))[1]) / 1e6;
// The read connection (the hot lists', the scheduler's stamps) when THROUGH=read, else the app's.
const viaReads = process.env.THROUGH === "read";
const query = (database, sql) =>
  viaReads ? database.read(Prisma.raw(sql)) : database.prisma.$queryRawUnsafe(sql);
const scan = (database) =>
  viaReads
    ? database.read(Prisma.sql\`SELECT count(*) AS n FROM filler WHERE substr(body, 3999, 1) IS NOT NULL\`)
    : database.prisma.$queryRawUnsafe("SELECT count(*) AS n FROM filler WHERE substr(body, 3999, 1) IS NOT NULL");
const database = await openDatabase(process.env.DATABASE_URL, { backgroundCheckpoints: false });
await scan(database);
const before = readMb();
await scan(database);
const rereadMb = readMb() - before;
// The cap the connection works with, as SQLite reports it (negative: KiB).
const [setting] = await query(database, "PRAGMA cache_size");
console.log(JSON.stringify({ rereadMb, cacheKib: -Number(Object.values(setting)[0]) }));
await database.close();
`;

// SQLite only (the postgresql project leaves this file out, vitest.config.ts).
describe("SQLite's page caches", () => {
  /** How many MB the second scan through `through` read again, and the cache size it reports (KiB). */
  async function scanned(through: "app" | "read") {
    const url = await migratedDatabaseUrl();
    const file = new Database(sqlitePath(url));
    file.exec("CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB)");
    file
      .prepare(
        "INSERT INTO filler (body) WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?) SELECT randomblob(4000) FROM n",
      )
      .run(ROWS);
    file.close();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", child],
      {
        env: { ...process.env, DATABASE_URL: url, THROUGH: through },
        cwd: new URL("../../../", import.meta.url).pathname,
      },
    );
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as { rereadMb: number; cacheKib: number };
  }

  /**
   * The exact cap is what the connection reports; the second scan shows that it holds: it reads
   * again all of the 48 MB table but what the cache kept, and that is at most the cap (a page is
   * 4 KiB; a cache that kept what it read, as the 64 MB one of before, reads next to nothing again).
   */
  const TABLE_MB = (ROWS * 4_096) / 1e6;
  const keptMb = (rereadMb: number) => TABLE_MB - rereadMb;
  it("the app connection keeps 8 MB of pages however much of the file is read", async () => {
    const { rereadMb, cacheKib } = await scanned("app");
    expect(cacheKib).toBe(SQLITE_CACHE_KIB);
    expect(SQLITE_CACHE_KIB).toBe(8_192);
    expect(keptMb(rereadMb)).toBeLessThanOrEqual((SQLITE_CACHE_KIB * 1_024) / 1e6);
  });

  it("the read connection keeps 4 MB of pages however much of the file is read", async () => {
    const { rereadMb, cacheKib } = await scanned("read");
    expect(cacheKib).toBe(SQLITE_READS_CACHE_KIB);
    expect(SQLITE_READS_CACHE_KIB).toBe(4_096);
    expect(keptMb(rereadMb)).toBeLessThanOrEqual((SQLITE_READS_CACHE_KIB * 1_024) / 1e6);
  });
});

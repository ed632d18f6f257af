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
 * Opens the database as the service does, in a process of its own (this one's memory is the test
 * runner's), scans the table through the app connection (claims, results, Prisma's reads), and tells
 * how much its resident anonymous memory outside the JS heap grew (MB): the pages the connections' caches kept.
 */
const child = `
import { readFileSync } from "node:fs";
import { openDatabase } from "./src/db/client.ts";
import { Prisma } from "./src/generated/sqlite/client.ts";
// Anonymous memory outside the JS heap (the page caches are C allocations), after a full GC.
const anonMb = () => {
  gc();
  const status = readFileSync("/proc/self/status", "utf8");
  return Number(/RssAnon:\\s+(\\d+)/.exec(status)[1]) / 1024 - process.memoryUsage().heapTotal / 1048576;
};
// The read connection (the hot lists', the scheduler's stamps) when THROUGH=read, else the app's.
const viaReads = process.env.THROUGH === "read";
const query = (database, sql) =>
  viaReads ? database.read(Prisma.raw(sql)) : database.prisma.$queryRawUnsafe(sql);
const scan = (database, from) =>
  viaReads
    ? database.read(Prisma.sql\`SELECT count(*) AS n FROM filler WHERE id > \${from} AND substr(body, 3999, 1) IS NOT NULL\`)
    : database.prisma.$queryRawUnsafe("SELECT count(*) AS n FROM filler WHERE id > ? AND substr(body, 3999, 1) IS NOT NULL", from);
// The same scans first through a twin database, so that all they cost but this file's pages (the
// code V8 compiles as they get hot, the memory its compiler threads keep) is paid before the measure.
const twin = await openDatabase(process.env.TWIN_URL, { backgroundCheckpoints: false });
for (let i = 0; i < 3; i++) await scan(twin, 0);
const database = await openDatabase(process.env.DATABASE_URL, { backgroundCheckpoints: false });
await scan(database, 1e9);
const before = anonMb();
for (let i = 0; i < 3; i++) await scan(database, 0);
const grewMb = anonMb() - before;
// The cap the connection works with, as SQLite reports it (negative: KiB).
const [setting] = await query(database, "PRAGMA cache_size");
console.log(JSON.stringify({ grewMb, cacheKib: -Number(Object.values(setting)[0]) }));
await database.close();
await twin.close();
`;

// SQLite only (the postgresql project leaves this file out, vitest.config.ts).
describe("SQLite's page caches", () => {
  /**
   * How much the pages kept by the connection `through` grew the child's memory (MB), and the
   * cache size that connection reports (KiB).
   */
  async function scanned(through: "app" | "read") {
    const url = await migratedDatabaseUrl();
    const twin = await migratedDatabaseUrl();
    for (const each of [url, twin]) {
      const file = new Database(sqlitePath(each));
      file.exec("CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB)");
      file
        .prepare(
          "INSERT INTO filler (body) WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?) SELECT randomblob(4000) FROM n",
        )
        .run(ROWS);
      file.close();
    }
    const { stdout } = await promisify(execFile)(
      process.execPath,
      // One thread and one malloc arena: V8's compiler and GC threads otherwise keep memory in
      // arenas of their own, by chance, which the measure would count as pages.
      ["--expose-gc", "--single-threaded", "--import", "tsx", "--input-type=module", "-e", child],
      {
        env: { ...process.env, DATABASE_URL: url, TWIN_URL: twin, THROUGH: through, MALLOC_ARENA_MAX: "1" },
        cwd: new URL("../../../", import.meta.url).pathname,
      },
    );
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as { grewMb: number; cacheKib: number };
  }

  // The exact cap is what the connection reports; the memory shows that it holds: scans of 48 MB
  // keep less than three quarters of it. Resident memory moves by up to 18 MB with the suite's
  // load (26 MB measured for the 8 MB cache in one full run), so the bound leaves that room and
  // still fails a cache that keeps what it reads (46 to 54 MB with the 64 MB cache of before).
  const KEEPS_LESS_THAN_MB = (ROWS * 4_000 * 0.75) / 1e6;
  it("the app connection keeps 8 MB of pages however much of the file is read", async () => {
    // Before the first scan the cache was empty; with the 64 MB cache it had before, the scans
    // kept all they read: 46 to 54 MB.
    const { grewMb, cacheKib } = await scanned("app");
    expect(cacheKib).toBe(SQLITE_CACHE_KIB);
    expect(SQLITE_CACHE_KIB).toBe(8_192);
    expect(grewMb).toBeLessThan(KEEPS_LESS_THAN_MB);
  });

  it("the read connection keeps 4 MB of pages however much of the file is read", async () => {
    const { grewMb, cacheKib } = await scanned("read");
    expect(cacheKib).toBe(SQLITE_READS_CACHE_KIB);
    expect(SQLITE_READS_CACHE_KIB).toBe(4_096);
    expect(grewMb).toBeLessThan(KEEPS_LESS_THAN_MB);
  });
});

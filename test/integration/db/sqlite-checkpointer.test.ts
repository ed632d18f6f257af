import { statSync } from "node:fs";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { Db } from "../../../src/db/client.js";
import { sqlitePath } from "../../../src/db/provider.js";
import { MAX_WAL_FRAMES, nudgeCheckpointers } from "../../../src/db/sqlite-checkpointer.js";
import { testDatabase, testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";

const pragma = async (db: Db, name: string) => {
  const [row] = await db.$queryRawUnsafe<Record<string, number | bigint>[]>(`PRAGMA ${name}`);
  return Object.values(row!).map(Number);
};

/** About 2 pages per row (an 8,000-byte blob on 4 KB pages): `rows` rows dirty some 2 x rows WAL frames. */
const fill = (db: Db, rows: number) =>
  db.$executeRawUnsafe(
    `INSERT INTO filler (body) SELECT randomblob(8000) FROM
       (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${rows}) SELECT x FROM n)`,
  );

// Each project runs the describe of its provider (none is skipped).
const onSqlite = testProvider === "sqlite" ? describe : () => {};
const onPostgres = testProvider === "postgresql" ? describe : () => {};

onSqlite("SQLite's WAL checkpoints in a worker thread", () => {
  it("turns the app's own checkpoints off and copies a WAL of thousands of pages back from its thread", async () => {
    const database = await testDatabase();
    try {
      const db = database.prisma;
      expect(await pragma(db, "wal_autocheckpoint")).toEqual([0]);
      await db.$executeRawUnsafe("CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB)");
      for (let i = 0; i < 20; i++) await fill(db, 200);
      // About 8,000 frames written: without the worker's checkpoints (autocheckpoint is 0) they
      // would all still be in the WAL.
      const stats = database.checkpoints!;
      await eventually(() => stats.framesCopied >= 8_000).catch((error) => {
        throw new Error(`${error.message}: ${JSON.stringify(stats)}`);
      });
      expect(stats.done).toBeGreaterThan(0);
      // Everything was copied back, so the next commit restarts the WAL from its start.
      await eventually(async () => {
        await fill(db, 1);
        const [busy, log, checkpointed] = await pragma(db, "wal_checkpoint(PASSIVE)");
        return busy === 0 && log! < 50 && checkpointed === log;
      });
      expect(statSync(`${sqlitePath(database.url)}-wal`).size).toBeLessThanOrEqual(64 * 1_048_576);
      expect(await pragma(db, "wal_autocheckpoint")).toEqual([0]);
    } finally {
      await database.close();
    }
  });

  it("turns the app's checkpoints on while the WAL stays past 64 MB (a long reader), and off again once it is copied", async () => {
    const database = await testDatabase();
    const reader = new Database(sqlitePath(database.url), { readonly: true });
    try {
      const db = database.prisma;
      await db.$executeRawUnsafe("CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB)");
      // A read transaction on the snapshot before the writes: no checkpoint may copy past it.
      reader.exec("BEGIN");
      reader.prepare("SELECT count(*) FROM filler").get();
      for (let i = 0; i < 45; i++) await fill(db, 200);
      await eventually(() => database.checkpoints!.walFrames > MAX_WAL_FRAMES);
      await eventually(async () => (await pragma(db, "wal_autocheckpoint"))[0] === 1000);
      reader.exec("COMMIT");
      // Copied, then restarted by a commit: the thread alone checkpoints again.
      await eventually(async () => {
        await fill(db, 1);
        return database.checkpoints!.walFrames < MAX_WAL_FRAMES / 4;
      });
      await eventually(async () => (await pragma(db, "wal_autocheckpoint"))[0] === 0);
    } finally {
      reader.close();
      await database.close();
    }
  });

  it("stops its thread when the database closes", async () => {
    const database = await testDatabase();
    const { worker } = database.checkpointer!;
    const exited = new Promise<number>((resolve) => worker.once("exit", resolve));
    // A nudge (the retention sweep's) resolves once the thread checkpointed.
    const nudged = nudgeCheckpointers(sqlitePath(database.url));
    expect(nudged).not.toBeNull();
    await nudged;
    expect(database.checkpoints!.done + database.checkpoints!.busy).toBeGreaterThan(0);
    await database.close();
    expect(await exited).toBe(0);
    expect(worker.threadId).toBe(-1);
    // The retention sweep checkpoints on its own connection again.
    expect(nudgeCheckpointers(sqlitePath(database.url))).toBeNull();
  });

  it("turns the app's checkpoints back on, and says so once, when its thread dies", async () => {
    const failures: Error[] = [];
    const database = await testDatabase({ onCheckpointerFailure: (error) => failures.push(error) });
    try {
      expect(await pragma(database.prisma, "wal_autocheckpoint")).toEqual([0]);
      await database.checkpointer!.worker.terminate();
      await eventually(async () => (await pragma(database.prisma, "wal_autocheckpoint"))[0] === 1000);
      expect(failures).toHaveLength(1);
      expect(failures[0]!.message).toMatch(/checkpointer thread exited/);
    } finally {
      await database.close();
    }
    expect(failures).toHaveLength(1);
  });

  it("is not started for a database that asks for none", async () => {
    const database = await testDatabase({ backgroundCheckpoints: false });
    try {
      expect(database.checkpointer).toBeUndefined();
      expect(await pragma(database.prisma, "wal_autocheckpoint")).toEqual([1000]);
    } finally {
      await database.close();
    }
  });
});

onPostgres("PostgreSQL", () => {
  it("starts no checkpointer thread", async () => {
    const database = await testDatabase();
    try {
      expect(database.checkpointer).toBeUndefined();
      expect(database.checkpoints).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

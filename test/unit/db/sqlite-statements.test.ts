// Issue 28: the app's SQLite connection keeps its prepared statements (src/db/sqlite-statements.ts)
// and hands them to Prisma's adapter as the adapter uses them: prepare, bind once, run or read.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { reusePreparedStatements, type SqliteConnection } from "../../../src/db/sqlite-statements.js";

type Bound = {
  reader: boolean;
  run(): { changes: number };
  columns(): { name: string }[];
  raw(): { all(): unknown[][] };
};

describe("kept prepared statements on a SQLite file", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-statements-"));
  const db = new Database(join(dir, "db.sqlite"));
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)`);
  const prepares: string[] = [];
  /** How often each SQL's statement was asked its columns. */
  const columnCalls = new Map<string, number>();
  const original = db.prepare.bind(db);
  (db as unknown as SqliteConnection).prepare = ((sql: string) => {
    prepares.push(sql);
    const statement = original(sql);
    const columns = statement.columns.bind(statement);
    statement.columns = () => {
      columnCalls.set(sql, (columnCalls.get(sql) ?? 0) + 1);
      return columns();
    };
    return statement;
  }) as never;
  const kept = reusePreparedStatements(db as unknown as SqliteConnection, { max: 3, maxSqlLength: 100 });
  // As the adapter does it: a new bind for every execution.
  const exec = (sql: string, args: unknown[]) =>
    (db as unknown as { prepare(sql: string): { bind(a: unknown[]): Bound } }).prepare(sql).bind(args);

  it("prepares a statement once and runs it with each call's own arguments", () => {
    const insert = "INSERT INTO t (id, name) VALUES (?, ?)";
    for (const [id, name] of [
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ] as const)
      expect(exec(insert, [id, name]).run().changes).toBe(1);
    const select = exec("SELECT id, name FROM t WHERE id >= ? ORDER BY id", [2]);
    expect(select.reader).toBe(true);
    expect(select.columns().map((c) => c.name)).toEqual(["id", "name"]);
    expect(select.raw().all()).toEqual([
      [2, "b"],
      [3, "c"],
    ]);
    expect(exec("SELECT id, name FROM t WHERE id >= ? ORDER BY id", [3]).raw().all()).toEqual([[3, "c"]]);
    expect(exec(insert, [4, "d"]).reader).toBe(false);
    expect(prepares.filter((sql) => sql === insert)).toHaveLength(1);
    expect(prepares).toHaveLength(2);
  });

  it("keeps at most `max` statements, dropping the least recently used, and never keeps long SQL", () => {
    prepares.length = 0;
    const q = (n: number) => `SELECT ${n} AS n`;
    for (const n of [1, 2, 3, 1, 4]) exec(q(n), []).raw().all();
    expect(kept.size()).toBe(3);
    // 2 was the least recently used when 4 came: prepared again; 1 was used since, still kept.
    exec(q(2), []).raw().all();
    exec(q(1), []).raw().all();
    expect(prepares).toEqual([q(1), q(2), q(3), q(4), q(2)]);
    expect(prepares.filter((sql) => sql === q(2))).toHaveLength(2);
    const long = `SELECT '${"x".repeat(200)}' AS x`;
    exec(long, []).raw().all();
    exec(long, []).raw().all();
    expect(prepares.filter((sql) => sql === long)).toHaveLength(2);
  });

  it("asks a kept statement its columns once, however often it runs", () => {
    const select = "SELECT id, name FROM t WHERE id = ?";
    for (const id of [1, 2, 3, 1])
      expect(
        exec(select, [id])
          .columns()
          .map((c) => c.name),
      ).toEqual(["id", "name"]);
    expect(columnCalls.get(select)).toBe(1);
  });

  it("a failed statement leaves the kept one usable", () => {
    const insert = "INSERT INTO t (id, name) VALUES (?, ?)";
    expect(() => exec(insert, [1, "again"]).run()).toThrow(/UNIQUE/);
    expect(exec(insert, [9, "z"]).run().changes).toBe(1);
  });
});

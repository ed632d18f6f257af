import Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
import { appInTransaction, type Db, isPostgres } from "./client.js";
import type { SqlSteps, StepRows } from "./sql-steps.js";

/** Kept statements, by SQL text (a batch's multi-row VALUES has one text per size). */
const KEPT = 200;

export type SqliteWriter = {
  /** Runs the steps in one IMMEDIATE transaction, synchronously; a step that throws rolls it all back. */
  write<R>(steps: SqlSteps<R>): Promise<R>;
  /** Tells `onStatement` each statement run (tests count them, as Prisma's query event). */
  observe(onStatement: ((sql: string) => void) | null): void;
};

const writers = new WeakMap<Db, Promise<SqliteWriter | null>>();

/**
 * The hot batch writes on SQLite (heartbeat pings, the missed-heartbeat sweep) through a
 * connection of their own with kept statements: through Prisma each statement of a batch costs
 * ten times its own execution (bench/heartbeats.ts). Null on PostgreSQL.
 *
 * Two connections writing one file must never wait on each other inside the event loop (both
 * drivers are synchronous: a wait would stall the process until the busy timeout), and a
 * Prisma transaction that read before writing must not see this connection commit in between
 * (SQLITE_BUSY_SNAPSHOT). So a write runs entirely within one turn of the loop, BEGIN IMMEDIATE
 * to COMMIT with no await, while no Prisma transaction is open: at once when the app's
 * connection has none (none can begin before the write ends), else inside a Prisma transaction,
 * which waits for the app connection's transaction lock and holds it meanwhile.
 */
export function sqliteWriter(db: Db): Promise<SqliteWriter | null> {
  let writer = writers.get(db);
  if (!writer) {
    writer = isPostgres(db) ? Promise.resolve(null) : open(db);
    writers.set(db, writer);
  }
  return writer;
}

async function open(db: Db): Promise<SqliteWriter> {
  // The file of the app's own connection, as SQLite names it.
  const [main] = await db.$queryRawUnsafe<{ file: string }[]>(`PRAGMA database_list`);
  const connection = new Database(main!.file, { fileMustExist: true, timeout: 10_000 });
  connection.pragma("synchronous = NORMAL");
  connection.pragma("foreign_keys = ON");
  // A multi-row statement inside a transaction keeps a statement journal (to undo itself alone);
  // past 64 KiB SQLite spills it to a temporary file, written and truncated by system calls in
  // the event loop, statement after statement. In memory it is a copy of the pages it changes.
  connection.pragma("temp_store = MEMORY");
  // As the app connection: with the checkpointer's thread running (src/db/client.ts) no commit
  // copies the WAL into the file in the event loop.
  const [{ wal_autocheckpoint: pages }] =
    await db.$queryRawUnsafe<[{ wal_autocheckpoint: number | bigint }]>(`PRAGMA wal_autocheckpoint`);
  connection.pragma(`wal_autocheckpoint = ${Number(pages)}`);
  const kept = new LRUCache<string, Database.Statement>({ max: KEPT });
  let observer: ((sql: string) => void) | null = null;
  const statement = (sql: string) => {
    let prepared = kept.get(sql);
    if (!prepared) {
      prepared = connection.prepare(sql);
      kept.set(sql, prepared);
    }
    return prepared;
  };
  const drive = <R>(steps: SqlSteps<R>): R => {
    for (let step = steps.next(); ; ) {
      if (step.done) return step.value;
      observer?.(step.value.sql);
      const prepared = statement(step.value.sql);
      const values = step.value.values.map(bindable);
      let rows: StepRows = [];
      if (prepared.reader) rows = prepared.all(...values) as StepRows;
      else prepared.run(...values);
      step = steps.next(rows);
    }
  };
  const run = connection.transaction(<R>(steps: SqlSteps<R>) => drive(steps));
  return {
    write: <R>(steps: SqlSteps<R>): Promise<R> => {
      if (appInTransaction(db) === false) {
        try {
          return Promise.resolve(run.immediate(steps) as R);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return db.$transaction(async () => run.immediate(steps) as R);
    },
    observe: (onStatement) => {
      observer = onStatement;
    },
  };
}

/** A value bound as Prisma's SQLite adapter binds it: dates in its ISO form, booleans 0/1. */
function bindable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

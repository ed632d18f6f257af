/**
 * Prepared statements kept for reuse on the app's SQLite connection. Prisma's better-sqlite3
 * adapter (7.10) prepares every statement it runs, binds it once and drops it: preparing was 12%
 * of the engine's CPU at 10,000 checks a minute (bench/engine.ts), for the same few
 * hundred statements over and over. The adapter only ever calls `prepare(sql).bind(args)` and
 * then `reader`, `run()`, `columns()` and `raw().all()` on what it got (both in its queries and
 * in its transactions, which share the connection): a kept statement is handed out behind a
 * wrapper that passes the arguments to each call instead of binding them for good.
 */
type Args = unknown[];
type Statement = {
  readonly reader: boolean;
  bind(args: Args): unknown;
  run(...args: Args): unknown;
  columns(): unknown;
  raw(on?: boolean): { all(...args: Args): unknown };
};
export type SqliteConnection = { prepare(sql: string): Statement };

export type StatementCacheOptions = {
  /** Statements kept, least recently used dropped first. */
  max?: number;
  /** Longer SQL (a multi-row INSERT of one batch's size) is prepared each time, never kept. */
  maxSqlLength?: number;
};

/** Makes `connection.prepare` reuse statements; returns how many are kept (tests). */
export function reusePreparedStatements(connection: SqliteConnection, options: StatementCacheOptions = {}) {
  const max = options.max ?? 500;
  const maxSqlLength = options.maxSqlLength ?? 8_000;
  const prepare = connection.prepare.bind(connection);
  // The wrappers are kept, not only the statements: a wrapper remembers its statement's columns.
  const kept = new Map<string, Statement>();
  connection.prepare = (sql: string) => {
    if (sql.length > maxSqlLength) return prepare(sql);
    let statement = kept.get(sql);
    if (statement) kept.delete(sql);
    else {
      statement = reusable(prepare(sql));
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, statement);
    return statement;
  };
  return { size: () => kept.size };
}

function reusable(statement: Statement): Statement {
  // A statement's columns are fixed once prepared (1.9% of the engine's CPU when asked each time).
  let columns: unknown;
  const columnsOf = () => (columns ??= statement.columns());
  return {
    reader: statement.reader,
    bind: (args: Args) => ({
      reader: statement.reader,
      run: () => statement.run(...args),
      columns: columnsOf,
      raw: () => ({ all: () => statement.raw(true).all(...args) }),
    }),
    run: (...args: Args) => statement.run(...args),
    columns: columnsOf,
    raw: (on?: boolean) => statement.raw(on),
  };
}

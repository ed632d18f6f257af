import type { PrismaClient } from "../generated/sqlite/client.js";
import { providerOf, sqlitePath, type Provider } from "./provider.js";
import { reusePreparedStatements, type SqliteConnection } from "./sqlite-statements.js";
import { type CheckpointStats, type SqliteCheckpointer, startSqliteCheckpointer } from "./sqlite-checkpointer.js";
import { type JsonRead, openSqliteReads, type RawRead } from "./sqlite-reads.js";

/**
 * The Prisma client of either provider. Both are generated from the same models, so their model
 * APIs are identical; the SQLite client's type stands for both.
 */
export type Db = PrismaClient;
/** A Db or an interactive transaction of it: what domain verbs accept. */
export type DbOrTx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export type Database = {
  prisma: Db;
  provider: Provider;
  /**
   * The hot lists' reads: on SQLite a read-only connection of their own with kept statements
   * (src/db/sqlite-reads.ts), on PostgreSQL Prisma's `$queryRaw`. Never inside a transaction.
   */
  read: RawRead;
  /** The same reads as JSON text (src/db/sqlite-reads.ts's JsonRead): SQLite only. */
  readJson: JsonRead | undefined;
  /**
   * What the background checkpointer did (a SQLite file only; undefined on PostgreSQL or with
   * `backgroundCheckpoints: false`).
   */
  checkpoints?: Readonly<CheckpointStats>;
  /** The checkpointer itself (tests end its worker). */
  checkpointer?: SqliteCheckpointer;
  close(): Promise<void>;
};

/** The app's own SQLite connection of each client, once Prisma's adapter connected it. */
const appConnections = new WeakMap<Db, { readonly inTransaction: boolean }>();

/**
 * Whether a Prisma transaction is open on the app's SQLite connection (every one begins there),
 * or null when unknown (PostgreSQL, not connected yet): the batch writer (src/db/sqlite-writes.ts)
 * commits at once only while none is.
 */
export const appInTransaction = (db: Db): boolean | null => appConnections.get(db)?.inTransaction ?? null;

export type DatabaseOptions = {
  /** Called with every SQL statement Prisma sends (tests count them to catch N+1 queries). */
  onQuery?: (sql: string) => void;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * SQLite: WAL checkpoints in a worker thread instead of in the app's commits (default true;
   * short-lived commands may do without the thread).
   */
  backgroundCheckpoints?: boolean;
  /** Told once if the checkpointer's thread dies (the app's commits checkpoint again then). */
  onCheckpointerFailure?: (error: Error) => void;
};

/**
 * The app connection's SQLite page cache (KiB): 8 MB. At 64 MB it filled within minutes of the
 * engine's writes (results, runs, their indexes) and was the largest share of the server's C
 * memory: 102 MB of malloc heap against 41 MB with 8 MB (bench/engine.ts, 10,000 checks). A page
 * it no longer holds is read back from the OS's file cache, a copy of a few microseconds.
 */
export const SQLITE_CACHE_KIB = 8_192;

/** Opens the database named by DATABASE_URL; migrations are applied beforehand (src/db/migrate.ts). */
export async function openDatabase(databaseUrl: string, options: DatabaseOptions = {}): Promise<Database> {
  const provider = providerOf(databaseUrl);
  const log = options.onQuery ? [{ emit: "event" as const, level: "query" as const }] : [];
  let prisma: Db;
  let checkpointer: SqliteCheckpointer | undefined;
  let reads: ReturnType<typeof openSqliteReads> | undefined;
  if (provider === "sqlite") {
    const [{ PrismaClient }, { PrismaBetterSqlite3 }] = await Promise.all([
      import("../generated/sqlite/client.js"),
      import("@prisma/adapter-better-sqlite3"),
    ]);
    // better-sqlite3's `timeout` is SQLite's busy timeout: a writer waits for another process's
    // lock (the CLI beside a running server) instead of failing at once.
    const adapter = new PrismaBetterSqlite3({ url: sqlitePath(databaseUrl), timeout: 10_000 });
    const connect = adapter.connect.bind(adapter);
    adapter.connect = async () => {
      const connected = await connect();
      const { client } = connected as unknown as { client: SqliteConnection & { inTransaction: boolean } };
      reusePreparedStatements(client);
      appConnections.set(prisma, client);
      return connected;
    };
    prisma = new PrismaClient({ adapter, log }) as Db;
    // WAL is persistent (set by the migrator); synchronous=NORMAL is per connection and safe with WAL.
    await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await prisma.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
    await prisma.$queryRawUnsafe("PRAGMA foreign_keys = ON");
    // The WAL file shrinks back to 64 MB when a writer restarts it: the checkpointer thread
    // checkpoints PASSIVE (TRUNCATE would lock the engine's writers out), so a WAL a sweep grew is
    // not truncated to 0.
    await prisma.$queryRawUnsafe("PRAGMA journal_size_limit = 67108864");
    // SQLite's default page cache is 2 MB a connection: the pages a claim and a result batch touch
    // (the queue's and the results' index tails) stay in 8 MB; the rest comes from the OS's cache.
    await prisma.$queryRawUnsafe(`PRAGMA cache_size = -${SQLITE_CACHE_KIB}`);
    if (options.backgroundCheckpoints ?? true)
      checkpointer = await checkpointInBackground(prisma, databaseUrl, options);
    reads = openSqliteReads(sqlitePath(databaseUrl), options.onQuery);
  } else {
    const [{ PrismaClient }, { PrismaPg }] = await Promise.all([
      import("../generated/postgresql/client.js"),
      import("@prisma/adapter-pg"),
    ]);
    const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
    prisma = new PrismaClient({ adapter, log }) as unknown as Db;
    await prisma.$queryRawUnsafe("SELECT 1");
  }
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (prisma as unknown as { $on(event: "query", cb: (e: { query: string }) => void): void }).$on("query", (e) =>
      onQuery(e.query),
    );
  }
  const close = async () => {
    reads?.close();
    await checkpointer?.stop();
    await prisma.$disconnect();
  };
  const read: RawRead = reads?.read ?? ((sql) => prisma.$queryRaw(sql));
  return {
    prisma,
    provider,
    read,
    readJson: reads?.readJson,
    close,
    ...(checkpointer ? { checkpointer, checkpoints: checkpointer.stats } : {}),
  };
}

/**
 * A commit that pushes the WAL past wal_autocheckpoint (1,000 pages) copies it into the database
 * file itself, synchronously in the event loop (better-sqlite3), and every claim, result batch and
 * request of the instance waits. With the checkpointer's thread doing it, the app's commits never
 * checkpoint; should the thread die, they do again (the WAL must never grow without bound).
 */
async function checkpointInBackground(prisma: Db, databaseUrl: string, options: DatabaseOptions) {
  const report =
    options.onCheckpointerFailure ?? ((e) => console.error(`vigil: ${e.message}; commits checkpoint again`));
  await prisma.$queryRawUnsafe("PRAGMA wal_autocheckpoint = 0");
  return startSqliteCheckpointer(sqlitePath(databaseUrl), {
    appCheckpoints: (on) => {
      prisma.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${on ? 1000 : 0}`).catch(() => {});
    },
    onFailure: report,
  });
}

/**
 * Whether a client (or a transaction of it) talks to PostgreSQL, for the few statements that
 * differ (row-locking hints). Reads Prisma's own provider tag; both test projects cover each branch.
 */
export function isPostgres(db: DbOrTx): boolean {
  return (db as unknown as { _activeProvider?: string })._activeProvider === "postgresql";
}

import type { Config } from "./config.js";
import { ensureBootstrap } from "./domain/accounts/create.js";
import type { Logger } from "./logger.js";
import { openDatabase, type Database } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { redactUrl } from "./db/provider.js";

/** A start-up failure whose message is for the operator (printed as is, exit 1). */
export class StartupError extends Error {}

/** Migrates, connects and bootstraps; the database is ready for adapters when this returns. */
export async function prepareDatabase(
  config: Config,
  logger: Logger,
  onQuery?: (sql: string) => void,
): Promise<Database> {
  let database: Database;
  try {
    const report = await migrate(config.databaseUrl);
    if (report.applied.length) logger.info({ applied: report.applied }, "migrations applied");
    if (report.modified.length)
      logger.warn({ modified: report.modified }, "applied migrations were modified since they ran");
    database = await openDatabase(config.databaseUrl, {
      onQuery,
      onCheckpointerFailure: (error) =>
        logger.error({ err: error }, "the SQLite checkpointer thread died: commits checkpoint the WAL again"),
    });
  } catch (error) {
    throw new StartupError(
      `cannot open the database at DATABASE_URL=${redactUrl(config.databaseUrl)}: ${(error as Error).message}`,
    );
  }
  if (config.bootstrap) await ensureBootstrap({ db: database.prisma, ...config.bootstrap });
  return database;
}

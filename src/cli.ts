import { parseArgs } from "node:util";
import { loadConfig, ConfigError, type Config } from "./config.js";
import type { openDatabase } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { createAccount, getAccount } from "./domain/accounts/index.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./domain/api-keys/index.js";
import type { DomainContext } from "./domain/shared/context.js";
import { DomainError } from "./domain/shared/errors.js";
import { createInProcessBus } from "./events/bus.js";
import { exitIfStillRunningAfter } from "./http/shutdown-watchdog.js";
import { createLogger } from "./logger.js";
import { prepareDatabase, StartupError } from "./prepare-database.js";

const usage = `usage: vigil <command>
  serve                            run the service (REST, GraphQL, health) on PORT
  agent                            run a private-location agent (API_KEY=pl_..., VIGIL_URL,
                                   JOB_CONCURRENCY, AGENT_HEALTH_PORT, EXTERNAL_OBSERVABILITY)
  migrate                          apply pending database migrations
  accounts create --name NAME      create an account and its first API key
  keys create --account ID         create another API key for an account
  keys list --account ID [--json]  the account's keys: id, masked key, created, last used
  keys revoke --account ID --key KEYID
                                   revoke a key (not the account's last one); running servers
                                   refuse it within a second
Configuration comes from the environment: PORT, HOST, DATABASE_URL, VIGIL_ACCOUNT_ID,
VIGIL_API_KEY, RATE_LIMIT_PER_MINUTE, LOG_LEVEL (see docs/configuration.md).`;

class UsageError extends Error {}

/** Commands other than serve (and keys list without --json, a table) print exactly one JSON line on stdout; logs go to stderr. */
function print(value: unknown) {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

async function withDatabase<T>(
  config: Config,
  run: (db: Awaited<ReturnType<typeof openDatabase>>["prisma"]) => Promise<T>,
): Promise<T> {
  const database = await prepareDatabase(config, createLogger(config.logLevel, 2));
  try {
    return await run(database.prisma);
  } finally {
    await database.close();
  }
}

/** Rows as aligned columns, for people (the first row is the header). */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The CLI acts for an account as its own key would: the same domain verbs, no server (nor its bus) needed. */
async function forAccount<T>(config: Config, accountId: string, run: (ctx: DomainContext) => Promise<T>) {
  return withDatabase(config, async (db) => {
    await getAccount({ db, accountId });
    return run({ db, accountId, events: createInProcessBus(), now: () => new Date() });
  });
}

async function serve(config: Config) {
  // Loaded here: the server's modules (Fastify, GraphQL, the engine) would slow every other command.
  const { buildApp } = await import("./server.js");
  const app = await buildApp(config);
  await app.start();
  let signals = 0;
  const stop = (signal: string) => {
    if (++signals > 1) process.exit(1); // a second signal: stop now
    app.context.logger.info({ signal }, "signal received");
    // Whatever holds the stop past SHUTDOWN_TIMEOUT_MS + 2 s is named, and the process exits anyway.
    exitIfStillRunningAfter(config.shutdownTimeoutMs + 2_000, app.context.logger);
    app.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      account: { type: "string" },
      key: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, sub] = positionals;
  if (values.help) return void console.log(usage);
  if (!command) throw new UsageError("a command is needed");
  const config = loadConfig();
  switch (`${command}${sub ? ` ${sub}` : ""}`) {
    case "serve":
      return serve(config);
    case "migrate":
      return print(await migrate(config.databaseUrl));
    case "accounts create": {
      if (!values.name) throw new UsageError("accounts create needs --name NAME");
      const name = values.name;
      return print(
        await withDatabase(config, async (db) => {
          const account = await createAccount({ db, input: { name } });
          const { apiKey } = await createApiKey({ db, input: { accountId: account.id } });
          return { accountId: account.id, apiKey };
        }),
      );
    }
    case "keys create": {
      if (!values.account) throw new UsageError("keys create needs --account ID");
      const accountId = values.account;
      return print(
        await withDatabase(config, async (db) => ({
          apiKey: (await createApiKey({ db, input: { accountId } })).apiKey,
        })),
      );
    }
    case "keys list": {
      if (!values.account) throw new UsageError("keys list needs --account ID");
      const keys = await forAccount(config, values.account, (ctx) => listApiKeys({ ctx }));
      if (values.json) return print(keys);
      const rows = keys.map((k) => [k.id, k.maskedKey, k.createdAt.toISOString(), k.lastUsedAt?.toISOString() ?? "-"]);
      return void process.stdout.write(`${table([["ID", "KEY", "CREATED", "LAST USED"], ...rows])}\n`);
    }
    case "keys revoke": {
      if (!values.account || !values.key) throw new UsageError("keys revoke needs --account ID --key KEYID");
      const keyId = values.key;
      await forAccount(config, values.account, (ctx) => revokeApiKey({ ctx, keyId }));
      return print({ revoked: keyId });
    }
    default:
      throw new UsageError(`unknown command '${[command, sub].filter(Boolean).join(" ")}'`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(`vigil: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof StartupError || error instanceof DomainError) {
    console.error(`vigil: ${error.message}`);
    process.exit(1);
  }
  console.error("vigil: unexpected error:", error);
  process.exit(1);
});

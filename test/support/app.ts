// Starts the real service (buildApp) on a free loopback port over a fresh migrated database of the
// current provider. Each call owns its account: a random VIGIL_ACCOUNT_ID and VIGIL_API_KEY.
import { randomBytes, randomUUID } from "node:crypto";
import { loadConfig } from "../../src/config.js";
import { createAccount, createApiKey } from "../../src/domain/accounts/create.js";
import { buildApp, type App } from "../../src/server.js";
import { migratedDatabaseUrl } from "./database.js";

export type TestApp = {
  app: App;
  url: string;
  accountId: string;
  apiKey: string;
  databaseUrl: string;
  /** Another account with its own key, on the same server: for tenant-isolation tests. */
  newAccount: (name?: string) => Promise<{ accountId: string; apiKey: string }>;
  stop: () => Promise<void>;
};

export async function startTestApp(
  env: Record<string, string> = {},
  options: { onQuery?: (sql: string) => void } = {},
): Promise<TestApp> {
  const accountId = randomUUID();
  const apiKey = `vg_test_${randomBytes(16).toString("hex")}`;
  const databaseUrl = env.DATABASE_URL ?? (await migratedDatabaseUrl());
  // The rate limit is off unless a test asks for it: suites send many requests with one key.
  const config = loadConfig({
    PORT: "0",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "0",
    ENGINE_ENABLED: "false",
    VIGIL_ACCOUNT_ID: accountId,
    VIGIL_API_KEY: apiKey,
    DATABASE_URL: databaseUrl,
    ...env,
  });
  const app = await buildApp(config, options);
  const { url } = await app.start();
  const db = app.context.database.prisma;
  const newAccount = async (name = "Other account") => {
    const account = await createAccount({ db, input: { name } });
    const { apiKey: key } = await createApiKey({ db, input: { accountId: account.id } });
    return { accountId: account.id, apiKey: key };
  };
  return { app, url, accountId, apiKey, databaseUrl, newAccount, stop: () => app.stop() };
}

export function bearer(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, ...extra };
}

export async function graphql(
  base: string,
  query: string,
  headers: Record<string, string> = {},
  variables?: Record<string, unknown>,
) {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json, application/json",
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] },
  };
}

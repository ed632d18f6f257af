// Starts the real service (buildApp) on a free loopback port over a fresh migrated database of the
// current provider. Each call owns its account: a random VIGIL_ACCOUNT_ID and VIGIL_API_KEY.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../../src/config.js";
import { createAccount } from "../../src/domain/accounts/create.js";
import { createApiKey } from "../../src/domain/api-keys/create.js";
import { buildApp, type App } from "../../src/server.js";
import { migratedDatabaseUrl } from "./database.js";
import { restClient, type RestClient } from "./rest.js";

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

export type TestAppOptions = NonNullable<Parameters<typeof buildApp>[1]>;

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const accountId = randomUUID();
  const apiKey = `vg_test_${randomBytes(16).toString("hex")}`;
  const databaseUrl = env.DATABASE_URL ?? (await migratedDatabaseUrl());
  // Check results' files go to a directory of this app's own (removed at stop), not ./data/artifacts.
  const artifacts = env.ARTIFACTS_DIR ? null : mkdtempSync(join(tmpdir(), "vigil-test-artifacts-"));
  // The rate limits (per key and per key-less address) are off unless a test asks for it: suites send many requests with one key.
  const config = loadConfig({
    PORT: "0",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "0",
    KEYLESS_RATE_LIMIT_PER_MINUTE: "0",
    ENGINE_ENABLED: "false",
    VIGIL_ACCOUNT_ID: accountId,
    VIGIL_API_KEY: apiKey,
    DATABASE_URL: databaseUrl,
    ...(artifacts ? { ARTIFACTS_DIR: artifacts } : {}),
    ...env,
  });
  // The key watch (lastUsedAt, revocations from other processes) is off unless a test asks for it:
  // its SQL every second would mix with the statements tests count.
  const app = await buildApp(config, { keyWatchMs: null, ...options });
  const { url } = await app.start();
  const db = app.context.database.prisma;
  const newAccount = async (name = "Other account") => {
    const account = await createAccount({ db, input: { name } });
    const { apiKey: key } = await createApiKey({ db, input: { accountId: account.id } });
    return { accountId: account.id, apiKey: key };
  };
  const stop = async () => {
    await app.stop();
    if (artifacts) rmSync(artifacts, { recursive: true, force: true });
  };
  return { app, url, accountId, apiKey, databaseUrl, newAccount, stop };
}

export type Gql = (query: string, variables?: Record<string, unknown>, key?: string) => ReturnType<typeof graphql>;

/** The app of a test file (or describe block), started by `useTestApp`; read its fields in tests and hooks. */
export type TestAppHandle = TestApp & {
  /** The app's Prisma client. */
  db: App["context"]["database"]["prisma"];
  /** A REST client with the account's key. */
  api: RestClient;
  /** A GraphQL request, with the account's key unless another is given. */
  gql: Gql;
};

/**
 * Starts the app in a `beforeAll` and stops it in an `afterAll` of the current file or describe
 * block. The fields read the started app, so use them in tests and in hooks declared after this
 * call (before-hooks run in order, after-hooks in reverse: the app is stopped last).
 */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestAppHandle {
  let started: TestApp | undefined;
  const current = () => {
    if (!started) throw new Error("useTestApp: the app starts in beforeAll; read it in a test or a later hook");
    return started;
  };
  beforeAll(async () => {
    started = await startTestApp(env, options);
  });
  afterAll(() => started?.stop());
  const rest = () => restClient(current().url, current().apiKey);
  return {
    get app() {
      return current().app;
    },
    get url() {
      return current().url;
    },
    get accountId() {
      return current().accountId;
    },
    get apiKey() {
      return current().apiKey;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    get db() {
      return current().app.context.database.prisma;
    },
    newAccount: (name) => current().newAccount(name),
    stop: () => current().stop(),
    api: {
      get: (path) => rest().get(path),
      post: (path, body) => rest().post(path, body),
      put: (path, body) => rest().put(path, body),
      delete: (path) => rest().delete(path),
      raw: (method, path, init) => rest().raw(method, path, init),
    },
    gql: (query, variables, key) => graphql(current().url, query, bearer(key ?? current().apiKey), variables),
  };
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

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthenticator } from "../../../src/auth/authenticate.js";
import type { Database } from "../../../src/db/client.js";
import { createAccount, ensureBootstrap } from "../../../src/domain/accounts/create.js";
import { createApiKey } from "../../../src/domain/api-keys/create.js";
import { hashKey } from "../../../src/domain/api-keys/keys.js";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "../../../src/domain/shared/errors.js";
import { testDatabase, testProvider } from "../../support/database.js";

describe(`accounts and keys on ${testProvider}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("bootstrap is idempotent and stores only the key's hash", async () => {
    const accountId = randomUUID();
    const apiKey = `bootstrap-key-${randomUUID()}`;
    await ensureBootstrap({ db: database.prisma, accountId, apiKey });
    await ensureBootstrap({ db: database.prisma, accountId, apiKey });
    await Promise.all([
      ensureBootstrap({ db: database.prisma, accountId, apiKey }),
      ensureBootstrap({ db: database.prisma, accountId, apiKey }),
    ]).catch(() => undefined);

    expect(await database.prisma.account.count({ where: { id: accountId } })).toBe(1);
    const keys = await database.prisma.apiKey.findMany({ where: { accountId } });
    expect(keys).toHaveLength(1);
    expect(keys[0]?.keyHash).toBe(hashKey(apiKey));
    expect(JSON.stringify(keys)).not.toContain(apiKey);
  });

  it("refuses to bootstrap a key that belongs to another account", async () => {
    const apiKey = `shared-key-${randomUUID()}`;
    await ensureBootstrap({ db: database.prisma, accountId: randomUUID(), apiKey });
    await expect(ensureBootstrap({ db: database.prisma, accountId: randomUUID(), apiKey })).rejects.toThrow(
      /another account/,
    );
  });

  it("creates accounts with vg_ keys, and no key for an unknown account", async () => {
    const account = await createAccount({ db: database.prisma, input: { name: "Acme" } });
    const { apiKey } = await createApiKey({ db: database.prisma, input: { accountId: account.id } });
    expect(apiKey).toMatch(/^vg_[A-Za-z0-9_-]{32}$/);
    await expect(createApiKey({ db: database.prisma, input: { accountId: randomUUID() } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("authenticates a Bearer key, refuses a wrong one, and checks x-service-account", async () => {
    const auth = createAuthenticator({ db: database.prisma, rateLimitPerMinute: 0 });
    const account = await createAccount({ db: database.prisma, input: { name: "Auth" } });
    const { apiKey } = await createApiKey({ db: database.prisma, input: { accountId: account.id } });

    expect(await auth.authenticate({ authorization: `Bearer ${apiKey}` })).toMatchObject({ accountId: account.id });
    expect(await auth.authenticate({ authorization: `bearer ${apiKey}`, serviceAccount: account.id })).toMatchObject({
      accountId: account.id,
    });
    await expect(auth.authenticate({ authorization: `Bearer ${apiKey}x` })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(auth.authenticate({ authorization: apiKey })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(auth.authenticate({})).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(
      auth.authenticate({ authorization: `Bearer ${apiKey}`, serviceAccount: randomUUID() }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      auth.authenticate({ authorization: `Bearer ${apiKey}`, serviceAccount: "not-a-uuid" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});

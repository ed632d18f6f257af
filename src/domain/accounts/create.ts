import type { Db, DbOrTx } from "../../db/client.js";
import type { DomainContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import { parseInput } from "../validation.js";
import { generateKey, hashKey } from "./keys.js";
import { CreateAccountInput, CreateApiKeyInput, CreateOwnApiKeyInput } from "./schemas.js";
import { toApiKeyView } from "./view.js";

/** What a key's row stores of the key itself: its hash, first characters and last 4. */
const keyData = (key: string) => ({ keyHash: hashKey(key), prefix: key.slice(0, 7), last4: key.slice(-4) });

export async function createAccount({ db, input }: { db: DbOrTx; input: CreateAccountInput }) {
  const data = parseInput(CreateAccountInput, input);
  return db.account.create({ data, select: { id: true, name: true, createdAt: true } });
}

/** Creates an API key; the key itself is returned once and only its hash is stored. */
export async function createApiKey({ db, input }: { db: DbOrTx; input: CreateApiKeyInput }) {
  const { accountId, key = generateKey("vg_"), name } = parseInput(CreateApiKeyInput, input);
  const account = await db.account.findUnique({ where: { id: accountId }, select: { id: true } });
  if (!account) throw new NotFoundError("account", accountId);
  const row = await db.apiKey.create({ data: { accountId, ...keyData(key), name } });
  return { id: row.id, accountId, apiKey: key, view: toApiKeyView(row) };
}

/** A new key of the caller's account (REST, GraphQL): the key in this answer only, then its masked form. */
export async function createOwnApiKey({ ctx, input }: { ctx: DomainContext; input: unknown }) {
  const { name } = parseInput(CreateOwnApiKeyInput, input ?? {});
  const { apiKey, view } = await createApiKey({ db: ctx.db, input: { accountId: ctx.accountId, name } });
  return { ...view, key: apiKey };
}

/**
 * Start-up bootstrap: makes sure the account and the key named by VIGIL_ACCOUNT_ID and
 * VIGIL_API_KEY exist. Idempotent, and safe when several instances start at once.
 */
export async function ensureBootstrap({ db, accountId, apiKey }: { db: Db; accountId: string; apiKey: string }) {
  const keyHash = hashKey(apiKey);
  await db.account.upsert({ where: { id: accountId }, create: { id: accountId, name: "Default account" }, update: {} });
  const existing = await db.apiKey.findUnique({ where: { keyHash }, select: { accountId: true } });
  if (existing && existing.accountId !== accountId) {
    throw new Error("VIGIL_API_KEY is already the key of another account; choose another key");
  }
  await db.apiKey.upsert({
    where: { keyHash },
    create: { accountId, ...keyData(apiKey), name: "bootstrap (VIGIL_API_KEY)" },
    update: {},
  });
}
